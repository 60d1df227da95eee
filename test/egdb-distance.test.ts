// Distances to conversion (src/egdb/generate.ts, table-move.ts): exact by their definition
// on small balances, the engine's move from them at a won or lost root, and distance files
// that are missing, damaged or disagree with their moves. Only tiny balances are built.

import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balance, balanceName, balancesUpTo } from '../src/egdb/balance.ts';
import { buildTables } from '../src/egdb/build.ts';
import { DTC_FILE, decodeTable, encodeTable } from '../src/egdb/table-file.ts';
import { tableMove } from '../src/egdb/table-move.ts';
import { EndgameTables, distanceFile } from '../src/egdb/tables.ts';
import { LOSS, WIN, packedValue } from '../src/egdb/values.ts';
import { checkTable } from '../src/egdb/verify.ts';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { CROWNS, MoveList } from '../src/rules/move.ts';
import { Position, WHITE, popcount } from '../src/rules/position.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { formatScore } from '../src/search/score-text.ts';
import { Searcher } from '../src/search/search.ts';
import { TABLE_DISTANCE_WIN, TABLE_WIN_BOUND } from '../src/search/table-score.ts';

const fen = (text: string) => ENGLISH.fromBoard(parseFen(ENGLISH, text));
const kkK: Balance = { myMen: 0, myKings: 2, theirMen: 0, theirKings: 1 };
const kKK: Balance = { myMen: 0, myKings: 1, theirMen: 0, theirKings: 2 };

let dir: string;
let english: EndgameTables;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'damka-dtc-'));
  buildTables(ENGLISH, balancesUpTo(3), dir);
  buildTables(INTERNATIONAL, balancesUpTo(3).filter((b) => b.myMen + b.theirMen === 0), dir);
  english = new EndgameTables(ENGLISH, dir);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('distances', () => {
  it('satisfy their definition on every table built here (which only the exact distances do)', () => {
    // checkTable recomputes each win as 1 + the nearest move to a loss and each loss as 1 +
    // the farthest move, conversions 1. Those equations have one solution in whole numbers:
    // at the least value where stored and true distances differ, one of them would have a
    // successor that already disagrees below it.
    const international = new EndgameTables(INTERNATIONAL, dir);
    for (const b of balancesUpTo(3)) {
      const r = checkTable(ENGLISH, english, b);
      expect(r.distances, balanceName(b)).toBe(true);
      expect(r.errorCount, `${balanceName(b)}: ${r.errors.join('; ')}`).toBe(0);
    }
    for (const b of [kkK, kKK]) {
      const r = checkTable(INTERNATIONAL, international, b);
      expect(r.distances && r.errorCount === 0, balanceName(b)).toBe(true);
    }
  });

  it('count 0 for a side with no move, 1 for a capture into a won balance, and more for a win that must manoeuvre', () => {
    // The White man on 5 is blocked by the king on 1: no move, the game is over.
    expect(english.probe(fen('W:W5:BK1'))).toBe(LOSS);
    expect(english.distance(fen('W:W5:BK1'))).toBe(0);
    // 14 takes 18 and the lone king is gone.
    expect(english.probe(fen('W:WK14,K1:BK18'))).toBe(WIN);
    expect(english.distance(fen('W:WK14,K1:BK18'))).toBe(1);
    // A king in the double corner against two far away: a long way to the capture.
    const far = english.distance(fen('W:WK29,K30:BK1'));
    expect(far).toBeGreaterThan(10);
    expect(far % 2).toBe(1); // the winner moves first and last
  });

  it('lead both sides to the conversion in exactly the root\'s distance, the winner\'s every move a ply nearer', () => {
    const { index, data } = english.table(kkK);
    const pos = new Position(), child = new Position(), list = new MoveList();
    let tried = 0;
    for (let i = 0; i < index.size && tried < 200; i += 61) {
      if (packedValue(data, i) !== WIN) continue;
      index.setPosition(i, pos);
      tried++;
      let current = pos.clone();
      const start = english.distance(current);
      let plies = 0, converted = false;
      while (!converted) {
        const n = ENGLISH.generate(current, list);
        const move = tableMove(ENGLISH, english, current, list, n);
        expect(move, `${i} after ${plies} plies`).not.toBeNull();
        expect(move!.distance).toBe(start - plies);
        converted = list.captures[move!.index] !== 0 || (list.flags[move!.index] & CROWNS) !== 0;
        ENGLISH.make(child, current, list, move!.index);
        current = child.clone();
        plies++;
      }
      expect(plies).toBe(start);
    }
    expect(tried).toBeGreaterThan(50);
  });
});

