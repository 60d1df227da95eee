// Endgame tables: the index, known results from draughts theory, and files that are
// missing or damaged. Only small balances are built here (a few seconds); full builds and
// the check over every table are `damka egdb build` and `damka egdb check`.

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balance, balanceName, balancesUpTo } from '../src/egdb/balance.ts';
import { buildTables } from '../src/egdb/build.ts';
import { BalanceIndex } from '../src/egdb/index.ts';
import { EndgameTables, tableFile } from '../src/egdb/tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN, packedValue } from '../src/egdb/values.ts';
import { checkTable } from '../src/egdb/verify.ts';
import { parseFen } from '../src/notation/fen.ts';
import { Position } from '../src/rules/position.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { build } from './helpers/build.ts';

const fen = (variant: Variant, text: string) => variant.fromBoard(parseFen(variant, text));
const LONG_DIAGONAL = [5, 10, 14, 19, 23, 28, 32, 37, 41, 46];
/** Only kings, one side alone: closed under captures, so solvable without the men's tables. */
const loneKingEndings = (n: number) => balancesUpTo(n).filter((b) => b.myMen + b.theirMen === 0 && (b.myKings === 1 || b.theirKings === 1));

/** Every placement of the balance with White to move, listed square by square without the index. */
function placements(variant: Variant, b: Balance): Position[] {
  const n = variant.geometry.squares, perRow = variant.geometry.perRow;
  const out: Position[] = [];
  const kinds: ('W' | 'WK' | 'B' | 'BK')[] = [...Array(b.myMen).fill('W'), ...Array(b.myKings).fill('WK'), ...Array(b.theirMen).fill('B'), ...Array(b.theirKings).fill('BK')];
  const squares: number[] = [];
  const place = (k: number) => {
    if (k === kinds.length) {
      const pick = (kind: string) => squares.filter((_, i) => kinds[i] === kind);
      out.push(build(variant, 'W', { white: pick('W'), whiteKings: pick('WK'), black: pick('B'), blackKings: pick('BK') }));
      return;
    }
    // Like pieces in ascending order, so each placement is listed once.
    const from = k > 0 && kinds[k - 1] === kinds[k] ? squares[k - 1] + 1 : 1;
    for (let sq = from; sq <= n; sq++) {
      if (squares.includes(sq)) continue;
      if (kinds[k] === 'W' && sq <= perRow) continue; // a White man on its crowning row
      if (kinds[k] === 'B' && sq > n - perRow) continue;
      squares.push(sq);
      place(k + 1);
      squares.pop();
    }
  };
  place(0);
  return out;
}

describe('the index', () => {
  const cases: [Variant, string, Balance[]][] = [
    [ENGLISH, 'every English balance of up to three pieces', balancesUpTo(3)],
    [INTERNATIONAL, 'International balances of two pieces, and three with men on both sides or kings on both',
      [...balancesUpTo(2), ...balancesUpTo(3).filter((b) => ['MM-M', 'KM-K', 'K-KK'].includes(balanceName(b)))]],
  ];
  for (const [variant, what, balances] of cases) {
    it(`is a bijection on ${what}`, () => {
      const back = new Position();
      for (const b of balances) {
        const index = new BalanceIndex(variant.geometry, b);
        const all = placements(variant, b);
        expect(all.length, balanceName(b)).toBe(index.size);
        // Plain checks in the loop (expect per placement is slow); the first failure is kept.
        const seen = new Uint8Array(index.size);
        let failure = '';
        for (const pos of all) {
          const i = index.indexOf(pos);
          if (!(Number.isInteger(i) && i >= 0 && i < index.size)) failure ||= `index ${i} out of range`;
          else if (seen[i]) failure ||= `index ${i} given twice`;
          else {
            seen[i] = 1;
            index.setPosition(i, back);
            if (!back.equals(pos)) failure ||= `index ${i} does not lead back`;
          }
        }
        expect(failure, balanceName(b)).toBe('');
      }
    });
  }

  it('sizes a four-piece balance with men on both back rows as the combinations say', () => {
    // Two White men (not on row 1 of 8), a Black man (not on row 8), a Black king: men blocks
    // by how many stand on the rows only one colour's men may use.
    const index = new BalanceIndex(ENGLISH.geometry, { myMen: 2, myKings: 0, theirMen: 1, theirKings: 1 });
    let men = 0;
    for (let w = 0; w <= 2; w++) for (let bl = 0; bl <= 1; bl++) men += binom(4, w) * binom(4, bl) * binom(24, 2 - w) * binom(24 - (2 - w), 1 - bl);
    expect(index.size).toBe(men * 29);
  });
});

