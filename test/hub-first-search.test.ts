// `damka hub` when lines arrive joined in one read, and on the first search of a process or a
// game: a stop that comes with its go, tables up to the advertised maximum, 0.1 s a move.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { INTERNATIONAL } from '../src/rules/variants.ts';
import { EngineProcess } from './helpers/engine-process.ts';

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

const START = formatHubPosition(INTERNATIONAL, INTERNATIONAL.toBoard(INTERNATIONAL.startPosition()));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function ready(ttMb = 64): Promise<EngineProcess> {
  // The warm-up on, as users have it: the first search is what it is for.
  const p = new EngineProcess(['hub'], { DAMKA_WARM_UP: '1' });
  running.push(p);
  // The first search, not a move from the shipped book.
  p.send('hub', `set-param name=tt-size value=${ttMb}`, 'set-param name=book value=false', 'init');
  await p.expect(/^ready$/, 30_000);
  return p;
}

/** Several lines in one write, so that the engine reads them together. */
function joined(p: EngineProcess, ...lines: string[]): void {
  p.child.stdin.write(lines.map((l) => `${l}\n`).join(''));
}

function legalDone(line: string): void {
  const m = line.match(/^done move=(\S+)/);
  expect(m, line).not.toBeNull();
  parseMove(INTERNATIONAL, new Game(INTERNATIONAL).position, m![1]);
}

describe('damka hub: lines that arrive together', () => {
  it('obeys a stop that comes in the same read as its go, in every mode', async () => {
    const p = await ready();
    for (const mode of ['analyze', 'think', 'ponder']) {
      const t0 = performance.now();
      // With no limit, only the stop can end these searches.
      joined(p, `pos pos=${START}`, 'level infinite', `go ${mode}`, 'stop');
      legalDone(await p.expect(/^done /, 5000));
      expect(performance.now() - t0, mode).toBeLessThan(1000);
    }
    // The stop ended each search and nothing more: the session goes on as usual (ping is
    // answered during the search, so before its done).
    joined(p, 'level depth=2', 'go think', 'ping');
    await p.expect(/^pong$/);
    legalDone(await p.expect(/^done /));
    expect(p.lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});

describe('damka hub: the first search', () => {
  it('honours stop at once with the largest table: first search, after a resize, after new-game', async () => {
    const p = await ready(4096);
    const stops: number[] = [];
    for (const before of [[], ['set-param name=tt-size value=2048'], ['new-game']]) {
      joined(p, ...before, `pos pos=${START}`, 'level infinite', 'go analyze');
      await p.expect(/^info depth=2 /, 5000);
      await sleep(100);
      const t0 = performance.now();
      p.send('stop');
      legalDone(await p.expect(/^done /, 30_000));
      stops.push(performance.now() - t0);
    }
    // The issue asks for 50 ms; a busy test machine may be late once, never by much.
    expect(median(stops)).toBeLessThan(50);
    expect(Math.max(...stops)).toBeLessThan(250);
  });

  it('keeps to 0.1 s a move on the first move of a fresh process, with a large table', async () => {
    const p = await ready(2048);
    const t0 = performance.now();
    joined(p, `pos pos=${START}`, 'level move-time=0.1', 'go think');
    legalDone(await p.expect(/^done /, 30_000));
    // 100 ms, and room for a heavily loaded machine; zeroing the 2 GB table alone took 9 s.
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
