// The learned evaluation: its features against a slow reading of the board, colour symmetry,
// the weights file's checks, the fitter on data with known answers, and the self-play data.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { NetworkEvaluator } from '../src/eval/network/evaluator.ts';
import { WideNetworkEvaluator } from '../src/eval/network/wide-evaluator.ts';
import { PatternEvaluator } from '../src/eval/pattern/evaluator.ts';
import { PatternFeatures, REGION_PATTERNS } from '../src/eval/pattern/features.ts';
import { readPatternWeightsFile } from '../src/eval/read-weights.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { type PatternWeights, WEIGHTS_VERSION, WEIGHT_UNITS, decodeWeights, encodeWeights } from '../src/eval/pattern/weights-file.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { defaultOpenings } from '../src/match/openings.ts';
import { BLACK_KING, BLACK_MAN, type Board, WHITE_KING, WHITE_MAN } from '../src/rules/board.ts';
import { Position } from '../src/rules/position.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import type { SparseData } from '../src/train/dataset.ts';
import { fitWeights, scoreRows, spreadPhases } from '../src/train/fit.ts';
import { logLoss } from '../src/train/logistic.ts';
import { TiedPatterns } from '../src/train/tied-patterns.ts';
import { RECORD_INTS, SCORE_CLAMP, loadRecords, readRecord, saveRecords, writeRecord } from '../src/train/records.ts';
import { isQuiet, playSelfPlayGame } from '../src/train/selfplay-game.ts';
import { rng } from './reference/random-positions.ts';
import { manUpAtStart, mirror, samplePositions } from './helpers/sample-positions.ts';


function randomWeights(variant: Variant, seed: number, patternKings = true, phases = 2, moverPatterns = false, denseRegions = false): PatternWeights {
  const size = new PatternFeatures(variant, { moverPatterns, denseRegions }).size;
  const random = rng(seed);
  const w = () => Int16Array.from({ length: size }, () => Math.round((random() - 0.5) * 2000));
  return { variant: variant.name, phases: Array.from({ length: phases }, w), patternKings, moverPatterns, denseRegions };
}

/**
 * The regions as square lists, from the rule book's geometry: the 4x4 blocks every 2 rows and
 * files; with `dense` (8x8) then the 4x4 blocks at every other row and file offset, row-major,
 * and every pair of neighbouring rows from the top.
 */
function regionSquares(variant: Variant, dense: boolean): number[][] {
  const g = variant.geometry;
  const within = (r0: number, f0: number, h: number, w: number) => {
    const squares: number[] = [];
    for (let sq = 1; sq <= g.squares; sq++) if (g.row(sq) >= r0 && g.row(sq) < r0 + h && g.file(sq) >= f0 && g.file(sq) < f0 + w) squares.push(sq);
    return squares;
  };
  const out: number[][] = [];
  for (let r0 = 0; r0 + 4 <= g.rows; r0 += 2) for (let f0 = 0; f0 + 4 <= g.rows; f0 += 2) out.push(within(r0, f0, 4, 4));
  if (dense) {
    for (let r0 = 0; r0 + 4 <= g.rows; r0++) for (let f0 = 0; f0 + 4 <= g.rows; f0++) if (r0 % 2 === 1 || f0 % 2 === 1) out.push(within(r0, f0, 4, 4));
    for (let r0 = 0; r0 + 2 <= g.rows; r0++) out.push(within(r0, 0, 2, g.rows));
  }
  return out;
}

/**
 * expect(actual).toEqual(expected), compared cheaply first: the features of 1,500 positions
 * make hundreds of thousands of comparisons, and an expect() costs far more than one.
 */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/**
 * A slow reading of the region patterns straight from the rule book's squares: which 3^8
 * pattern each region shows from each side (Black's reading of a region is White's of the
 * board turned and colours swapped). The fast extractor must agree.
 */
function slowPatternIndices(variant: Variant, board: Board, kings: boolean, dense = false): number[] {
  const n = variant.geometry.squares;
  const out: number[] = [];
  let region = 0;
  for (const squares of regionSquares(variant, dense)) {
    expect(squares.length).toBe(8);
    let white = 0, black = 0;
    // A king reads as a man of its colour, or (version 1) as an empty square.
    const piece = (p: number) => (kings && p === WHITE_KING ? WHITE_MAN : kings && p === BLACK_KING ? BLACK_MAN : p);
    squares.forEach((sq, k) => {
      const here = piece(board.squares[sq]), turned = piece(board.squares[n + 1 - sq]);
      white += 3 ** k * (here === WHITE_MAN ? 1 : here === BLACK_MAN ? 2 : 0);
      black += 3 ** k * (turned === BLACK_MAN ? 1 : turned === WHITE_MAN ? 2 : 0);
    });
    out.push(region * REGION_PATTERNS + white, region * REGION_PATTERNS + black);
    region++;
  }
  return out;
}

/**
 * The scalar terms (SCALARS, White's side) read slowly, square by square from the rule book's
 * geometry, for the fast bitboard counts to be checked against.
 */