function countValues(data: Uint8Array, size: number): { wins: number; draws: number; losses: number } {
  const counts = { wins: 0, draws: 0, losses: 0 };
  for (let i = 0; i < size; i++) {
    const v = packedValue(data, i);
    if (v === WIN) counts.wins++;
    else if (v === LOSS) counts.losses++;
    else counts.draws++;
  }
  return counts;
}

function binom(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

describe('known results', () => {
  let dir: string;
  let english: EndgameTables;
  let international: EndgameTables;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
    buildTables(ENGLISH, balancesUpTo(3), dir);
    // Kings only, one side alone, needs no other balances. Four pieces, not five: the shipped
    // five-piece set, built by this code, is probed in egdb-shipped.test.ts, and a five-piece
    // build here took 8 of this file's 38 seconds.
    buildTables(ENGLISH, loneKingEndings(4), dir);
    buildTables(INTERNATIONAL, loneKingEndings(4), dir);
    english = new EndgameTables(ENGLISH, dir);
    international = new EndgameTables(INTERNATIONAL, dir);
  }, 600_000); // about 20 s of processor time; the limit is generous for a loaded machine at low priority
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('English: two kings beat a king, a king against a king is a draw', () => {
    expect(english.probe(fen(ENGLISH, 'W:WK1,K3:BK28'))).toBe(WIN);
    expect(english.probe(fen(ENGLISH, 'B:WK1,K3:BK28'))).toBe(LOSS);
    // The lone king in the double corner still loses.
    expect(english.probe(fen(ENGLISH, 'B:WK14,K19:BK1'))).toBe(LOSS);
    expect(english.probe(fen(ENGLISH, 'W:WK10:BK28'))).toBe(DRAW);
    expect(english.probe(fen(ENGLISH, 'B:WK10:BK28'))).toBe(DRAW);
    // ...unless one takes the other at once.
    expect(english.probe(fen(ENGLISH, 'W:WK10:BK14'))).toBe(WIN);
  });

  /** Values of every position with the lone (Black) king to move on the long diagonal and no capture, by whether a White king is on it too. */
  function loneKingOnDiagonal(kings: number): { free: Map<string, number>; shared: Map<string, number> } {
    const free = new Map<string, number>(), shared = new Map<string, number>();
    const place = (from: number, chosen: number[], sq: number) => {
      if (chosen.length === kings) {
        const p = build(INTERNATIONAL, 'B', { whiteKings: chosen, blackKings: [sq] });
        if (INTERNATIONAL.hasCapture(p)) return;
        const target = chosen.some((c) => LONG_DIAGONAL.includes(c)) ? shared : free;
        target.set(`B:WK${chosen.join(',K')}:BK${sq}`, international.probe(p));
        return;
      }
      for (let a = from; a <= 50; a++) if (a !== sq) place(a + 1, [...chosen, a], sq);
    };
    for (const sq of LONG_DIAGONAL) place(1, [], sq);
    return { free, shared };
  }
  const notDrawn = (m: Map<string, number>) => [...m].filter(([, v]) => v !== DRAW).map(([f]) => f);

  it('International: two kings against a king on the long diagonal, to move, with no capture and no White king on the diagonal, are a draw', () => {
    const { free, shared } = loneKingOnDiagonal(2);
    expect(free.size).toBeGreaterThan(6000);
    expect(notDrawn(free)).toEqual([]);
    // With a White king on the diagonal too, the lone king can be caught: from the corner it
    // must step along the diagonal towards the king at the other end, which takes it.
    expect(international.probe(fen(INTERNATIONAL, 'B:WK1,K46:BK5'))).toBe(LOSS);
    expect(notDrawn(shared).length).toBeGreaterThan(0);
  });

  it('International: three kings beat a king kept off the long diagonal, not one that holds it', () => {
    // White to move takes the diagonal (23) before the lone king on 3 can get there.
    expect(international.probe(fen(INTERNATIONAL, 'W:WK23,K31,K36:BK3'))).toBe(WIN);
    // Black to move on 3, hemmed in by the kings on 4, 8 and 12: every move loses, 3-14 onto the diagonal too.
    expect(international.probe(fen(INTERNATIONAL, 'B:WK4,K8,K12:BK3'))).toBe(LOSS);
    // Holding the diagonal safely (to move, no capture, no White king on it): always a draw.
    const { free } = loneKingOnDiagonal(3);
    expect(free.size).toBeGreaterThan(80000);
    expect(notDrawn(free)).toEqual([]);
    expect(international.probe(fen(INTERNATIONAL, 'W:WK1,K2,K3:BK46'))).toBe(DRAW);
  });

  it('English, in a four-piece build: three kings beat a king', () => {
    // The three kings to move: every placement is a win (the value as stored, for the side to move).
    const strong = english.table({ myMen: 0, myKings: 3, theirMen: 0, theirKings: 1 });
    expect(strong.index.size).toBe(binom(32, 3) * 29);
    expect(countValues(strong.data, strong.index.size)).toEqual({ wins: strong.index.size, draws: 0, losses: 0 });
    // The lone king to move with nothing to take: every placement is a loss for it. (With a
    // capture it may take kings and get away with a draw or better: not this ending any more.)
    const weak = english.table({ myMen: 0, myKings: 1, theirMen: 0, theirKings: 3 });
    const pos = new Position();
    let quiet = 0, notLost = 0;
    for (let i = 0; i < weak.index.size; i++) {
      weak.index.setPosition(i, pos);
      if (ENGLISH.hasCapture(pos)) continue;
      quiet++;
      if (packedValue(weak.data, i) !== LOSS) notLost++;
    }
    expect(quiet).toBeGreaterThan(weak.index.size / 2);
    expect(notLost).toBe(0);
  });

  it('every table built here agrees with its moves', () => {
    for (const b of balancesUpTo(3)) expect(checkTable(ENGLISH, english, b).errorCount, balanceName(b)).toBe(0);
    for (const b of loneKingEndings(3)) expect(checkTable(INTERNATIONAL, international, b).errorCount, balanceName(b)).toBe(0);
  });
});

