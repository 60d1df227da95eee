// The match runner's referee under a clock, with real Damka engines and with fake engines
// that misbehave on purpose (test/fixtures/fake-hub-engine.mjs): time forfeits and time odds.
// Timed, so it runs in the serial group (vitest.config.ts); the untimed match tests are in
// match-games.test.ts.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMatch } from '../src/match/match.ts';
import { INTERNATIONAL } from '../src/rules/variants.ts';

const CLI = fileURLToPath(new URL('../dist/damka.js', import.meta.url));
const FAKE = fileURLToPath(new URL('./fixtures/fake-hub-engine.mjs', import.meta.url));
const damka = { command: `"${process.execPath}" "${CLI}" hub`, params: { variant: 'english', 'tt-size': '8' } };
const fake = (mode: string) => ({ command: `"${process.execPath}" "${FAKE}" ${mode}`, params: {} });

describe('damka match under a clock', () => {
  it('scores an illegal move, a time forfeit and a crash as losses, and restarts the crashed engine', async () => {
    const reasons: string[] = [];
    // A generous tolerance, so that Damka's own 0.1 s moves are safe on a loaded machine.
    const run = (bad: string, tc: Parameters<typeof runMatch>[0]['tc'], games = 2) => runMatch({
      variant: INTERNATIONAL, engines: [{ ...damka, params: { 'tt-size': '8' } }, fake(bad)], tc, openings: [{ id: '1', moves: [] }],
      games, concurrency: 1, maxPlies: 300, tolerance: 0.5, onGame: (_r, _w, _b, o) => reasons.push(o.reason),
    });
    const illegal = await run('illegal', { kind: 'depth', depth: 1 });
    expect(illegal.engines[1].losses).toBe(2);
    expect(reasons.splice(0)).toEqual([expect.stringMatching(/Fake-illegal\) played an illegal move 1-2/), expect.stringMatching(/Fake-illegal\) played an illegal move 1-2/)]);
    // No answer at all within the allowance plus a second, and an answer that comes too late.
    const slow = await run('slow', { kind: 'move-time', seconds: 0.1 }, 1);
    expect(slow.engines[1].losses).toBe(1);
    expect(reasons.splice(0)[0]).toMatch(/Fake-slow\) lost on time \(no answer\)/);
    const late = await run('late', { kind: 'move-time', seconds: 0.1 }, 1);
    expect(late.engines[1].losses).toBe(1);
    expect(reasons.splice(0)[0]).toMatch(/Fake-late\) lost on time \(1\.\d\d s\)/);
    const crash = await run('crash', { kind: 'depth', depth: 1 });
    expect(crash.engines[1].losses).toBe(2);
    expect(crash.engines[0].wins).toBe(2);
    for (const r of reasons.splice(0)) expect(r).toMatch(/Fake-crash\) crashed: .*exited \(code 3\)/);
  }, 60_000);

  it('gives an engine time odds: its move time or clock is the control times its factor', async () => {
    // The late engine answers after 1.2 s (an illegal move): beyond 0.5 s + 0.5 s of tolerance,
    // within twice 0.5 s + 0.5 s; on a 0.6 s clock, within twice 0.6 s + 0.5 s.
    const reasons: string[] = [];
    const run = (tc: Parameters<typeof runMatch>[0]['tc'], timeFactor?: number) => runMatch({
      variant: INTERNATIONAL, engines: [{ ...damka, params: { 'tt-size': '8' } }, { ...fake('late'), timeFactor }], tc,
      openings: [{ id: '1', moves: [] }], games: 1, concurrency: 1, maxPlies: 300, tolerance: 0.5,
      onGame: (_r, _w, _b, o) => reasons.push(o.reason),
    });
    await run({ kind: 'move-time', seconds: 0.5 });
    await run({ kind: 'move-time', seconds: 0.5 }, 2);
    await run({ kind: 'clock', seconds: 0.6, inc: 0, moves: 0 });
    await run({ kind: 'clock', seconds: 0.6, inc: 0, moves: 0 }, 2);
    expect(reasons[0]).toMatch(/Fake-late\) lost on time/);
    expect(reasons[1]).toMatch(/Fake-late\) played an illegal move 1-2/);
    expect(reasons[2]).toMatch(/Fake-late\) lost on time/);
    expect(reasons[3]).toMatch(/Fake-late\) played an illegal move 1-2/);
  }, 60_000);

});