function slowScalars(variant: Variant, board: Board): number[] {
  const g = variant.geometry;
  const at = (sq: number) => board.squares[sq];
  const empty = (sq: number) => sq !== 0 && at(sq) === 0;
  const count = (p: number) => board.squares.filter((s, sq) => sq > 0 && s === p).length;
  const wm = count(WHITE_MAN), bm = count(BLACK_MAN), wk = count(WHITE_KING), bk = count(BLACK_KING);
  const t = { kingMobility: 0, manMobility: 0, tempo: 0, runaway: 0, runawayAdvance: 0, blocked: 0, diagonal: 0, wBal: 0, bBal: 0 };
  for (let sq = 1; sq <= g.squares; sq++) {
    const piece = at(sq);
    if (piece === 0) continue;
    const white = piece === WHITE_MAN || piece === WHITE_KING, sign = white ? 1 : -1;
    if (piece === WHITE_KING || piece === BLACK_KING) {
      for (const dir of [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT]) {
        for (let to = g.neighbour(sq, dir); empty(to); to = variant.flyingKings ? g.neighbour(to, dir) : 0) t.kingMobility += sign;
      }
      if (g.row(sq) + g.file(sq) === g.rows - 1) t.diagonal += sign;
      continue;
    }
    const steps = (white ? [UP_LEFT, UP_RIGHT] : [DOWN_LEFT, DOWN_RIGHT]).filter((d) => empty(g.neighbour(sq, d))).length;
    t.manMobility += sign * steps;
    if (steps === 0) t.blocked += sign;
    const advanced = white ? g.rows - 1 - g.row(sq) : g.row(sq);
    t.tempo += sign * advanced;
    if (g.file(sq) < g.rows / 2) { if (white) t.wBal++; else t.bBal++; } else if (white) t.wBal--; else t.bBal--;
    // A runaway: no opposing piece on a square it could be stopped from (rows ahead, within reach).
    const opposing = white ? [BLACK_MAN, BLACK_KING] : [WHITE_MAN, WHITE_KING];
    const caught = board.squares.some((s, sq2) => {
      const ahead = white ? g.row(sq) - g.row(sq2) : g.row(sq2) - g.row(sq);
      return sq2 > 0 && opposing.includes(s) && ahead > 0 && Math.abs(g.file(sq2) - g.file(sq)) <= ahead;
    });
    if ((white ? bk : wk) === 0 && !caught) { t.runaway += sign; t.runawayAdvance += sign * advanced; }
  }
  const firstKing = (wk > 0 && bk === 0 ? 1 : 0) - (bk > 0 && wk === 0 ? 1 : 0);
  return [wm - bm, wk - bk, firstKing, t.kingMobility, t.manMobility, Math.abs(t.wBal) - Math.abs(t.bBal),
    t.tempo, t.runaway, t.runawayAdvance, t.blocked, t.diagonal];
}

