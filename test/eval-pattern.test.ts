// The learned evaluation: its features against a slow reading of the board, colour symmetry,
// the weights file's checks, the fitter on data with known answers, and the self-play data.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { PatternEvaluator } from '../src/eval/pattern/evaluator.ts';
import { PatternFeatures, REGION_PATTERNS, SCALARS } from '../src/eval/pattern/features.ts';
import { readWeightsFile } from '../src/eval/pattern/read-weights.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { type PatternWeights, WEIGHTS_VERSION, decodeWeights, encodeWeights } from '../src/eval/pattern/weights-file.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { defaultOpenings } from '../src/match/openings.ts';
import { BLACK_KING, BLACK_MAN, type Board, WHITE_KING, WHITE_MAN } from '../src/rules/board.ts';
import { Position } from '../src/rules/position.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import type { SparseData } from '../src/train/dataset.ts';
import { fitWeights, logLoss, scoreRows } from '../src/train/fit.ts';
import { RECORD_INTS, SCORE_CLAMP, loadRecords, readRecord, saveRecords, writeRecord } from '../src/train/records.ts';
import { isQuiet, playSelfPlayGame } from '../src/train/selfplay-game.ts';
import { randomBoard, randomPlayout, rng } from './reference/random-positions.ts';
import type { RefRules } from './reference/reference-rules.ts';

const rulesOf = (v: Variant): RefRules => ({ geometry: v.geometry, international: v.flyingKings });

function mirror(board: Board): Board {
  const n = board.squares.length - 1;
  const swap = [0, BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING];
  const squares = board.squares.map((_, sq) => (sq === 0 ? 0 : swap[board.squares[n + 1 - sq]])) as Board['squares'];
  return { side: board.side === 0 ? 1 : 0, squares };
}

function randomWeights(variant: Variant, seed: number, patternKings = true): PatternWeights {
  const size = new PatternFeatures(variant).size;
  const random = rng(seed);
  const w = () => Int16Array.from({ length: size }, () => Math.round((random() - 0.5) * 2000));
  return { variant: variant.name, opening: w(), endgame: w(), patternKings };
}

function samplePositions(variant: Variant, count: number, seed: number): Board[] {
  const random = rng(seed);
  const out: Board[] = [];
  const ref = rulesOf(variant);
  while (out.length < count) {
    if (out.length % 2 === 0) out.push(randomBoard(ref, random));
    else out.push(...randomPlayout(ref, variant.toBoard(variant.startPosition()), 80, random).filter((_, i) => i % 7 === 3));
  }
  return out.slice(0, count);
}

/**
 * A slow reading of the region patterns straight from the rule book's squares: which 3^8
 * pattern each 4x4 block shows from each side. The fast extractor must agree.
 */
