// damka train table-results: game results corrected by the endgame tables (a tiny English
// build, 3 pieces, in a temp dir).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesUpTo } from '../src/egdb/balance.ts';
import { buildTables } from '../src/egdb/build.ts';
import { EndgameTables } from '../src/egdb/tables.ts';
import { DRAW, LOSS, WIN } from '../src/egdb/values.ts';
import { parseFen } from '../src/notation/fen.ts';
import { Position, WHITE } from '../src/rules/position.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { RECORD_INTS, concatRecords, gameRecords, loadRecords, readRecord, saveRecords } from '../src/train/records.ts';
import { tableResults } from '../src/train/table-results.ts';
import { playSelfPlayGame } from '../src/train/selfplay-game.ts';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { defaultOpenings } from '../src/match/openings.ts';
import { Searcher } from '../src/search/search.ts';
import { damka } from './helpers/engine-process.ts';

const fen = (text: string) => ENGLISH.fromBoard(parseFen(ENGLISH, text));
let dir: string;
let tables: EndgameTables;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'damka-table-results-'));
  buildTables(ENGLISH, balancesUpTo(3), dir);
  tables = new EndgameTables(ENGLISH, dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Too many pieces for the tables.
const MIDDLE = 'B:W21,22,23,24,K30:B1,2,3,9,K12';
const MIDDLE_WHITE = 'W:W21,22,23,24,K30:B1,2,3,9,K12';
// Two kings against one, either side to move: White wins (the tables' values are checked below).
const WON_WHITE_TO_MOVE = 'W:WK1,K3:BK28';
const WON_BLACK_TO_MOVE = 'B:WK1,K3:BK28';
// A king each: a draw.
const KING_EACH = 'W:WK10:BK28';

/** White's score of each record of `records`, from its side to move's result. */
function whiteScores(records: Int32Array): number[] {
  const pos = new Position();
  return Array.from({ length: records.length / RECORD_INTS }, (_, i) => {
    const { result } = readRecord(records, i, pos);
    return pos.side === WHITE ? result / 2 : 1 - result / 2;
  });
}

describe('train table-results', () => {
  it('uses positions the tables value as the fixtures say', () => {
    expect(tables.probe(fen(WON_WHITE_TO_MOVE))).toBe(WIN);
    expect(tables.probe(fen(WON_BLACK_TO_MOVE))).toBe(LOSS);
    expect(tables.probe(fen(KING_EACH))).toBe(DRAW);
    expect(tables.probe(fen(MIDDLE))).toBe(-1);
  });

  it('gives every position of a game the result of its first table position, and each later one its own', () => {
    const records = concatRecords([
      // Drawn as played, won by the tables from its third position: all White wins.
      gameRecords([fen(MIDDLE), fen(MIDDLE_WHITE), fen(WON_BLACK_TO_MOVE), fen(WON_WHITE_TO_MOVE)], 0.5, 0, [10, -20, 300, 400]),
      // Never reaches the tables: as played.
      gameRecords([fen(MIDDLE), fen(MIDDLE_WHITE)], 0, 1),
      // Won by White as played, a table draw first: all draws.
      gameRecords([fen(MIDDLE_WHITE), fen(KING_EACH)], 1, 2),
      // A table win spoiled into a table draw (then drawn as played): a win up to the slip, a draw after.
      gameRecords([fen(MIDDLE), fen(WON_WHITE_TO_MOVE), fen(KING_EACH)], 0.5, 3),
      // Already what the tables say: nothing changes.
      gameRecords([fen(MIDDLE), fen(WON_BLACK_TO_MOVE)], 1, 4),
    ]);
    const { records: out, summary } = tableResults(records, tables);
    expect(whiteScores(out)).toEqual([1, 1, 1, 1, 0, 0, 0.5, 0.5, 1, 1, 0.5, 1, 1]);
    expect(whiteScores(records)).toEqual([0.5, 0.5, 0.5, 0.5, 0, 0, 1, 1, 0.5, 0.5, 0.5, 1, 1]);
    expect(summary).toMatchObject({ games: 5, reached: 4, changed: 3, positions: 8 });
    expect(Object.fromEntries(summary.changes)).toEqual({ '0.5>1': 2, '1>0.5': 1 });
    // Positions, game numbers and search scores stay as they were.
    const a = new Position(), b = new Position();
    for (let i = 0; i < records.length / RECORD_INTS; i++) {
      const before = readRecord(records, i, a), after = readRecord(out, i, b);
      expect(b.equals(a)).toBe(true);
      expect([after.game, after.score]).toEqual([before.game, before.score]);
    }
  });

  it('runs from the command line, and says so when there are no tables', () => {
    const work = mkdtempSync(join(tmpdir(), 'damka-table-results-cli-'));
    try {
      const data = join(work, 'in.bin'), out = join(work, 'out.bin');
      saveRecords(data, 'english', gameRecords([fen(MIDDLE), fen(WON_BLACK_TO_MOVE)], 0.5, 0));
      const r = damka('train', 'table-results', '--variant', 'english', '--data', data, '--out', out, '--egdb-path', dir);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^1 games, 1 reach the 3-piece tables, 1 of them with another result there \(White's score 0\.5 to 1: 1\); 2 of 2 positions relabelled/);
      expect(whiteScores(loadRecords(out, 'english'))).toEqual([1, 1]);
      const none = damka('train', 'table-results', '--variant', 'english', '--data', data, '--out', join(work, 'x.bin'), '--egdb-path', work);
      expect(none.code).not.toBe(0);
      expect(none.err).toMatch(/no english endgame tables in .*damka egdb build --variant english/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('self-play with tables ends a game at its first position they hold, with their value as its result, and keeps none of theirs', () => {
    const searcher = new Searcher(ENGLISH, 1, {}, new ClassicEvaluator(ENGLISH));
    searcher.useTables(tables);
    const openings = defaultOpenings(ENGLISH);
    let ended = 0;
    for (let g = 0; g < 12; g++) {
      const spec = { id: g, opening: openings[g], seed: g + 1, randomPlies: 4, nodes: 200, maxPlies: 300 };
      const game = playSelfPlayGame(ENGLISH, searcher, spec, tables);
      const pos = new Position();
      for (let i = 0; i < game.records.length / RECORD_INTS; i++) {
        readRecord(game.records, i, pos);
        expect(tables.probe(pos)).toBe(-1);
      }
      expect(whiteScores(game.records).every((s) => s === game.whiteScore)).toBe(true);
      if (game.tablePosition === null) continue;
      ended++;
      const value = tables.probe(game.tablePosition);
      const stm = value === WIN ? 1 : value === LOSS ? 0 : 0.5;
      expect(game.whiteScore).toBe(game.tablePosition.side === WHITE ? stm : 1 - stm);
      // The same game again, the same end.
      const again = playSelfPlayGame(ENGLISH, searcher, spec, tables);
      expect(again.tablePosition!.equals(game.tablePosition)).toBe(true);
      expect(Array.from(again.records)).toEqual(Array.from(game.records));
    }
    // These seeds' games reach three pieces (a change in the search may change which).
    expect(ended).toBeGreaterThan(0);
  });

  it('train selfplay --egdb-path refuses a directory without tables, and counts the games the tables ended', () => {
    const work = mkdtempSync(join(tmpdir(), 'damka-selfplay-egdb-'));
    try {
      const r = damka('train', 'selfplay', '--variant', 'english', '--games', '2', '--nodes', '100', '--threads', '1', '--egdb-path', work, '--out', join(work, 'x.bin'));
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/no english endgame tables in .*damka egdb build --variant english/);
      const ok = damka('train', 'selfplay', '--variant', 'english', '--games', '8', '--nodes', '200', '--threads', '1', '--egdb-path', dir, '--out', join(work, 'y.bin'));
      expect(ok.err).toBe('');
      expect(ok.out).toMatch(/^8 games \(White \+\d+ =\d+ -\d+, \d+ plies a game, \d+ ended by the tables\), \d+ quiet positions/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
