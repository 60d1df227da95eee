// Search behaviour that a user relies on: reproducible results, limits honoured, draws and
// losses recognised, and an evaluation that does not care which colour it looks from.

import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { BLACK_KING, BLACK_MAN, type Board, WHITE_KING, WHITE_MAN } from '../src/rules/board.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { MATE_BOUND, mateIn } from '../src/search/score.ts';
import { Searcher } from '../src/search/search.ts';
import { moveBudget } from '../src/search/time.ts';
import { WorkerEngine } from '../src/engine/worker-engine.ts';
import { randomBoard, randomPlayout, rng } from './reference/random-positions.ts';
import { referenceRulesOf } from './reference/reference-rules.ts';

const rulesOf = referenceRulesOf;
const fen = (v: Variant, text: string) => v.fromBoard(parseFen(v, text));

/** The same position seen from the other side: rotated half a turn, colours swapped. */
function mirror(board: Board): Board {
  const n = board.squares.length - 1;
  const swap = [0, BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING];
  const squares = board.squares.map((_, sq) => (sq === 0 ? 0 : swap[board.squares[n + 1 - sq]])) as Board['squares'];
  return { side: board.side === 0 ? 1 : 0, squares };
}

describe('evaluation', () => {
  for (const variant of [ENGLISH, INTERNATIONAL]) {
    const ref = rulesOf(variant);
    it(`${variant.name}: a position and its colour-flipped mirror score the same for the side to move`, () => {
      const evaluator = new ClassicEvaluator(variant);
      const random = rng(20261123);
      let checked = 0, nonZero = 0;
      for (let i = 0; i < 300; i++) {
        const boards = i % 2 === 0 ? [randomBoard(ref, random)] : randomPlayout(ref, variant.toBoard(variant.startPosition()), 60, random);
        for (const board of boards) {
          const a = evaluator.evaluate(variant.fromBoard(board));
          const b = evaluator.evaluate(variant.fromBoard(mirror(board)));
          expect(b, JSON.stringify(board)).toBe(a);
          checked++;
          if (a !== 0) nonZero++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(nonZero).toBeGreaterThan(checked / 2);
    });

    it(`${variant.name}: says a side without a capture has no move exactly when the rules do`, () => {
      const evaluator = new ClassicEvaluator(variant);
      const random = rng(7);
      let stuck = 0, checked = 0;
      for (let i = 0; i < 20000; i++) {
        const pos = variant.fromBoard(randomBoard(ref, random));
        if (variant.hasCapture(pos)) continue;
        evaluator.evaluate(pos);
        checked++;
        const none = variant.countMoves(pos) === 0;
        expect(evaluator.sideToMoveStuck).toBe(none);
        if (none) stuck++;
      }
      expect(checked).toBeGreaterThan(3000);
      expect(stuck).toBeGreaterThan(10);
    });

    it(`${variant.name}: material counts, a king more than a man`, () => {
      const evaluator = new ClassicEvaluator(variant);
      const start = variant.startPosition();
      expect(evaluator.evaluate(start) + evaluator.evaluate(Object.assign(start.clone(), { side: start.side ^ 1 }))).toBe(0);
      const last = variant.geometry.squares;
      const man = variant.fromBoard({ side: 0, squares: Object.assign(new Array(last + 1).fill(0), { [Math.floor(last / 2)]: WHITE_MAN }) });
      const king = variant.fromBoard({ side: 0, squares: Object.assign(new Array(last + 1).fill(0), { [Math.floor(last / 2)]: WHITE_KING }) });
      expect(evaluator.evaluate(king)).toBeGreaterThan(evaluator.evaluate(man));
      expect(evaluator.evaluate(man)).toBeGreaterThan(50);
    });
  }
});

describe('search', () => {
  it('is reproducible: same position, depth and table size give the same move, score and nodes', () => {
    for (const [variant, depth] of [[ENGLISH, 9], [INTERNATIONAL, 6]] as const) {
      const game = new Game(variant);
      for (const text of variant === ENGLISH ? ['11-15', '23-19', '8-11'] : ['32-28', '19-23', '28x19']) {
        game.play(parseMove(variant, game.position, text));
      }
      const run = () => new Searcher(variant, 8).search(game.position, { history: game.historyKeys(), limits: { depth } });
      const a = run(), b = run();
      expect(a.nodes).toBeGreaterThan(1000);
      expect(b.nodes).toBe(a.nodes);
      expect(b.score).toBe(a.score);
      expect(formatMove(variant, b.move!, [], 'long')).toBe(formatMove(variant, a.move!, [], 'long'));
      expect(a.depth).toBe(depth);
    }
  });

  it('reports each iteration with a legal principal variation', () => {
    const infos: { depth: number; pv: string[] }[] = [];
    const searcher = new Searcher(INTERNATIONAL, 8);
    const root = INTERNATIONAL.startPosition();
    searcher.search(root, { limits: { depth: 5 }, onInfo: (i) => infos.push({ depth: i.depth, pv: i.pv.map((m) => formatMove(INTERNATIONAL, m, [], 'long')) }) });
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5]);
    for (const info of infos) {
      const game = new Game(INTERNATIONAL);
      expect(info.pv.length).toBeGreaterThan(0);
      for (const text of info.pv) game.play(parseMove(INTERNATIONAL, game.position, text));
    }
  });

  it('stops at a node limit within one check interval', () => {
    const r = new Searcher(ENGLISH, 8).search(ENGLISH.startPosition(), { limits: { nodes: 20000 } });
    expect(r.nodes).toBeGreaterThanOrEqual(20000);
    expect(r.nodes).toBeLessThan(20000 + 2048);
    expect(r.move).not.toBeNull();
  });

  it('returns within 0.3 s of a 0.2 s move time, and uses most of it', () => {
    for (const variant of [ENGLISH, INTERNATIONAL]) {
      const t0 = performance.now();
      const r = new Searcher(variant, 8).search(variant.startPosition(), { limits: { moveTime: 0.2 } });
      const elapsed = performance.now() - t0;
      expect(r.move).not.toBeNull();
      expect(elapsed).toBeLessThan(300);
      expect(elapsed).toBeGreaterThan(100);
    }
  });

  it('spends a small share of the clock and never more than the time left', () => {
    const t0 = performance.now();
    const r = new Searcher(INTERNATIONAL, 8).search(INTERNATIONAL.startPosition(), { limits: { time: 3, inc: 0 } });
    const elapsed = performance.now() - t0;
    expect(r.move).not.toBeNull();
    expect(elapsed).toBeLessThan(1000);
  });

  it('shares a clock over the moves still to play, a long control over fewer moves than it names', () => {
    // 40 moves or fewer: exactly the share of each, after a reserve of a second.
    expect(moveBudget(60, 0, 40)).toBeCloseTo(59 / 40, 5);
    expect(moveBudget(60, 0, 10)).toBeCloseTo(59 / 10, 5);
    // DXP's 150 moves for the game: 40 in full and a quarter of the rest, so well under a 40th.
    expect(moveBudget(60, 0, 150)).toBeCloseTo(59 / 67.5, 5);
    expect(moveBudget(60, 0, 80)).toBeCloseTo(59 / 50, 5);
    // Sudden death: a 30th, plus most of the increment.
    expect(moveBudget(60, 1, 0)).toBeCloseTo(59 / 30 + 0.8, 5);
  });

  it('plays a single legal move at once, but analyses it when asked', () => {
    // White's only move is the capture 33x22 (f4 takes e5, landing on d6).
    const pos = fen(INTERNATIONAL, 'W:W33:B28,3');
    expect(INTERNATIONAL.legalMoves(pos)).toHaveLength(1);
    const quick = new Searcher(INTERNATIONAL, 8).search(pos, { limits: { depth: 8 } });
    expect(quick.nodes).toBe(0);
    expect(formatMove(INTERNATIONAL, quick.move!, [], 'pdn')).toBe('33x22');
    const deep = new Searcher(INTERNATIONAL, 8).search(pos, { limits: { depth: 4 }, analyze: true });
    expect(deep.nodes).toBeGreaterThan(0);
    expect(deep.depth).toBe(4);
  });

  it('scores a side with no legal move as lost, and finds the move that blocks the last enemy man', () => {
    // White's man on 29 can only go to 25 or take 25 landing on 22; Black 21-25 (with 22
    // held) leaves White without a move: a win in one ply.
    const pos = fen(ENGLISH, 'B:W29:B21,22');
    const r = new Searcher(ENGLISH, 8).search(pos, { limits: { depth: 6 }, analyze: true });
    expect(formatMove(ENGLISH, r.move!, [], 'pdn')).toBe('21-25');
    expect(mateIn(r.score)).toBe(1);
    const blocked = fen(ENGLISH, 'W:W29:B25,22');
    expect(ENGLISH.legalMoves(blocked)).toHaveLength(0);
    const none = new Searcher(ENGLISH, 8).search(blocked, { limits: { depth: 3 } });
    expect(none.move).toBeNull();
    expect(none.score).toBeLessThan(-MATE_BOUND);
  });

  it('scores a move back into a position of the game history as a draw', () => {
    // A real game: White's lone king shuffles while Black, far ahead, shuffles a king too.
    // At the end White's only move, 4-8, repeats the game's first position.
    const game = new Game(ENGLISH, fen(ENGLISH, 'B:WK8:B1,2,3,5,6,7,12,16,K14'));
    for (const text of ['14-17', '8-4', '17-14']) game.play(parseMove(ENGLISH, game.position, text));
    expect(game.legalMoves().map((m) => formatMove(ENGLISH, m, [], 'pdn'))).toEqual(['4-8']);
    const withHistory = new Searcher(ENGLISH, 8).search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits: { depth: 6 }, analyze: true });
    expect(withHistory.score).toBe(0);
    const fresh = new Searcher(ENGLISH, 8).search(game.position, { limits: { depth: 6 }, analyze: true });
    expect(fresh.score).toBeLessThan(-300);
  });

  it('knows a draw rule is about to end the game', () => {
    // English: 79 plies without capture or crowning; any quiet move now draws, so the side
    // far behind scores 0 instead of a loss.
    const game = new Game(ENGLISH, fen(ENGLISH, 'W:WK4:B1,2,3,5,6,7,12,16,K14'));
    const counters = { ...game.drawCounters, quiet: 79, reversible: 0 };
    const r = new Searcher(ENGLISH, 8).search(game.position, { counters, limits: { depth: 6 }, analyze: true });
    expect(r.score).toBe(0);
    const normal = new Searcher(ENGLISH, 8).search(game.position, { limits: { depth: 6 }, analyze: true });
    expect(normal.score).toBeLessThan(-300);
  });
});

describe('engine on a worker thread', () => {
  it('ends an infinite search within 20 ms of stop (plus message latency) with a legal move', async () => {
    const engine = new WorkerEngine(8);
    try {
      // As a Hub init does: the worker is ready and warm before the search is timed.
      await engine.start(INTERNATIONAL);
      const root = INTERNATIONAL.startPosition();
      const history = new Game(INTERNATIONAL).historyKeys();
      let infos = 0;
      const pending = engine.search({ variant: INTERNATIONAL, root, history, limits: { infinite: true } }, () => { infos++; });
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      engine.stop();
      const result = await pending;
      const latency = performance.now() - t0;
      expect(latency).toBeLessThan(60);
      expect(infos).toBeGreaterThan(0);
      expect(INTERNATIONAL.legalMoves(root).some((m) => formatMove(INTERNATIONAL, m, [], 'long') === formatMove(INTERNATIONAL, result.move!, [], 'long'))).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
