// Canadian draughts (12x12, docs/variants-12x12.md): board and numbering, one test per rule on
// hand-built positions, perft against the published table, the front-end pieces that name the
// game, and the board-size-generic generator it runs on checked on the 10x10 and 8x8 boards
// against International's and Brazilian's own generators. Diagonals used below (worked out
// from the numbering): 67-61-56-50-45-39-34-28-23-17-12-6 (a1-l12), 72-65-59-52-46-39-33-26-
// 20-13-7, 14 up to 9 and 3, 3 down to 10 and 16.

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import perftTable from './data/perft.json' with { type: 'json' };
import { GEOMETRY_10x10, GEOMETRY_12x12, GEOMETRY_8x8 } from '../src/board/geometry.ts';
import { tablesPossible } from '../src/egdb/tables.ts';
import { planEvaluation } from '../src/eval/evaluators.ts';
import { shippedBookPath } from '../src/book/shipped.ts';
import { drawRulesOf } from '../src/game/draw-rules.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { formatHubPosition, parseHubPosition } from '../src/notation/hub-position.ts';
import { variantOfHubName } from '../src/protocols/hub/variant-name.ts';
import { computeKey, moveFromList } from '../src/rules/convert.ts';
import { FlyingBoard } from '../src/rules/flying-board.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import { BRAZILIAN, CANADIAN, INTERNATIONAL, getVariant, variantOfGameType } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { PerftPool } from '../src/tools/perft-parallel.ts';
import { DraughtsGame } from '../src/api/game.ts';
import { variants } from '../src/api/variants.ts';
import { hubVariantNames } from '../src/protocols/hub/variant-name.ts';
import { Searcher } from '../src/search/search.ts';
import { encode } from '../src/search/move-code.ts';
import { expectNamedMoves, fen, namedMoves } from './helpers/named-moves.ts';
import { referenceRulesOf } from './reference/reference-rules.ts';
import { randomBoard, rng } from './reference/random-positions.ts';

describe('Canadian: board and start', () => {
  it('numbers 72 squares six a row from b12, with a dark a1 and the double corner on the right', () => {
    const g = GEOMETRY_12x12;
    expect([g.squares, g.perRow, g.rows]).toEqual([72, 6, 12]);
    expect([1, 6, 7, 67, 72].map(g.algebraic)).toEqual(['b12', 'l12', 'a11', 'a1', 'k1']);
    expect(g.neighbour(72, 1)).toBe(66); // k1 - l2: the double corner
    expect(g.neighbour(43, 0)).toBe(0); // a5 has no up-left
    expect(g.neighbour(43, 1)).toBe(37);
  });

  it('starts with 30 men each, White on 43-72 moving first', () => {
    expect(CANADIAN.startFen).toBe(perftTable.canadian.fen);
    const start = CANADIAN.toBoard(CANADIAN.startPosition());
    expect(start.squares.filter((p, sq) => sq >= 43 && p === 1)).toHaveLength(30);
    expect(start.squares.filter((p, sq) => sq <= 30 && p === 3)).toHaveLength(30);
    expect(CANADIAN.startPosition().side).toBe(0);
    expect(namedMoves(CANADIAN, CANADIAN.startFen)).toHaveLength(11);
    expect(namedMoves(CANADIAN, CANADIAN.startFen)).toContain('43-37');
  });
});

describe('Canadian: International\'s rules on the big board', () => {
  it('men capture backwards', () => {
    expectNamedMoves(CANADIAN, 'W:W14:B20,60', ['14x25 [20]']);
  });

  it('kings fly and land on any empty square beyond, also from the third word (squares 65-72)', () => {
    expectNamedMoves(CANADIAN, 'W:WK67:B39,1', ['67x34 [39]', '67x28 [39]', '67x23 [39]', '67x17 [39]', '67x12 [39]', '67x6 [39]']);
    expect(namedMoves(CANADIAN, 'W:WK72:B59,1')).toHaveLength(8);
  });

  it('a man crowns where its move ends on the back row, and passes it as a man during a capture', () => {
    expectNamedMoves(CANADIAN, 'W:W14:B9,60', ['14x3 [9] K']);
    expectNamedMoves(CANADIAN, 'W:W14:B9,10,60', ['14x3x16 [9,10]']);
    expectNamedMoves(CANADIAN, 'B:W61,14:B56', ['56x67 [61] K']);
  });

  it('the capture that takes the most pieces must be played', () => {
    // 14x25 takes one; 14x3x16 two.
    expectNamedMoves(CANADIAN, 'W:W14:B9,10,20', ['14x3x16 [9,10]']);
  });

  it('keeps the incremental key equal to one computed from scratch across the three words', () => {
    const pos = fen(CANADIAN, 'W:WK72:B59,1');
    const list = new MoveList();
    const n = CANADIAN.generate(pos, list);
    for (let i = 0; i < n; i++) {
      const child = new Position();
      CANADIAN.make(child, pos, list, i);
      expect(child.wEx).toBe(0); // the king left square 72
      const fresh = child.clone();
      computeKey(fresh);
      expect([child.keyLo, child.keyHi]).toEqual([fresh.keyLo, fresh.keyHi]);
    }
  });
});

describe('Canadian perft from the start', () => {
  it('matches the published table to depth 6', () => {
    const runner = new PerftRunner(CANADIAN);
    for (let d = 1; d <= 6; d++) expect(runner.run(CANADIAN.startPosition(), d), `depth ${d}`).toBe(perftTable.canadian.counts[d - 1]);
  });

  it('gives the same count on a worker pool, whose positions travel with their third word', async () => {
    const pool = new PerftPool(2);
    try {
      expect(await pool.run(CANADIAN, CANADIAN.startPosition(), 5)).toBe(perftTable.canadian.counts[4]);
    } finally {
      await pool.close();
    }
  });
});

