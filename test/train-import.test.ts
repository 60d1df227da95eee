// damka train import: the positions of PDN games, with their results, as training records.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatPdnGame } from '../src/notation/pdn.ts';
import { Position } from '../src/rules/position.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { importPdn } from '../src/train/pdn-import.ts';
import { RECORD_INTS, loadRecords, readRecord } from '../src/train/records.ts';
import { isQuiet, isStandPat } from '../src/train/selfplay-game.ts';
import { damka } from './helpers/engine-process.ts';
import { randomGame } from './helpers/random-game.ts';

/** The positions before each move of a game. */
function positionsOf(game: Game): Position[] {
  const replay = new Game(game.variant, game.startPosition);
  return game.moves.map((m) => { const p = replay.position.clone(); replay.play(m, true); return p; });
}

describe('train import', () => {
  it('keeps the quiet positions of each finished game, in order, with the result from the side to move', () => {
    const games = [randomGame(ENGLISH, 1, 400), randomGame(ENGLISH, 2, 400), randomGame(ENGLISH, 3, 400)];
    const results = ['1-0', '0-1', '1/2-1/2'] as const;
    const text = games.map((g, i) => formatPdnGame(g, { White: 'A', Black: 'B', Result: results[i] })).join('\n');
    const got = importPdn(ENGLISH, text, { firstGame: 40 });
    expect(got.games).toBe(3);
    expect([got.whiteWins, got.draws, got.blackWins]).toEqual([1, 1, 1]);

    const expected = games.flatMap((g, i) => positionsOf(g).filter((p) => isQuiet(ENGLISH, p)).map((p) => ({ p, game: i, white: [1, 0, 0.5][i] })));
    expect(expected.length).toBeGreaterThan(30);
    expect(got.records.length / RECORD_INTS).toBe(expected.length);
    const pos = new Position();
    expected.forEach((e, i) => {
      const r = readRecord(got.records, i, pos);
      expect(pos.equals(e.p)).toBe(true);
      expect(pos.side).toBe(e.p.side);
      expect(r.result / 2).toBe(e.p.side === 0 ? e.white : 1 - e.white);
      expect(r.score).toBeNull();
      expect(r.game).toBe(40 + e.game);
    });
  });

  it('with keepThreats also keeps the positions where only the opponent can capture', () => {
    const game = randomGame(INTERNATIONAL, 5, 200);
    const text = formatPdnGame(game, { Result: '1/2-1/2' });
    const quiet = importPdn(INTERNATIONAL, text).records.length / RECORD_INTS;
    const standPat = importPdn(INTERNATIONAL, text, { keepThreats: true }).records.length / RECORD_INTS;
    const positions = positionsOf(game);
    expect(quiet).toBe(positions.filter((p) => isQuiet(INTERNATIONAL, p)).length);
    expect(standPat).toBe(positions.filter((p) => isStandPat(INTERNATIONAL, p)).length);
    expect(standPat).toBeGreaterThan(quiet);
  });

  it('leaves out unfinished games and counts them', () => {
    const done = formatPdnGame(randomGame(ENGLISH, 7, 400), { Result: '1/2-1/2' });
    const open = formatPdnGame(randomGame(ENGLISH, 8, 30), { Result: '*' });
    const got = importPdn(ENGLISH, `${open}\n${done}`);
    expect(got.games).toBe(1);
    expect(got.unfinished).toBe(1);
    const pos = new Position();
    expect(readRecord(got.records, 0, pos).game).toBe(0);
  });

  it('refuses a game of another variant or with an illegal move, naming the game', () => {
    const english = formatPdnGame(randomGame(ENGLISH, 9, 40), { White: 'A', Black: 'B', Result: '1/2-1/2' });
    expect(() => importPdn(INTERNATIONAL, english)).toThrow(/game 1 \(A - B\): a game of english, not international/);
    const illegal = '[GameType "21"]\n[Result "1-0"]\n\n1. 11-15 24-20 2. 15-24 1-0\n';
    expect(() => importPdn(ENGLISH, `${english}\n${illegal}`)).toThrow(/game 2: move 3 \(15-24\)/);
  });
});

describe('damka train import', () => {
  it('writes a data file that loads as training records, and reports bad input without a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'damka-import-'));
    try {
      const pdn = join(dir, 'games.pdn');
      writeFileSync(pdn, [1, 2].map((s) => formatPdnGame(randomGame(ENGLISH, s, 400), { Result: '1/2-1/2' })).join('\n'));
      const out = join(dir, 'games.bin');
      const r = damka('train', 'import', '--variant', 'english', '--pdn', pdn, '--out', out);
      expect(r.code).toBe(0);
      const count = Number(/(\d+) quiet positions/.exec(r.out)?.[1]);
      expect(r.out).toMatch(/^2 games \(White \+0 =2 -0\), \d+ quiet positions -> /);
      expect(loadRecords(out, 'english').length / RECORD_INTS).toBe(count);

      for (const [args, message] of [
        [['--variant', 'international', '--pdn', pdn], /games\.pdn: game 1: a game of english, not international/],
        [['--variant', 'english', '--pdn', join(dir, 'none.pdn')], /cannot read .*none\.pdn/],
      ] as const) {
        const bad = damka('train', 'import', ...args, '--out', join(dir, 'bad.bin'));
        expect(bad.code).toBe(2);
        expect(bad.err).toMatch(message);
        expect(bad.err).not.toMatch(/\n\s+at /);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