describe('missing and damaged files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
    buildTables(ENGLISH, balancesUpTo(2), dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const kk: Balance = { myMen: 0, myKings: 1, theirMen: 0, theirKings: 1 };
  const position = () => fen(ENGLISH, 'W:WK10:BK28');

  it('a missing table is reported once and its positions are unknown', () => {
    const other = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
    try {
      buildTables(ENGLISH, balancesUpTo(2), other);
      unlinkSync(tableFile(other, ENGLISH, kk));
      const reports: string[] = [];
      const tables = new EndgameTables(ENGLISH, other, (m) => reports.push(m));
      expect(tables.probe(position())).toBe(UNKNOWN);
      expect(tables.probe(position())).toBe(UNKNOWN);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(/K-K\.egdb is missing/);
      // The others still answer.
      expect(tables.probe(fen(ENGLISH, 'W:W14:BK28'))).not.toBe(UNKNOWN);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a small set is read whole up front (then probing touches no file), a large one left to load when needed', () => {
    const other = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
    try {
      buildTables(ENGLISH, balancesUpTo(2), other);
      const files = readdirSync(join(other, 'english')).filter((f) => f.endsWith('.egdb'));
      expect(new EndgameTables(ENGLISH, other).preload(10)).toBe(0);
      const tables = new EndgameTables(ENGLISH, other);
      expect(tables.preload(16 * 1024 * 1024)).toBe(files.length);
      rmSync(join(other, 'english'), { recursive: true });
      expect(tables.probe(position())).toBe(DRAW);
      expect(tables.probe(fen(ENGLISH, 'W:W14:BK28'))).not.toBe(UNKNOWN);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  const damage: [string, (file: Buffer) => Buffer, RegExp][] = [
    ['a flipped value bit', (f) => { const g = Buffer.from(f); g[g.length - 3] ^= 0x10; return g; }, /checksum|decompress/],
    ['a cut-off end', (f) => f.subarray(0, f.length - 5), /payload|truncated/],
    ['another file entirely', () => Buffer.from('hello, world\n'), /not a Damka endgame table|truncated/],
    ['another variant', (f) => Buffer.from(f.toString('latin1').replace('english', 'englisX'), 'latin1'), /for englisX/],
    ['another format version', (f) => { const g = Buffer.from(f); g[10] = 99; return g; }, /format version 99/],
  ];
  for (const [what, spoil, why] of damage) {
    it(`a file with ${what} is refused with the reason`, () => {
      const file = tableFile(dir, ENGLISH, kk);
      const good = readFileSync(file);
      try {
        writeFileSync(file, spoil(good));
        const reports: string[] = [];
        const tables = new EndgameTables(ENGLISH, dir, (m) => reports.push(m));
        expect(tables.probe(position())).toBe(UNKNOWN);
        expect(reports).toHaveLength(1);
        expect(reports[0]).toMatch(why);
      } finally {
        writeFileSync(file, good);
      }
      expect(new EndgameTables(ENGLISH, dir).probe(position())).toBe(DRAW);
    });
  }

  it('a rebuild replaces a damaged file and keeps the sound ones', () => {
    const file = tableFile(dir, ENGLISH, kk);
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, 20));
    const reports = buildTables(ENGLISH, balancesUpTo(2), dir);
    expect(reports.filter((r) => !r.kept).map((r) => balanceName(r.balance))).toEqual(['K-K']);
    expect(readFileSync(file).equals(good)).toBe(true);
  });
});