function slowPatternIndices(variant: Variant, board: Board, kings: boolean): number[] {
  const g = variant.geometry;
  const n = g.squares;
  const out: number[] = [];
  const starts: number[] = [];
  for (let s = 0; s + 4 <= g.rows; s += 2) starts.push(s);
  let region = 0;
  for (const r0 of starts) {
    for (const f0 of starts) {
      const squares: number[] = [];
      for (let sq = 1; sq <= n; sq++) if (g.row(sq) >= r0 && g.row(sq) < r0 + 4 && g.file(sq) >= f0 && g.file(sq) < f0 + 4) squares.push(sq);
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
      const v1 = new PatternFeatures(variant, false);
      const idx = new Int32Array(f.maxFeatures), val = new Float64Array(f.maxFeatures);
      const idx1 = new Int32Array(f.maxFeatures), val1 = new Float64Array(f.maxFeatures);
      let differ = 0;
      for (const board of samplePositions(variant, 1500, 7)) {
        const pos = variant.fromBoard(board);
        const count = f.extract(pos, idx, val);
        expect(Array.from(idx.subarray(0, 2 * f.regions))).toEqual(slowPatternIndices(variant, board, true));
        const count1 = v1.extract(pos, idx1, val1);
        expect(Array.from(idx1.subarray(0, 2 * f.regions))).toEqual(slowPatternIndices(variant, board, false));
        // Only the patterns differ between the two readings.
        expect(Array.from(idx1.subarray(2 * f.regions, count1))).toEqual(Array.from(idx.subarray(2 * f.regions, count)));
        if (idx1.subarray(0, 2 * f.regions).some((x, k) => x !== idx[k])) differ++;
        const sign = pos.side === 0 ? 1 : -1;
        for (let k = 0; k < 2 * f.regions; k++) expect(val[k]).toBe(k % 2 === 0 ? sign : -sign);
        // The side to move term comes last and every index is in range.
        expect(idx[count - 1]).toBe(f.scalar('toMove'));
        for (let k = 0; k < count; k++) expect(idx[k]).toBeLessThan(f.size);
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
      for (const patternKings of [true, false]) {
        const evaluator = new PatternEvaluator(variant, randomWeights(variant, 3, patternKings));
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

    it(`${variant.name}: the shipped weights load, are the default evaluation and are colour-symmetric`, () => {
      const weights = shippedWeights(variant)!;
      expect(weights.variant).toBe(variant.name);
      expect(createEvaluator(variant)).toBeInstanceOf(PatternEvaluator);
      expect(createEvaluator(variant, { kind: 'classic' })).toBeInstanceOf(ClassicEvaluator);
      const evaluator = new PatternEvaluator(variant, weights);
      for (const board of samplePositions(variant, 500, 13)) {
        expect(evaluator.evaluate(variant.fromBoard(mirror(board)))).toBe(evaluator.evaluate(variant.fromBoard(board)));
      }
      // A man up is good for the side that has it: take one from the side not to move.
      const start = variant.startPosition();
      const up = start.clone();
      if (up.side === 0) up.bLo &= up.bLo - 1;
      else up.wHi !== 0 ? (up.wHi &= up.wHi - 1) : (up.wLo &= up.wLo - 1);
      expect(evaluator.evaluate(up)).toBeGreaterThan(evaluator.evaluate(start) + 50);
    });
  }

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
    const w = readWeightsFile(write('good.json', JSON.stringify(good)), 'english', size);
    expect(Array.from(w.opening)).toEqual(Array.from(randomWeights(ENGLISH, 5).opening));
    expect(Array.from(w.endgame)).toEqual(Array.from(randomWeights(ENGLISH, 5).endgame));
  });
  it('a missing file is named', () => {
    expect(() => readWeightsFile(join(dir, 'none.json'), 'english', size)).toThrow(/none\.json: cannot read \(ENOENT\)/);
  });
  it('a truncated file is refused', () => {
    const text = JSON.stringify(good);
    expect(() => readWeightsFile(write('cut.json', text.slice(0, text.length / 2)), 'english', size)).toThrow(/not valid JSON \(truncated/);
    const shortened = { ...good, opening: good.opening.slice(0, 4000) };
    expect(() => readWeightsFile(write('short.json', JSON.stringify(shortened)), 'english', size)).toThrow(/opening weights hold 1500 values, expected \d+ \(truncated\?\)/);
  });
  it('another variant, another version, another layout or a damaged payload is refused', () => {
    expect(() => decodeWeights(good, 'international', new PatternFeatures(INTERNATIONAL).size, 'f')).toThrow(/made for "english", not international/);
    expect(() => decodeWeights({ ...good, version: WEIGHTS_VERSION + 1 }, 'english', size, 'f')).toThrow(/version 3, this build reads versions 1 and 2/);
    expect(() => decodeWeights({ ...good, size: size - 1 }, 'english', size, 'f')).toThrow(/weights a phase/);
    expect(() => decodeWeights({ ...good, format: 'x' }, 'english', size, 'f')).toThrow(/not a weights file/);
    const flipped = good.endgame.slice(0, 100) + (good.endgame[100] === 'A' ? 'B' : 'A') + good.endgame.slice(101);
    expect(() => decodeWeights({ ...good, endgame: flipped }, 'english', size, 'f')).toThrow(/checksum does not match/);
    expect(() => decodeWeights([], 'english', size, 'f')).toThrow(/expected a JSON object/);
  });
  it('version 1 files (patterns without kings) load as such, and weights of that kind are written as version 1', () => {
    const old = encodeWeights(randomWeights(ENGLISH, 5, false));
    expect(old.version).toBe(1);
    expect(good.version).toBe(WEIGHTS_VERSION);
    const w = decodeWeights(old, 'english', size, 'f');
    expect(w.patternKings).toBe(false);
    expect(Array.from(w.opening)).toEqual(Array.from(randomWeights(ENGLISH, 5).opening));
    expect(decodeWeights(good, 'english', size, 'f').patternKings).toBe(true);
  });
  it('the evaluator refuses weights of another size or variant', () => {
    expect(() => new PatternEvaluator(INTERNATIONAL, randomWeights(ENGLISH, 1))).toThrow(/for english, not international/);
  });
});

describe('fitting', () => {
  it('recovers known weights from synthetic data and lowers the loss', () => {
    // 12 features, 3 to 6 active a row with values -2..2; results drawn from the true model.
    const size = 12, rows = 30000, scale = 100;
    const random = rng(99);
    const trueOpening = Float64Array.from({ length: size }, () => Math.round((random() - 0.5) * 200));
    const trueEndgame = Float64Array.from({ length: size }, () => Math.round((random() - 0.5) * 200));
    const offsets = new Int32Array(rows + 1), idx: number[] = [], val: number[] = [];
    const phase = new Float32Array(rows), y = new Float32Array(rows), game = new Int32Array(rows);
    for (let i = 0; i < rows; i++) {
      const k = 3 + Math.floor(random() * 4);
      const used = new Set<number>();
      while (used.size < k) used.add(Math.floor(random() * size));
      for (const f of used) { idx.push(f); val.push(Math.floor(random() * 5) - 2); }
      offsets[i + 1] = idx.length;
      phase[i] = random();
      game[i] = i;
    }
    const d: SparseData = { count: rows, offsets, idx: Int32Array.from(idx), val: Float32Array.from(val), phase, y, game };
    const truth = scoreRows(d, trueOpening, trueEndgame);
    for (let i = 0; i < rows; i++) y[i] = random() < 1 / (1 + Math.exp(-truth[i] / scale)) ? 1 : 0;
    const zero = () => new Float64Array(size);
    const before = logLoss(scoreRows(d, zero(), zero()), y, scale);
    const fit = fitWeights(d, size, { opening: zero(), endgame: zero() }, {
      scale, learningRate: 2, l2: 0, batch: 256, maxEpochs: 30, patience: 3, seed: 1, isValidation: (i) => i % 10 === 0,
    });
    const best = logLoss(truth, y, scale);
    // Close to the loss of the true weights, far below the loss of knowing nothing.
    expect(fit.validLoss).toBeLessThan(best + 0.005);
    expect(fit.validLoss).toBeLessThan(before - 0.08);
    expect(fit.trainRows + fit.validRows).toBe(rows);
    for (let k = 0; k < size; k++) {
      expect(Math.abs(fit.opening[k] - trueOpening[k]), `opening ${k}`).toBeLessThan(20);
      expect(Math.abs(fit.endgame[k] - trueEndgame[k]), `endgame ${k}`).toBeLessThan(20);
    }
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