describe('Canadian in the front ends', () => {
  it('is named canadian everywhere, PDN GameType 27, with International\'s draw rules', () => {
    expect(getVariant('Canadian')).toBe(CANADIAN);
    expect(variantOfGameType(27)).toBe(CANADIAN);
    expect(variantOfHubName('canadian')).toBe(CANADIAN);
    expect(drawRulesOf(CANADIAN)).toBe(drawRulesOf(INTERNATIONAL));
    expect(hubVariantNames()).toContain('canadian');
    expect(variants().find((v) => v.name === 'canadian')).toMatchObject({ gameType: 27, squares: 72, rows: 12, firstToMove: 'white' });
  });

  it('searches: the principal variation is legal, captures on squares 65-72 included', () => {
    // White's kings on 72 and 6 and Black's on 66 can take along the long diagonals.
    const start = fen(CANADIAN, 'W:WK72,K6,50,51,44:B59,K66,30,20,21,33');
    const result = new Searcher(CANADIAN, 4).search(start, { limits: { depth: 5 }, analyze: true });
    expect(result.move).not.toBeNull();
    let pos = start;
    for (const move of result.pv) pos = CANADIAN.play(pos, move);
    expect(result.pv.length).toBeGreaterThan(1);
  });

  it('writes and reads FEN and Hub positions of 72 squares', () => {
    const board = parseFen(CANADIAN, 'B:WK72,43,50:B1,K30,66');
    expect(formatFen(CANADIAN, board)).toBe('B:W43,50,K72:B1,K30,66');
    const hub = formatHubPosition(CANADIAN, board);
    expect(hub).toHaveLength(73);
    expect(parseHubPosition(CANADIAN, hub)).toEqual(board);
    expect(() => parseFen(CANADIAN, 'W:W73:B1')).toThrow();
  });

  it('plays a game that goes through PDN with GameType 27 and back', () => {
    const game = DraughtsGame.create('canadian');
    for (const m of ['45-39', '26-32', '39-34']) game.play(m);
    const pdn = game.pdn();
    expect(pdn).toContain('[GameType "27"]');
    const back = DraughtsGame.fromPdn(pdn);
    expect(back.variant.name).toBe('canadian');
    expect(back.fen()).toBe(game.fen());
  });

  it('uses the generic evaluation and no table, book or weights of another game', () => {
    expect(planEvaluation(CANADIAN)).toEqual({ evaluator: 'generic' });
    expect(planEvaluation(CANADIAN, { kind: 'classic' })).toEqual({ evaluator: 'generic' });
    expect(tablesPossible(CANADIAN)).toBe(false);
    expect(existsSync(shippedBookPath('canadian'))).toBe(false);
  });
});

/** The generic generator on another board against that board's own fast generator. */
function sameMoves(variant: Variant, board: FlyingBoard, seed: number, positions: number): number {
  const random = rng(seed);
  const rules = referenceRulesOf(variant);
  const a = new MoveList(), b = new MoveList();
  let captures = 0;
  for (let k = 0; k < positions; k++) {
    const pos = variant.fromBoard(randomBoard(rules, random));
    const keys = (list: MoveList, n: number) =>
      Array.from({ length: n }, (_, i) => moveFromList(variant.geometry, list, i)).map((m) => `${m.from}-${m.to} [${m.captured.join(',')}]${m.crowns ? 'K' : ''}`).sort().join(' ');
    const n = variant.generate(pos, a), m = board.generate(pos, b);
    const fast = keys(a, n), generic = keys(b, m);
    if (fast !== generic) expect(generic, formatFen(variant, variant.toBoard(pos))).toBe(fast);
    if (board.countMoves(pos) !== n) expect(board.countMoves(pos)).toBe(n);
    if (board.hasCapture(pos) !== variant.hasCapture(pos)) expect(board.hasCapture(pos)).toBe(variant.hasCapture(pos));
    if (n > 0 && a.captures[0] > 0) captures++;
  }
  return captures;
}

describe('Canadian moves in the search', () => {
  it('each legal move has a code of its own (the table and the killers tell them apart by it)', () => {
    const random = rng(7272);
    const list = new MoveList();
    let kingMovesFromTheThirdWord = 0;
    for (let k = 0; k < 1500; k++) {
      const pos = CANADIAN.fromBoard(randomBoard(referenceRulesOf(CANADIAN), random));
      const n = CANADIAN.generate(pos, list);
      const codes = new Set(Array.from({ length: n }, (_, i) => encode(list, i)));
      if (codes.size !== n) expect(codes.size, formatFen(CANADIAN, CANADIAN.toBoard(pos))).toBe(n);
      for (let i = 0; i < n; i++) if (list.from[i] >= 64 && list.captures[i] === 0) kingMovesFromTheThirdWord++;
    }
    expect(kingMovesFromTheThirdWord).toBeGreaterThan(100);
  });
});

describe('the board-size-generic flying generator on the smaller boards', () => {
  it('gives International\'s moves on 10x10 (ghost bits included) and Brazilian\'s on 8x8', () => {
    expect(GEOMETRY_10x10.squareOfBit(10)).toBe(0); // a ghost bit, which the generic generator must skip
    expect(sameMoves(INTERNATIONAL, new FlyingBoard(GEOMETRY_10x10), 4242, 2500)).toBeGreaterThan(600);
    expect(sameMoves(BRAZILIAN, new FlyingBoard(GEOMETRY_8x8), 2626, 2500)).toBeGreaterThan(600);
  });
});