describe('pattern features', () => {
  for (const variant of [ENGLISH, INTERNATIONAL]) {
    it(`${variant.name}: every region's pattern, from both sides, equals a slow reading of the board (kings as pieces, and as empty squares)`, () => {
      const f = new PatternFeatures(variant);
      const dense = variant.geometry.rows === 8 ? new PatternFeatures(variant, { denseRegions: true }) : null;
      const idxD = new Int32Array(dense?.maxFeatures ?? 0), valD = new Float64Array(dense?.maxFeatures ?? 0);
      const v1 = new PatternFeatures(variant, { patternKings: false });
      const mover = new PatternFeatures(variant, { moverPatterns: true });
      const idxM = new Int32Array(f.maxFeatures), valM = new Float64Array(f.maxFeatures);
      const table = f.regions * REGION_PATTERNS;
      const idx = new Int32Array(f.maxFeatures), val = new Float64Array(f.maxFeatures);
      const idx1 = new Int32Array(f.maxFeatures), val1 = new Float64Array(f.maxFeatures);
      let differ = 0;
      for (const board of samplePositions(variant, 1500, 7)) {
        const pos = variant.fromBoard(board);
        const count = f.extract(pos, idx, val);
        same(Array.from(idx.subarray(0, 2 * f.regions)), slowPatternIndices(variant, board, true));
        if (dense) {
          // The dense regions: 32 of them, the blocks first; every other feature moves on by the added tables.
          const countD = dense.extract(pos, idxD, valD);
          expect(dense.regions).toBe(32);
          same(Array.from(idxD.subarray(0, 2 * dense.regions)), slowPatternIndices(variant, board, true, true));
          same(countD, count + 2 * (dense.regions - f.regions));
          same(Array.from(idxD.subarray(2 * dense.regions, countD)), Array.from(idx.subarray(2 * f.regions, count), (x) => x + dense.kingBase - f.kingBase));
          same(Array.from(valD.subarray(0, 2 * dense.regions)), Array.from({ length: 2 * dense.regions }, (_, k) => (k % 2 === 0 ? (pos.side === 0 ? 1 : -1) : (pos.side === 0 ? -1 : 1))));
        }
        const count1 = v1.extract(pos, idx1, val1);
        same(Array.from(idx1.subarray(0, 2 * f.regions)), slowPatternIndices(variant, board, false));
        // Only the patterns differ between the two readings.
        same(Array.from(idx1.subarray(2 * f.regions, count1)), Array.from(idx.subarray(2 * f.regions, count)));
        if (idx1.subarray(0, 2 * f.regions).some((x, k) => x !== idx[k])) differ++;
        // Two tables: the side to move's readings (White's at even places) in the first, the
        // opponent's in the second; every other feature one table further on.
        const countM = mover.extract(pos, idxM, valM);
        same(countM, count);
        same(Array.from(idxM.subarray(0, count)), Array.from(idx.subarray(0, count), (x, k) => x + (k < 2 * f.regions && (k % 2 === 0) === (pos.side === 0) ? 0 : table)));
        same(Array.from(valM.subarray(0, count)), Array.from(val.subarray(0, count)));
        const sign = pos.side === 0 ? 1 : -1;
        same(Array.from(val.subarray(0, 2 * f.regions)), Array.from({ length: 2 * f.regions }, (_, k) => (k % 2 === 0 ? sign : -sign)));
        // The side to move term comes last and every index is in range.
        same(idx[count - 1], f.scalar('toMove'));
        same(Array.from(idx.subarray(0, count)).filter((x) => x >= f.size), []);
        // Material is counted from the side to move.
        const men = (p: number) => board.squares.filter((s) => s === p).length;
        const manDiff = sign * (men(WHITE_MAN) - men(BLACK_MAN)) + 0;
        const m = Array.from(idx.subarray(0, count)).indexOf(f.scalar('man'));
        expect(m >= 0 ? val[m] : 0).toBe(manDiff);
        expect(m >= 0).toBe(manDiff !== 0);
      }
      // Kings are common enough in the sample for the two readings to differ often.
      expect(differ).toBeGreaterThan(150);
    });

    it(`${variant.name}: the scalar terms, counted over whole bitboards, equal a slow reading square by square`, () => {
      const f = new PatternFeatures(variant);
      let runaways = 0, kingMoves = 0;
      for (const board of samplePositions(variant, 1500, 5)) {
        f.scan(variant.fromBoard(board));
        const slow = slowScalars(variant, board);
        expect(Array.from(f.scalarValues.subarray(0, slow.length)), JSON.stringify(board)).toEqual(slow);
        if (slow[7] !== 0) runaways++;
        if (slow[3] !== 0) kingMoves++;
      }
      // The sample reaches the rarer terms too.
      expect(runaways).toBeGreaterThan(50);
      expect(kingMoves).toBeGreaterThan(50);
    });

    it(`${variant.name}: a position and its colour-flipped mirror score the same for the side to move (random weights)`, () => {
      const layouts = [[true, 2, false, false], [false, 2, false, false], [true, 3, false, false], [true, 3, true, false]] as const;
      const dense = [[true, 2, false, true], [true, 3, true, true]] as const;
      for (const [patternKings, phases, moverPatterns, denseRegions] of variant.geometry.rows === 8 ? [...layouts, ...dense] : layouts) {
        const evaluator = new PatternEvaluator(variant, randomWeights(variant, 3, patternKings, phases, moverPatterns, denseRegions));
        expect(evaluator.features.denseRegions).toBe(denseRegions);
        expect(evaluator.features.patternKings).toBe(patternKings);
        let nonZero = 0;
        for (const board of samplePositions(variant, 3000, 11)) {
          const a = evaluator.evaluate(variant.fromBoard(board));
          const stuckA = evaluator.sideToMoveStuck;
          const b = evaluator.evaluate(variant.fromBoard(mirror(board)));
          expect(b, JSON.stringify(board)).toBe(a);
          expect(evaluator.sideToMoveStuck).toBe(stuckA);
          if (a !== 0) nonZero++;
        }
        expect(nonZero).toBeGreaterThan(2500);
      }
    });

    it(`${variant.name}: with three phases (and two pattern tables) the evaluation is the features' weights blended between the two phases around the piece count; a middle phase halfway between the others, or two copies of one table, change nothing`, () => {
      const w3 = randomWeights(variant, 8, true, 3, true);
      const three = new PatternEvaluator(variant, w3);
      const f = new PatternFeatures(variant, { moverPatterns: true });
      const idx = new Int32Array(f.maxFeatures), val = new Float64Array(f.maxFeatures);
      // Even weights: the middle phase of the two outer ones is then exactly their mean.
      const even = randomWeights(variant, 9);
      for (const p of even.phases) for (let i = 0; i < p.length; i++) p[i] &= ~1;
      const two = new PatternEvaluator(variant, even);
      const spread = new PatternEvaluator(variant, { ...even, phases: [even.phases[0], Int16Array.from(even.phases[0], (x, i) => (x + even.phases[1][i]) / 2), even.phases[1]] });
      const copied = new PatternEvaluator(variant, { ...even, moverPatterns: true, phases: even.phases.map((p) => Int16Array.from(f.adopt(Float64Array.from(p), even))) });
      const segments = new Set<number>();
      for (const board of samplePositions(variant, 1000, 19)) {
        const pos = variant.fromBoard(board);
        const n = f.extract(pos, idx, val);
        const sums = w3.phases.map((p) => { let s = 0; for (let k = 0; k < n; k++) s += val[k] * p[idx[k]]; return s; });
        const full = f.piecesAtStart, x = (2 * (full - f.pieces)) / full, seg = Math.min(1, Math.floor(x)), t = x - seg;
        segments.add(seg);
        const slow = (sums[seg] * (1 - t) + sums[seg + 1] * t) / WEIGHT_UNITS;
        expect(Math.abs(three.evaluate(pos) - slow)).toBeLessThan(1);
        expect(spread.evaluate(pos)).toBe(two.evaluate(pos));
        expect(copied.evaluate(pos)).toBe(two.evaluate(pos));
      }
      expect([...segments].sort()).toEqual([0, 1]);
    });

    it(`${variant.name}: the shipped weights load, play with --eval pattern and are colour-symmetric`, () => {
      const weights = shippedWeights(variant)!;
      expect(weights.variant).toBe(variant.name);
      // Both games ship a network as the default learned evaluation (test/network*.test.ts).
      expect(createEvaluator(variant)).toBeInstanceOf(variant.name === 'english' ? NetworkEvaluator : WideNetworkEvaluator);
      expect(createEvaluator(variant, { kind: 'pattern' })).toBeInstanceOf(PatternEvaluator);
      expect(createEvaluator(variant, { kind: 'classic' })).toBeInstanceOf(ClassicEvaluator);
      const evaluator = new PatternEvaluator(variant, weights);
      for (const board of samplePositions(variant, 500, 13)) {
        expect(evaluator.evaluate(variant.fromBoard(mirror(board)))).toBe(evaluator.evaluate(variant.fromBoard(board)));
      }
      // A man up is good for the side that has it.
      expect(evaluator.evaluate(manUpAtStart(variant))).toBeGreaterThan(evaluator.evaluate(variant.startPosition()) + 50);
    });
  }

  it('english: weights of the blocks alone, adopted into a dense layout (its added regions at 0, one table as both), score every position as before', () => {
    const base = randomWeights(ENGLISH, 23);
    const before = new PatternEvaluator(ENGLISH, base);
    for (const moverPatterns of [false, true]) {
      const dense = new PatternFeatures(ENGLISH, { denseRegions: true, moverPatterns });
      const adopted = base.phases.map((p) => Int16Array.from(dense.adopt(Float64Array.from(p), base)));
      expect(adopted[0].length).toBe(dense.size);
      const after = new PatternEvaluator(ENGLISH, { ...base, denseRegions: true, moverPatterns, phases: adopted });
      for (const board of samplePositions(ENGLISH, 500, 29)) {
        const pos = ENGLISH.fromBoard(board);
        expect(after.evaluate(pos)).toBe(before.evaluate(pos));
      }
    }
    // The other way does not fit: dense weights into the blocks alone, two tables into one.
    const blocks = new PatternFeatures(ENGLISH);
    const dense = randomWeights(ENGLISH, 24, true, 2, false, true);
    expect(() => blocks.adopt(Float64Array.from(dense.phases[0]), dense)).toThrow(/does not fit/);
    const two = randomWeights(ENGLISH, 25, true, 2, true);
    expect(() => new PatternFeatures(ENGLISH, { denseRegions: true }).adopt(Float64Array.from(two.phases[0]), two)).toThrow(/does not fit/);
  });

  it('says when the side to move has no step (as the classic evaluation does)', () => {
    for (const variant of [ENGLISH, INTERNATIONAL]) {
      const pattern = createEvaluator(variant), classic = new ClassicEvaluator(variant);
      for (const board of samplePositions(variant, 500, 17)) {
        const pos = variant.fromBoard(board);
        pattern.evaluate(pos);
        classic.evaluate(pos);
        expect(pattern.sideToMoveStuck).toBe(classic.sideToMoveStuck);
      }
    }
  });
});

