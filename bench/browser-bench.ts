// The library in headless Chromium against Node on the same machine: the search bench
// positions at fixed depth through the public engine API (a Web Worker in the page, a worker
// thread in Node; each position from an empty table), the browser bundles' sizes, and the
// time from loading the play page to the engine's first move.
//
//   node dist/browser-bench.js [--variant english|international] [--depth N] [--runs 3] [--loads 5]

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import * as api from '../src/api/index.ts';
import { getVariant } from '../src/rules/variants.ts';
import { BENCH_DEPTH, readBenchPositions } from '../src/tools/search-bench.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { startWebServer } from '../src/web/server.ts';
import { Progress } from '../src/cli/progress.ts';
import { CHROMIUM, NO_CHROMIUM, hasChromium, launchChromium } from '../test/helpers/chromium.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('browser-bench', ['variant', 'depth', 'runs', 'loads'], 'node dist/browser-bench.js [--variant english|international] [--depth N] [--runs 3] [--loads 5]');

interface Totals { nodes: number; ms: number }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const variants = arg('variant', 'english,international').split(',').map((v) => getVariant(v).name);
const runs = Number(arg('runs', '3'));
const loads = Number(arg('loads', '5'));
const progress = new Progress();

if (!hasChromium) {
  console.error(NO_CHROMIUM.replace('browser tests skipped', 'browser bench impossible'));
  process.exit(2);
}

function bundleSizes(): void {
  console.log(`${'bundle'.padEnd(30)}    raw      gzip`);
  for (const file of ['dist/browser/damka.js', 'dist/browser/damka-worker.js', 'dist/web/app.js', 'dist/web/index.html', 'dist/web/style.css']) {
    const bytes = readFileSync(packageFile(file));
    console.log(`${file.padEnd(30)} ${(bytes.length / 1024).toFixed(1).padStart(6)} KB ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(6)} KB`);
  }
}

type Api = typeof import('../src/api/index.ts');

/**
 * The bench searches through an engine of `api`: the Node entry here, the browser bundle in
 * the page, where this function's source runs as it stands (so it uses nothing but its
 * arguments).
 */
async function benchSearches(api: Pick<Api, 'DraughtsGame' | 'createEngine'>, variant: string, fens: string[], depth: number): Promise<Totals> {
  const engine = api.createEngine({ tableMb: 16 });
  let nodes = 0, ms = 0;
  for (const fen of fens) {
    engine.newGame();
    const r = await engine.analyse(api.DraughtsGame.create(variant, fen), { depth });
    nodes += r.nodes;
    ms += r.timeMs;
  }
  await engine.close();
  return { nodes, ms };
}

async function browserRun(page: Page, variant: string, fens: string[], depth: number): Promise<Totals & { agent: string }> {
  const script = `(async () => {
    if (!crossOriginIsolated) throw new Error('the page is not cross-origin isolated');
    const totals = await (${benchSearches.toString()})(await import('/damka.js'), ...${JSON.stringify([variant, fens, depth])});
    return { ...totals, agent: navigator.userAgent };
  })()`;
  return await page.evaluate(script) as Totals & { agent: string };
}

const report = (label: string, totals: Totals[]) => {
  const nps = median(totals.map((t) => t.nodes / t.ms / 1000));
  console.log(`${label.padEnd(34)} nodes ${String(totals[0].nodes).padStart(10)}  median ${(median(totals.map((t) => t.ms)) / 1000).toFixed(2)} s  ${nps.toFixed(2)} Mnodes/s  (${totals.length} runs)`);
  return nps;
};

const server = await startWebServer(0);
const browser = await launchChromium();
try {
  bundleSizes();
  const page = await browser.context.newPage();
  // Human to move first: the page's own engine stays idle while the bench runs.
  await page.goto(`${server.url}?variant=international&human=white`);
  for (const name of variants) {
    const positions = readBenchPositions(getVariant(name));
    const depth = Number(arg('depth', String(BENCH_DEPTH[name])));
    const fens = positions.map((p) => p.fen);
    const inNode: Totals[] = [], inBrowser: Totals[] = [];
    let agent = '';
    for (let i = 0; i < runs; i++) {
      progress.update(`${name}: run ${i + 1}/${runs} in Node`);
      inNode.push(await benchSearches(api, name, fens, depth));
      progress.update(`${name}: run ${i + 1}/${runs} in Chromium`);
      const r = await browserRun(page, name, fens, depth);
      agent = r.agent;
      inBrowser.push(r);
    }
    progress.done();
    console.log(`\n${name}: ${positions.length} positions, depth ${depth}`);
    const n = report('Node (worker thread)', inNode);
    const b = report(`Chromium (Web Worker)`, inBrowser);
    console.log(`browser/Node speed ${(b / n).toFixed(2)}; same node count: ${inNode[0].nodes === inBrowser[0].nodes ? 'yes' : 'NO'}  (${agent.match(/Chrome\/[\d.]+/)?.[0] ?? CHROMIUM})`);
  }

  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    progress.update(`page load ${i + 1}/${loads}`);
    const fresh = await browser.context.newPage();
    await fresh.goto(`${server.url}?variant=english&human=white&time=0.1`);
    await fresh.waitForFunction(() => (window as unknown as { damkaTimings: { firstEngineMove?: number } }).damkaTimings.firstEngineMove !== undefined);
    times.push(await fresh.evaluate(() => (window as unknown as { damkaTimings: { firstEngineMove: number } }).damkaTimings.firstEngineMove));
    await fresh.close();
  }
  progress.done();
  console.log(`\npage load to the engine's first move (English, engine opens at 0.1 s a move): median ${median(times).toFixed(0)} ms of ${loads} loads (${times.map((t) => t.toFixed(0)).join(', ')})`);
} finally {
  await browser.close();
  await server.close();
}
