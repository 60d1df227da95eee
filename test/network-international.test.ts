// The network evaluation on International's 10x10 board: its inputs, the kernel's wide entry
// (the position's words with a square table, not bits turned to the side to move's view)
// against the floating-point network, colour symmetry, the no-step test, the incremental first
// layer, the file's checks for the variant, and the pipeline from self-play to a search.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { networkBoard, networkInputs } from '../src/eval/network/inputs.ts';
import { instantiateNetwork, instantiateWideNetwork } from '../src/eval/network/kernel.ts';
import { type NetworkWeights, decodeNetwork, encodeNetwork, networkLayout } from '../src/eval/network/network-file.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';
import { WideNetworkEvaluator } from '../src/eval/network/wide-evaluator.ts';
import { PatternEvaluator } from '../src/eval/pattern/evaluator.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { readWeightsFile } from '../src/eval/read-weights.ts';
import { BLACK_KING, BLACK_MAN, type Board, WHITE_KING, WHITE_MAN } from '../src/rules/board.ts';
import { type Position, WHITE, popcount } from '../src/rules/position.ts';
import { BRAZILIAN, ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { damka } from './helpers/engine-process.ts';
import { randomGame } from './helpers/random-game.ts';
import { kernelError, randomNetwork } from './helpers/random-network.ts';
import { manUpAtStart, mirror, samplePositions } from './helpers/sample-positions.ts';

const BOARD = networkBoard(INTERNATIONAL);
const boards = samplePositions(INTERNATIONAL, 1500, 7);
const positions = boards.map((b) => INTERNATIONAL.fromBoard(b));

function board(side: 0 | 1, pieces: Record<number, number>): Board {
  const squares = Array.from({ length: 51 }, (_, sq) => pieces[sq] ?? 0);
  return { side, squares } as unknown as Board;
}

describe('International network inputs', () => {
  it('has 200 inputs, four a square, and one active input a piece, on its square from the side to move\'s view', () => {
    expect(BOARD.squares).toBe(50);
    expect(BOARD.inputs).toBe(200);
    expect(BOARD.maxPieces).toBe(40);
    const out = new Int32Array(64);
    const inputs = (b: Board) => Array.from(out.subarray(0, networkInputs(INTERNATIONAL.fromBoard(b), BOARD, out))).sort((x, y) => x - y);
    // White to move: its man on 1 is input 0 (square 1, own man), its king on 50 input 50 + 49;
    // Black's man on 46 is input 100 + 45, its king on 33 input 150 + 32.
    expect(inputs(board(0, { 1: WHITE_MAN, 50: WHITE_KING, 46: BLACK_MAN, 33: BLACK_KING }))).toEqual([0, 99, 145, 182]);
    // Black to move sees the board turned: its man on 50 is its square 1 (input 0), White's king on 1 its square 50.
    expect(inputs(board(1, { 50: BLACK_MAN, 1: WHITE_KING, 23: WHITE_MAN }))).toEqual([0, 100 + 27, 150 + 49]);
  });

  it('gives a position and its colour-swapped mirror the same inputs', () => {
    const a = new Int32Array(64), b = new Int32Array(64);
    for (const x of boards) {
      const n = networkInputs(INTERNATIONAL.fromBoard(x), BOARD, a), m = networkInputs(INTERNATIONAL.fromBoard(mirror(x)), BOARD, b);
      expect(n).toBe(x.squares.filter((p) => p !== 0).length);
      expect(Array.from(a.subarray(0, n)).sort((p, q) => p - q)).toEqual(Array.from(b.subarray(0, m)).sort((p, q) => p - q));
    }
  });

  it('is only for the boards that have a layout', () => {
    expect(networkBoard(ENGLISH).inputs).toBe(128);
    expect(() => networkBoard(BRAZILIAN)).toThrow(/networks are for english and international draughts only, not brazilian/);
  });
});

describe('International network kernel', () => {
  for (const [h1, h2] of [[64, 16], [128, 16], [256, 16]] as const) {
    it(`${h1}-${h2}: integer kernel scores within a few centi-men of the floating-point network`, () => {
      const w = randomNetwork(h1, h2, h1 + h2 + 1, INTERNATIONAL);
      const e = kernelError(new WideNetworkEvaluator(INTERNATIONAL, w), w, INTERNATIONAL, positions);
      // English's bounds (3 and 20 centi-men) scaled by the square root of the most pieces, 40
      // against 24: each piece's first-layer row carries its own rounding into the sums. Past 128
      // units, by the square root of the width too: the second layer sums that many rounded
      // activations (the shipped network is 256 wide).
      const scale = Math.sqrt(40 / 24) * Math.sqrt(Math.max(h1, 128) / 128);
      expect(e.spread).toBeGreaterThan(30);
      expect(e.mean).toBeLessThan(3 * scale);
      expect(e.worst).toBeLessThan(20 * scale);
    });
  }

  it('is colour-symmetric: a position and its mirror score the same for their side to move', () => {
    const e = new WideNetworkEvaluator(INTERNATIONAL, randomNetwork(64, 16, 3, INTERNATIONAL));
    for (const x of boards) {
      const a = e.evaluate(INTERNATIONAL.fromBoard(x)), stuck = e.sideToMoveStuck;
      expect(e.evaluate(INTERNATIONAL.fromBoard(mirror(x)))).toBe(a);
      expect(e.sideToMoveStuck).toBe(stuck);
    }
  });

  it('says when the side to move has no step exactly as the pattern evaluation does', () => {
    const e = new WideNetworkEvaluator(INTERNATIONAL, randomNetwork(64, 16, 4, INTERNATIONAL));
    const p = new PatternEvaluator(INTERNATIONAL, shippedWeights(INTERNATIONAL)!);
    const check = (pos: Position) => {
      e.evaluate(pos); p.evaluate(pos);
      expect(e.sideToMoveStuck).toBe(p.sideToMoveStuck);
      return e.sideToMoveStuck;
    };
    let stuck = 0;
    for (const pos of positions) if (check(pos)) stuck++;
    expect(stuck).toBeLessThan(positions.length);
    // Blocked on purpose, for both sides to move: White's man on 46 (a1) faces Black's men on 41
    // and 37 (no capture, no step); kings blocked in the corners; men at the edges (a ghost bit
    // or one past the board must never count as an empty square).
    const blocked = [
      board(0, { 46: WHITE_MAN, 41: BLACK_MAN, 37: BLACK_MAN }),
      board(0, { 5: WHITE_KING, 10: BLACK_MAN, 14: BLACK_MAN, 50: BLACK_MAN }),
      board(0, { 36: WHITE_MAN, 31: BLACK_MAN, 27: BLACK_MAN, 45: WHITE_MAN, 40: BLACK_MAN, 34: BLACK_MAN }),
      board(0, { 15: WHITE_MAN, 10: BLACK_MAN, 4: BLACK_MAN, 26: WHITE_MAN, 21: BLACK_MAN, 17: BLACK_MAN }),
    ];
    for (const b of [...blocked, ...blocked.map(mirror)]) expect(check(INTERNATIONAL.fromBoard(b))).toBe(true);
    // A man that can only take is stuck too (a capture is no step); one square freed and it can step.
    expect(check(INTERNATIONAL.fromBoard(board(0, { 46: WHITE_MAN, 41: BLACK_MAN })))).toBe(true);
    expect(check(INTERNATIONAL.fromBoard(board(0, { 46: WHITE_MAN, 37: BLACK_MAN })))).toBe(false);
    expect(check(INTERNATIONAL.fromBoard(board(1, { 5: BLACK_MAN, 10: WHITE_MAN })))).toBe(true);
    expect(check(INTERNATIONAL.fromBoard(board(1, { 5: BLACK_MAN, 14: WHITE_MAN })))).toBe(false);
  });

  it('the incremental first layer scores exactly as summing it afresh, game positions and jumps between them alike', () => {
    const sequence: Position[] = [];
    for (let g = 0; g < 6; g++) {
      const game = randomGame(INTERNATIONAL, 40 + g, 120);
      for (let ply = 0; ply <= game.ply; ply++) sequence.push(game.positionAt(ply));
      sequence.push(...positions.slice(g * 20, g * 20 + 20));
    }
    const big = randomNetwork(32, 16, 4, INTERNATIONAL);
    big.parameters[networkLayout(200, 32, 16).w1 + 5] = 250; // loads, but its sums could leave 16 bits
    for (const w of [randomNetwork(64, 16, 1, INTERNATIONAL), randomNetwork(128, 16, 2, INTERNATIONAL), randomNetwork(256, 16, 3, INTERNATIONAL), big]) {
      const kernel = instantiateWideNetwork(w, BOARD), last = [Array(8).fill(0), Array(8).fill(0)];
      let updates = 0;
      const updated = new WideNetworkEvaluator(INTERNATIONAL, w, (side, ...words) => {
        let changes = 0, pieces = 0;
        words.forEach((x, t) => { changes += popcount(x ^ last[side][t]); pieces += popcount(x); last[side][t] = x; });
        if (changes < pieces) updates++;
        return kernel(side, ...(words as [number, number, number, number, number, number, number, number]));
      });
      const afresh = new WideNetworkEvaluator(INTERNATIONAL, w, instantiateWideNetwork(w, BOARD, false));
      for (const pos of sequence) expect(updated.evaluate(pos)).toBe(afresh.evaluate(pos));
      expect(updates).toBeGreaterThan(0.7 * sequence.length);
    }
  });

  it('keeps the boards\' kernels apart: an 8x8 kernel refuses a 10x10 network and the other way round', () => {
    const wide = randomNetwork(32, 16, 5, INTERNATIONAL), narrow = randomNetwork(32, 16, 5);
    expect(() => instantiateNetwork(wide)).toThrow(/200-input network is not one for the 8x8 board/);
    expect(() => instantiateWideNetwork(narrow, BOARD)).toThrow(/128-input network is not one for the 10x10 board/);
    expect(() => new WideNetworkEvaluator(ENGLISH, narrow)).toThrow(/not for english/);
  });
});

describe('the shipped International network', () => {
  it('is the default International evaluation (the patterns on request), colour-symmetric, near its floating-point network, and scores a man up as good', () => {
    const net = shippedNetwork(INTERNATIONAL)!;
    expect(net.variant).toBe('international');
    expect(net.inputs).toBe(200);
    expect(createEvaluator(INTERNATIONAL)).toBeInstanceOf(WideNetworkEvaluator);
    expect(createEvaluator(INTERNATIONAL, { kind: 'network' })).toBeInstanceOf(WideNetworkEvaluator);
    expect(createEvaluator(INTERNATIONAL, { kind: 'pattern' })).toBeInstanceOf(PatternEvaluator);
    const e = new WideNetworkEvaluator(INTERNATIONAL, net);
    for (const x of boards) expect(e.evaluate(INTERNATIONAL.fromBoard(mirror(x)))).toBe(e.evaluate(INTERNATIONAL.fromBoard(x)));
    // A trained network's scale is larger than the random ones' above (its unit is about two
    // men, not three quarters of one), so its rounding is larger in centi-men: bound it by a
    // share of the scores' own spread instead.
    const err = kernelError(e, net, INTERNATIONAL, positions);
    expect(err.mean).toBeLessThan(err.spread / 20);
    // White moves first: one of Black's men is taken.
    const start = INTERNATIONAL.startPosition(), up = manUpAtStart(INTERNATIONAL);
    expect(up.side).toBe(WHITE);
    expect(popcount(up.bLo) + popcount(up.bHi)).toBe(19);
    expect(e.evaluate(up)).toBeGreaterThan(e.evaluate(start) + 50);
  });
});

describe('International network file and pipeline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-int-network-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a file loads exactly for International and is refused with its reason elsewhere', () => {
    const w = randomNetwork(32, 16, 9, INTERNATIONAL), file = encodeNetwork(w);
    expect(file.inputs).toBe(200);
    const read = decodeNetwork(JSON.parse(JSON.stringify(file)), INTERNATIONAL, 'int.json');
    expect(Array.from(read.parameters)).toEqual(Array.from(w.parameters));
    const e = createEvaluator(INTERNATIONAL, { kind: 'network', weights: read });
    expect(e).toBeInstanceOf(WideNetworkEvaluator);
    const direct = new WideNetworkEvaluator(INTERNATIONAL, w);
    for (const pos of positions.slice(0, 200)) expect(e.evaluate(pos)).toBe(direct.evaluate(pos));
    expect(() => decodeNetwork(file, ENGLISH, 'int.json')).toThrow(/made for "international", not english/);
    expect(() => decodeNetwork({ ...file, inputs: 128 }, INTERNATIONAL, 'int.json')).toThrow(/has 128 inputs, a network for international has 200/);
    expect(() => decodeNetwork({ ...file, variant: 'brazilian' }, BRAZILIAN, 'b.json')).toThrow(/networks are for english and international draughts only, not brazilian/);
    // A phase may hold up to 39 pieces here (fewer than the 40 of a full board), not only 23.
    const phased: NetworkWeights = { ...w, phases: [{ maxPieces: 30, weights: randomNetwork(16, 16, 10, INTERNATIONAL) }] };
    expect(decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(phased))), INTERNATIONAL, 'p.json').phases?.[0].maxPieces).toBe(30);
  });

  it('self-play data fits a network that the engine then searches with', () => {
    const data = join(dir, 'int.bin'), net = join(dir, 'int-net.json');
    const played = damka('train', 'selfplay', '--variant', 'international', '--games', '2', '--nodes', '300', '--threads', '1', '--out', data);
    expect(played.code).toBe(0);
    const fit = damka('train', 'fit-network', '--variant', 'international', '--data', data, '--hidden', '16,16', '--epochs', '2', '--out', net);
    expect(fit.err).toBe('');
    expect(fit.code).toBe(0);
    expect(fit.out).toMatch(/network 200-16-16-1/);
    expect((readWeightsFile(net, INTERNATIONAL) as NetworkWeights).inputs).toBe(200);
    const searched = damka('analyze', '--variant', 'international', '--eval', 'network', '--weights', net, '--depth', '4');
    expect(searched.err).toBe('');
    expect(searched.code).toBe(0);
    expect(searched.out).toMatch(/best/i);
    // The network is not the shipped patterns: asked for as patterns, the file is refused.
    const wrong = damka('analyze', '--variant', 'international', '--eval', 'pattern', '--weights', net, '--depth', '2');
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toMatch(/holds a network, not the pattern weights/);
  }, 60_000);
});