describe('weights file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-weights-'));
  const size = new PatternFeatures(ENGLISH).size;
  const good = encodeWeights(randomWeights(ENGLISH, 5));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('a good file loads exactly', () => {
    const w = readPatternWeightsFile(write('good.json', JSON.stringify(good)), ENGLISH);
    expect(w.phases.map((p) => Array.from(p))).toEqual(randomWeights(ENGLISH, 5).phases.map((p) => Array.from(p)));
    for (const moverPatterns of [false, true]) {
      const made = randomWeights(ENGLISH, 6, true, 3, moverPatterns);
      const three = readPatternWeightsFile(write('three.json', JSON.stringify(encodeWeights(made))), ENGLISH);
      expect(three.phases.map((p) => Array.from(p))).toEqual(made.phases.map((p) => Array.from(p)));
      expect(three.moverPatterns).toBe(moverPatterns);
      expect(three.denseRegions).toBe(false);
    }
    const dense = randomWeights(ENGLISH, 7, true, 2, false, true);
    const read = readPatternWeightsFile(write('dense.json', JSON.stringify(encodeWeights(dense))), ENGLISH);
    expect(read.phases.map((p) => Array.from(p))).toEqual(dense.phases.map((p) => Array.from(p)));
    expect(read.denseRegions).toBe(true);
    expect(read.phases[0].length).toBe(32 * REGION_PATTERNS + 32 + 11 + 1);
  });
  it('a missing file is named', () => {
    expect(() => readPatternWeightsFile(join(dir, 'none.json'), ENGLISH)).toThrow(/none\.json: cannot read \(ENOENT\)/);
  });
  it('a truncated file is refused', () => {
    const text = JSON.stringify(good);
    expect(() => readPatternWeightsFile(write('cut.json', text.slice(0, text.length / 2)), ENGLISH)).toThrow(/not valid JSON \(truncated/);
    const shortened = { ...good, opening: good.opening!.slice(0, 4000) };
    expect(() => readPatternWeightsFile(write('short.json', JSON.stringify(shortened)), ENGLISH)).toThrow(/opening weights hold 1500 values, expected \d+ \(truncated\?\)/);
  });
  it('another variant, another version, another layout or a damaged payload is refused', () => {
    expect(() => decodeWeights(good, INTERNATIONAL, 'f')).toThrow(/made for "english", not international/);
    expect(() => decodeWeights({ ...good, version: WEIGHTS_VERSION + 1 }, ENGLISH, 'f')).toThrow(/version 5, this build reads versions 1 to 4/);
    expect(() => decodeWeights({ ...good, size: size - 1 }, ENGLISH, 'f')).toThrow(/weights a phase, this build's english evaluation with one pattern table has/);
    expect(() => decodeWeights({ ...good, format: 'x' }, ENGLISH, 'f')).toThrow(/not a weights file/);
    const flip = (t: string) => t.slice(0, 100) + (t[100] === 'A' ? 'B' : 'A') + t.slice(101);
    expect(() => decodeWeights({ ...good, endgame: flip(good.endgame!) }, ENGLISH, 'f')).toThrow(/checksum does not match/);
    const three = encodeWeights(randomWeights(ENGLISH, 6, true, 3));
    const damaged = { ...three, phases: three.phases!.map((t, j) => (j === 1 ? flip(t) : t)) };
    expect(() => decodeWeights(damaged, ENGLISH, 'f')).toThrow(/checksum does not match/);
    expect(() => decodeWeights({ ...three, phases: three.phases!.slice(0, 1) }, ENGLISH, 'f')).toThrow(/phases missing/);
    expect(() => decodeWeights({ ...three, moverPatterns: undefined }, ENGLISH, 'f')).toThrow(/moverPatterns missing/);
    // Dense regions: a version-4 file says so; their weights read as blocks only have the wrong size; not for 10x10.
    const dense = encodeWeights(randomWeights(ENGLISH, 6, true, 2, false, true));
    expect(() => decodeWeights({ ...dense, denseRegions: undefined }, ENGLISH, 'f')).toThrow(/denseRegions missing/);
    expect(() => decodeWeights({ ...dense, version: 3, denseRegions: undefined }, ENGLISH, 'f')).toThrow(/weights a phase, this build's english evaluation with one pattern table has/);
    expect(() => decodeWeights({ ...dense, variant: 'international' }, INTERNATIONAL, 'f')).toThrow(/dense regions are for 8x8 boards, not international/);
    expect(() => new PatternFeatures(INTERNATIONAL, { denseRegions: true })).toThrow(/8x8 boards/);
    // Two tables make a larger file: one of them read as one table has the wrong size.
    expect(() => decodeWeights({ ...encodeWeights(randomWeights(ENGLISH, 6, true, 3, true)), moverPatterns: false }, ENGLISH, 'f')).toThrow(/weights a phase/);
    expect(() => decodeWeights({ ...three, phases: [three.phases![0], three.phases![1].slice(0, 400), three.phases![2]] }, ENGLISH, 'f'))
      .toThrow(/phase 1 weights hold 150 values/);
    expect(() => decodeWeights([], ENGLISH, 'f')).toThrow(/expected a JSON object/);
  });
  it('version 1 files (patterns without kings) load as such; each kind of weights is written in the oldest version that holds it', () => {
    const old = encodeWeights(randomWeights(ENGLISH, 5, false));
    expect(old.version).toBe(1);
    expect(good.version).toBe(2);
    expect(encodeWeights(randomWeights(ENGLISH, 5, true, 3)).version).toBe(3);
    expect(encodeWeights(randomWeights(ENGLISH, 5, true, 2, true)).version).toBe(3);
    expect(encodeWeights(randomWeights(ENGLISH, 5, true, 2, false, true)).version).toBe(WEIGHTS_VERSION);
    const w = decodeWeights(old, ENGLISH, 'f');
    expect(w.patternKings).toBe(false);
    expect(Array.from(w.phases[0])).toEqual(Array.from(randomWeights(ENGLISH, 5).phases[0]));
    expect(decodeWeights(good, ENGLISH, 'f').patternKings).toBe(true);
    expect(() => encodeWeights(randomWeights(ENGLISH, 5, false, 3))).toThrow(/version 1/);
  });
  it('the evaluator refuses weights of another size or variant', () => {
    expect(() => new PatternEvaluator(INTERNATIONAL, randomWeights(ENGLISH, 1))).toThrow(/for english, not international/);
  });
});

describe('fitting', () => {
  for (const phases of [2, 3]) {
    it(`recovers known weights of ${phases} phases from synthetic data and lowers the loss`, () => {
      // 12 features, 3 to 6 active a row with values -2..2; results drawn from the true model;
      // 15,000 rows a phase (each segment's rows teach two phases).
      const size = 12, rows = 15000 * phases, scale = 100;
      const random = rng(99);
      const truePhases = Array.from({ length: phases }, () => Float64Array.from({ length: size }, () => Math.round((random() - 0.5) * 200)));
      const offsets = new Int32Array(rows + 1), idx: number[] = [], val: number[] = [];
      const segment = new Uint8Array(rows), phase = new Float32Array(rows), y = new Float32Array(rows), game = new Int32Array(rows);
      for (let i = 0; i < rows; i++) {
        const k = 3 + Math.floor(random() * 4);
        const used = new Set<number>();
        while (used.size < k) used.add(Math.floor(random() * size));
        for (const f of used) { idx.push(f); val.push(Math.floor(random() * 5) - 2); }
        offsets[i + 1] = idx.length;
        if (phases > 2) segment[i] = Math.floor(random() * (phases - 1));
        phase[i] = random();
        game[i] = i;
      }
      const d: SparseData = { count: rows, offsets, idx: Int32Array.from(idx), val: Float32Array.from(val), segment, phase, y, game };
      const truth = scoreRows(d, truePhases);
      for (let i = 0; i < rows; i++) y[i] = random() < 1 / (1 + Math.exp(-truth[i] / scale)) ? 1 : 0;
      const zero = () => Array.from({ length: phases }, () => new Float64Array(size));
      const before = logLoss(scoreRows(d, zero()), y, scale);
      const fit = fitWeights(d, size, zero(), {
        scale, learningRate: 2, l2: 0, batch: 256, maxEpochs: 30, patience: 3, seed: 1, isValidation: (i) => i % 10 === 0,
      });
      const best = logLoss(truth, y, scale);
      // Close to the loss of the true weights, far below the loss of knowing nothing.
      expect(fit.validLoss).toBeLessThan(best + 0.005);
      expect(fit.validLoss).toBeLessThan(before - 0.08);
      expect(fit.trainRows + fit.validRows).toBe(rows);
      expect(fit.phases.length).toBe(phases);
      // The middle phase is fitted from both of its segments' rows, so twice as many: as close.
      for (let j = 0; j < phases; j++) {
        for (let k = 0; k < size; k++) expect(Math.abs(fit.phases[j][k] - truePhases[j][k]), `phase ${j} weight ${k}`).toBeLessThan(phases === 2 ? 20 : 25);
      }
    });
  }

  for (const variant of [ENGLISH, INTERNATIONAL]) {
    it(`${variant.name}: tied patterns fold back exactly: tied weights score the extended rows as the folded weights score the plain ones`, () => {
      const layouts = [{ moverPatterns: false, denseRegions: false }, { moverPatterns: true, denseRegions: false }];
      if (variant.geometry.rows === 8) layouts.push({ moverPatterns: false, denseRegions: true });
      for (const layout of layouts) {
        const features = new PatternFeatures(variant, layout);
        const tied = new TiedPatterns(features);
        const boards = samplePositions(variant, 400, 21);
        const rowIdx = new Int32Array(features.maxFeatures), rowVal = new Float64Array(features.maxFeatures);
        const idx: number[] = [], val: number[] = [], offsets = [0];
        const phase = new Float32Array(boards.length);
        boards.forEach((b, i) => {
          const n = features.extract(variant.fromBoard(b), rowIdx, rowVal);
          for (let k = 0; k < n; k++) { idx.push(rowIdx[k]); val.push(rowVal[k]); }
          offsets.push(idx.length);
          phase[i] = features.phase;
        });
        const d: SparseData = {
          count: boards.length, offsets: Int32Array.from(offsets), idx: Int32Array.from(idx), val: Float32Array.from(val),
          segment: new Uint8Array(boards.length), phase, y: new Float32Array(boards.length), game: new Int32Array(boards.length),
        };
        const extended = tied.extend(d);
        // Every pattern feature brought its three ties, nothing else changed.
        const patterns = idx.filter((k) => k < features.kingBase).length;
        expect(extended.idx.length).toBe(idx.length + 3 * patterns);
        const random = rng(5);
        const w = [0, 1].map(() => Float64Array.from({ length: tied.size }, () => Math.round((random() - 0.5) * 200)));
        const folded = w.map((x) => tied.fold(x));
        expect(folded[0].length).toBe(features.size);
        const a = scoreRows(extended, w), b = scoreRows(d, folded);
        for (let i = 0; i < d.count; i++) expect(a[i]).toBeCloseTo(b[i], 6);
        // Widened weights (ties at 0) fold back to themselves.
        const own = Float64Array.from({ length: features.size }, () => random());
        expect(Array.from(tied.fold(tied.widen(own)))).toEqual(Array.from(own));
      }
    });
  }

  it('a pattern seen only in other blocks is learnt through the shared table, one never seen is not', () => {
    // Synthetic rows over English's layout: pattern p is worth +60 in every block; rows show it
    // in blocks 0-7 only. Fitted without ties, block 8's weight for p (never seen there) stays
    // 0. With ties, the blocks that see p share its value between their own weights, their
    // halves' and the shared table, and block 8 gets the shared part: a good share of the 60.
    const features = new PatternFeatures(ENGLISH);
    const tied = new TiedPatterns(features);
    const p = 1234, q = 4321, rows = 20000, scale = 50;
    const random = rng(8);
    const idx: number[] = [], val: number[] = [], offsets = [0];
    const y = new Float32Array(rows), game = Int32Array.from({ length: rows }, (_, i) => i);
    for (let i = 0; i < rows; i++) {
      const r = Math.floor(random() * 8), on = random() < 0.5;
      idx.push(r * REGION_PATTERNS + (on ? p : q)); val.push(1);
      offsets.push(idx.length);
      y[i] = random() < 1 / (1 + Math.exp(-(on ? 60 : 0) / scale)) ? 1 : 0;
    }
    const d: SparseData = {
      count: rows, offsets: Int32Array.from(offsets), idx: Int32Array.from(idx), val: Float32Array.from(val),
      segment: new Uint8Array(rows), phase: new Float32Array(rows).fill(1), y, game,
    };
    const options = { scale, learningRate: 2, l2: 0, batch: 256, maxEpochs: 30, patience: 3, seed: 1, isValidation: (i: number) => i % 10 === 0 };
    const zero = (n: number) => [new Float64Array(n), new Float64Array(n)];
    const plain = fitWeights(d, features.size, zero(features.size), options);
    const withTies = fitWeights(tied.extend(d), tied.size, zero(tied.size), { ...options, l2Of: new Float64Array(tied.size).fill(1e-4, 0, features.kingBase) });
    const folded = tied.fold(withTies.phases[0]);
    expect(plain.phases[0][8 * REGION_PATTERNS + p]).toBe(0);
    expect(folded[8 * REGION_PATTERNS + p] - folded[8 * REGION_PATTERNS + q]).toBeGreaterThan(10);
    expect(folded[8 * REGION_PATTERNS + p] - folded[8 * REGION_PATTERNS + q]).toBeLessThan(60);
    // Where p is seen, the folded weights hold all of its value.
    for (let r = 0; r < 8; r++) expect(Math.abs(folded[r * REGION_PATTERNS + p] - folded[r * REGION_PATTERNS + q] - 60), `block ${r}`).toBeLessThan(20);
    // A pattern no block has seen keeps weight 0.
    expect(folded[8 * REGION_PATTERNS + 777]).toBe(0);
  });

  it('spreading weights over more phases keeps every score', () => {
    const random = rng(3);
    const two = [Float64Array.from({ length: 5 }, () => random() * 100 - 50), Float64Array.from({ length: 5 }, () => random() * 100 - 50)];
    const three = spreadPhases(two, 3);
    expect(Array.from(three[0])).toEqual(Array.from(two[0]));
    expect(Array.from(three[2])).toEqual(Array.from(two[1]));
    const d: SparseData = {
      count: 41, offsets: Int32Array.from({ length: 42 }, (_, i) => 2 * i), idx: Int32Array.from({ length: 82 }, (_, k) => k % 5),
      val: Float32Array.from({ length: 82 }, (_, k) => (k % 3) - 1), segment: new Uint8Array(41), phase: Float32Array.from({ length: 41 }, (_, i) => i / 40),
      y: new Float32Array(41), game: new Int32Array(41),
    };
    const before = scoreRows(d, two);
    // The same rows as three phases: the upper half of the pieces in segment 0, the rest in 1.
    const seg = Uint8Array.from(d.phase, (p) => (p >= 0.5 ? 0 : 1));
    const share = Float32Array.from(d.phase, (p) => (p >= 0.5 ? 2 * p - 1 : 2 * p));
    const after = scoreRows({ ...d, segment: seg, phase: share }, three);
    for (let i = 0; i < d.count; i++) expect(after[i]).toBeCloseTo(before[i], 9);
  });
});

describe('self-play data', () => {
  for (const variant of [ENGLISH, INTERNATIONAL]) {
    it(`${variant.name}: only quiet positions, each with the result from its side to move`, () => {
      const searcher = new Searcher(variant, 1, {}, new ClassicEvaluator(variant));
      const openings = defaultOpenings(variant);
      for (let g = 0; g < 3; g++) {
        const game = playSelfPlayGame(variant, searcher, { id: g, opening: openings[g], seed: g + 1, randomPlies: 4, nodes: 300, maxPlies: 300 });
        const count = game.records.length / RECORD_INTS;
        expect(count).toBeGreaterThan(10);
        const pos = new Position();
        let scored = 0;
        for (let i = 0; i < count; i++) {
          const r = readRecord(game.records, i, pos);
          if (r.score !== null) {
            scored++;
            expect(Math.abs(r.score)).toBeLessThanOrEqual(SCORE_CLAMP);
          }
          expect(r.game).toBe(g);
          expect(isQuiet(variant, pos)).toBe(true);
          const whiteView = pos.side === 0 ? r.result / 2 : 1 - r.result / 2;
          expect(whiteView).toBe(game.whiteScore);
        }
        // Every searched position carries the search's score (only forced moves are played unsearched).
        expect(scored).toBeGreaterThan(count * 0.8);
        // The same seed plays the same game.
        const again = playSelfPlayGame(variant, searcher, { id: g, opening: openings[g], seed: g + 1, randomPlies: 4, nodes: 300, maxPlies: 300 });
        expect(Array.from(again.records)).toEqual(Array.from(game.records));
      }
    });
  }

  it('english: with keepThreats, the quiet positions and those where only the opponent threatens, the same game', () => {
    const variant = ENGLISH;
    const searcher = new Searcher(variant, 1, {}, new ClassicEvaluator(variant));
    const openings = defaultOpenings(variant);
    let threats = 0;
    for (let g = 0; g < 3; g++) {
      const spec = { id: g, opening: openings[g], seed: g + 1, randomPlies: 4, nodes: 300, maxPlies: 300 };
      const quiet = playSelfPlayGame(variant, searcher, spec);
      const all = playSelfPlayGame(variant, searcher, { ...spec, keepThreats: true });
      expect(all.whiteScore).toBe(quiet.whiteScore);
      expect(all.plies).toBe(quiet.plies);
      const row = (records: Int32Array, i: number) => Array.from(records.subarray(i * RECORD_INTS, (i + 1) * RECORD_INTS)).join();
      const pos = new Position();
      const kept: string[] = [];
      for (let i = 0; i < all.records.length / RECORD_INTS; i++) {
        const r = readRecord(all.records, i, pos);
        expect(ENGLISH.hasCapture(pos)).toBe(false);
        const whiteView = pos.side === 0 ? r.result / 2 : 1 - r.result / 2;
        expect(whiteView).toBe(all.whiteScore);
        if (isQuiet(variant, pos)) kept.push(row(all.records, i));
        else threats++;
      }
      // The quiet ones are exactly what the default keeps, in the same order.
      const plain = Array.from({ length: quiet.records.length / RECORD_INTS }, (_, i) => row(quiet.records, i));
      expect(kept).toEqual(plain);
    }
    expect(threats).toBeGreaterThan(5);
  });

  it('a record keeps side, result, search score (or its absence) and game', () => {
    const out = new Int32Array(3 * RECORD_INTS);
    const pos = ENGLISH.startPosition();
    pos.side = 1;
    writeRecord(out, 0, pos, 2, -123, 77);
    writeRecord(out, 1, pos, 0, null, 78);
    writeRecord(out, 2, pos, 1, 29990, 79);
    const back = new Position();
    expect(readRecord(out, 0, back)).toEqual({ result: 2, score: -123, game: 77 });
    expect(back.equals(pos)).toBe(true);
    expect(readRecord(out, 1, back)).toEqual({ result: 0, score: null, game: 78 });
    expect(readRecord(out, 2, back)).toEqual({ result: 1, score: SCORE_CLAMP, game: 79 });
  });

  it('data files round-trip and refuse another variant or a cut file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'damka-data-'));
    const records = Int32Array.from({ length: 5 * RECORD_INTS }, (_, i) => i * 7919);
    const path = join(dir, 'd.bin');
    saveRecords(path, 'english', records);
    expect(Array.from(loadRecords(path, 'english'))).toEqual(Array.from(records));
    expect(() => loadRecords(path, 'international')).toThrow(/another variant/);
    const whole = new Uint8Array(readFileSync(path));
    writeFileSync(path, whole.subarray(0, whole.length - RECORD_INTS * 4));
    expect(() => loadRecords(path, 'english')).toThrow(/truncated/);
  });
});