describe('the engine at a won or lost root', () => {
  it('plays the tables\' move without searching, scored by the distance, and shows it', () => {
    const s = new Searcher(ENGLISH, 4);
    s.useTables(english);
    const root = fen('W:WK29,K30:BK1');
    const d = english.distance(root);
    const r = s.search(root, { limits: { depth: 20 } });
    expect(r.nodes).toBe(0);
    expect(r.tbDistance).toBe(d);
    expect(r.score).toBe(TABLE_DISTANCE_WIN - d);
    expect(formatScore(r.score)).toBe(`win (tables, converts in ${d})`);
    expect(r.pv.length).toBeGreaterThan(1);
    // The move is one the tables count a ply nearer.
    expect(english.distance(ENGLISH.play(root, r.move!))).toBe(d - 1);
    const lost = s.search(fen('B:WK29,K30:BK1'), { limits: { depth: 20 } });
    expect(lost.score).toBe(-(TABLE_DISTANCE_WIN - lost.tbDistance!));
    expect(formatScore(lost.score)).toMatch(/^loss \(tables, converts in \d+\)$/);
  });

  it('searches instead where the tables\' move would bring back a position of the game', () => {
    const s = new Searcher(ENGLISH, 4);
    s.useTables(english);
    const root = fen('W:WK29,K30:BK1');
    const again = ENGLISH.play(root, s.search(root, { limits: { depth: 4 } }).move!);
    // The game had that position before (its key one ply back; the rest of the game's keys do not matter here).
    const history = { lo: Int32Array.of(again.keyLo, root.keyLo), hi: Int32Array.of(again.keyHi, root.keyHi) };
    const r = s.search(root, { history, limits: { depth: 4 } });
    expect(r.tbDistance).toBeUndefined();
    expect(r.nodes).toBeGreaterThan(0);
    expect(r.score).toBeGreaterThanOrEqual(TABLE_WIN_BOUND);
  });

  it('wins two kings against a king from the double corner, the first capture within the distance', () => {
    const game = new Game(ENGLISH, fen('W:WK23,K26:BK1'));
    const d = english.distance(game.position);
    const strong = new Searcher(ENGLISH, 4);
    strong.useTables(english);
    const weak = new Searcher(ENGLISH, 4);
    const pieces = () => { const p = game.position; return popcount(p.wLo) + popcount(p.wHi) + popcount(p.bLo) + popcount(p.bHi); };
    let firstCapture = -1;
    while (game.status().result === '*') {
      const s = game.position.side === WHITE ? strong : weak;
      const before = pieces();
      game.play(s.search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes: 2000 } }).move!);
      if (firstCapture < 0 && pieces() < before) firstCapture = game.ply;
    }
    expect(game.status().result).toBe('1-0');
    // The loser may give a king up earlier (K v K with the capture to come), never later.
    expect(firstCapture).toBeGreaterThan(0);
    expect(firstCapture).toBeLessThanOrEqual(d);
  });
});

describe('distance files', () => {
  const root = () => fen('W:WK29,K30:BK1');
  const withFile = (balance: Balance, spoil: (file: Buffer) => Buffer, body: (tables: EndgameTables, reports: string[]) => void) => {
    const file = distanceFile(dir, ENGLISH, balance);
    const good = readFileSync(file);
    try {
      writeFileSync(file, spoil(good));
      const reports: string[] = [];
      body(new EndgameTables(ENGLISH, dir, (m) => reports.push(m)), reports);
    } finally {
      writeFileSync(file, good);
    }
  };
  const searchWith = (tables: EndgameTables) => {
    const s = new Searcher(ENGLISH, 4);
    s.useTables(tables);
    return s.search(root(), { limits: { depth: 4 } });
  };

  it('a damaged one is refused with the reason, once, and the search plays the win as before', () => {
    withFile(kKK, (f) => { const g = Buffer.from(f); g[g.length - 3] ^= 0x10; return g; }, (tables, reports) => {
      expect(tables.distance(ENGLISH.play(root(), ENGLISH.legalMoves(root())[0]))).toBe(-1);
      const r = searchWith(tables);
      expect(r.tbDistance).toBeUndefined();
      expect(r.nodes).toBeGreaterThan(0);
      expect(r.score).toBeGreaterThanOrEqual(TABLE_WIN_BOUND);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(/K-KK\.dtc refused \(.*(checksum|decompress).*\); its wins are played by search instead/);
      expect(tables.probe(root())).toBe(WIN); // the win/draw/loss table is untouched
    });
  });

  it('a table\'s file is never read as distances, nor distances as a table', () => {
    withFile(kkK, () => readFileSync(join(dir, 'english', 'KK-K.egdb')), (tables, reports) => {
      expect(tables.distance(root())).toBe(-1);
      expect(reports[0]).toMatch(/not a Damka distance file/);
    });
  });

  it('one that is sound but disagrees with its moves is reported and not used again', () => {
    // Every distance one more: each file intact, but the root no longer 1 + its best move.
    withFile(kkK, (f) => {
      const positions = english.table(kkK).index.size;
      const distances = decodeTable(f, 'english', kkK, positions, DTC_FILE).map((d) => d + 1);
      return encodeTable('english', kkK, positions, distances, DTC_FILE);
    }, (tables, reports) => {
      const r = searchWith(tables);
      expect(r.tbDistance).toBeUndefined();
      expect(r.score).toBeGreaterThanOrEqual(TABLE_WIN_BOUND);
      expect(reports.join('\n')).toMatch(/KK-K and its mirror disagree \(distance \d+ stored, \d+ by its moves\)/);
      expect(tables.distance(root())).toBe(-1);
      expect(searchWith(tables).tbDistance).toBeUndefined();
      expect(reports).toHaveLength(1);
    });
  });

  it('a build makes a missing one again and keeps the sound ones', () => {
    const file = distanceFile(dir, ENGLISH, kKK);
    const good = readFileSync(file);
    unlinkSync(file);
    const reports = buildTables(ENGLISH, balancesUpTo(3), dir);
    expect(reports.filter((r) => !r.kept).map((r) => balanceName(r.balance)).sort()).toEqual(['K-KK', 'KK-K']);
    expect(readFileSync(file).equals(good)).toBe(true);
    const kk = reports.find((r) => balanceName(r.balance) === 'KK-K')!;
    expect(kk.maxDistance).toBeGreaterThan(10);
    expect(kk.distanceBytes).toBeGreaterThan(0);
  });
});
