// Single-thread perft speed of games side by side, each from where its published table starts
// (test/data/perft-starts.ts: the 8x8 family's tables start from 12 men a side) and checked
// against test/data/perft.json where it has a table. By default the 10x10 games (International,
// Killer, Antidraughts, Breakthrough, Frisian, Frysk!); `--variants 8x8` for English and the
// 8x8 family, `--variants all` for every game with a table, or a list such as
// `international,english,canadian`. Medians of several runs: the machine is shared.
//   node dist/perft-speed.js [--depth 7] [--runs 5] [--variants international,killer|8x8|all]

import perftTable from '../test/data/perft.json' with { type: 'json' };
import { parseFen } from '../src/notation/fen.ts';
import type { Variant } from '../src/rules/variant.ts';
import { getVariant } from '../src/rules/variants.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { perftStart } from '../test/data/perft-starts.ts';
import { arg, checkArgs } from './args.ts';
import { median } from './median.ts';

checkArgs('perft-speed', ['depth', 'runs', 'variants', 'fen'], 'node dist/perft-speed.js [--depth 7] [--runs 5] [--variants international,killer,...|8x8|all] [--fen FEN: time that position instead]');

const depth = Number(arg('depth', '7'));
const runs = Number(arg('runs', '5'));
const GROUPS: Record<string, string> = {
  '10x10': 'international,killer,antidraughts,breakthrough,frisian,frysk',
  '8x8': 'english,brazilian,russian,pool,czech,spanish,italian,thai',
};
const table = perftTable as unknown as Record<string, { fen?: string; counts?: number[]; positions?: { fen: string; counts: number[] }[] }>;
const asked = arg('variants', '10x10');
const names = (asked === 'all' ? Object.keys(table).filter((k) => table[k].counts !== undefined).join(',') : GROUPS[asked] ?? asked).split(',');
const fenArg = arg('fen', '');

function time(variant: Variant, fen: string | undefined, expected: number | undefined, label: string): void {
  const runner = new PerftRunner(variant);
  const root = fen ? variant.fromBoard(parseFen(variant, fen)) : perftStart(variant);
  const times: number[] = [];
  let leaves = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    leaves = runner.run(root, depth);
    times.push(performance.now() - t0);
  }
  const ms = median(times);
  const check = expected === undefined ? 'no table' : leaves === expected ? 'matches the table' : `MISMATCH (table ${expected})`;
  console.log(`${label.padEnd(28)} perft ${depth} ${String(leaves).padStart(11)}  median ${(ms / 1000).toFixed(3)}s  ${(leaves / ms / 1000).toFixed(2).padStart(6)} Mleaves/s  ${check}`);
}

console.log(`perft speed, node ${process.version}, 1 thread, ${runs} runs each`);
for (const name of names) {
  const variant = getVariant(name);
  const entry = table[variant.name];
  if (fenArg) {
    time(variant, fenArg, undefined, `${variant.name} --fen`);
    continue;
  }
  time(variant, undefined, entry?.counts?.[depth - 1], `${variant.name} table start`);
  for (const [k, p] of (entry?.positions ?? []).entries()) time(variant, p.fen, p.counts[depth - 1], `${variant.name} position ${k + 1}`);
}
