// Frisian's fast generator against the simple one in test/reference/frisian-reference.ts on
// random positions (dense placements with kings, playouts, kings made to rest), and both
// against the published perft; then the rules that need the position's history, by hand.

import { describe, expect, it } from 'vitest';
import perftTable from './data/perft.json' with { type: 'json' };
import { GEOMETRY_10x10 } from '../src/board/geometry.ts';
import type { Board } from '../src/rules/board.ts';
import { isKing, isWhite } from '../src/rules/board.ts';
import { computeKey, moveFromList } from '../src/rules/convert.ts';
import { withRun } from '../src/rules/frisian/king-run.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { Game } from '../src/game/game.ts';
import { plainPosition } from '../src/engine/task.ts';
import { expectNamedMoves, fen } from './helpers/named-moves.ts';
import { drawByCounters, drawRulesOf, materialSignature } from '../src/game/draw-rules.ts';
import { FRISIAN, FRYSK } from '../src/rules/variants.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { applyFrisianReferenceMove, frisianReferenceMoves, frisianReferencePerft } from './reference/frisian-reference.ts';
import { randomBoard, rng } from './reference/random-positions.ts';

const g = GEOMETRY_10x10;
const key = (m: { from: number; to: number; captured: number[]; crowns: boolean }) => `${m.from}-${m.to} [${m.captured.join(',')}]${m.crowns ? ' K' : ''}`;

function positions(seed: number, count: number): Board[] {
  const random = rng(seed);
  const boards: Board[] = [];
  while (boards.length < count / 2) boards.push(randomBoard({ geometry: g, international: true }, random));
  while (boards.length < count) {
    let board = FRISIAN.toBoard(FRISIAN.startPosition());
    for (let ply = 0; ply < 150 && boards.length < count; ply++) {
      const moves = frisianReferenceMoves(g, board);
      if (moves.length === 0) break;
      board = applyFrisianReferenceMove(board, moves[Math.floor(random() * moves.length)]);
      boards.push(board);
    }
  }
  return boards;
}

describe('Frisian: the fast generator against the reference', () => {
  it('4000 random positions, a third with a resting king', () => {
    const random = rng(4040);
    const list = new MoveList(true);
    const child = new Position(), fresh = new Position();
    let captures = 0, longest = 0, orthogonal = 0, rested = 0;
    for (const board of positions(4041, 4000)) {
      const pos = FRISIAN.fromBoard(board);
      let resting = 0;
      const kings = board.squares.flatMap((p, sq) => (sq > 0 && isKing(p) && isWhite(p) === (board.side === 0) ? [sq] : []));
      if (kings.length > 0 && random() < 0.35) {
        resting = kings[Math.floor(random() * kings.length)];
        pos.kingRun = withRun(0, pos.side, 3, g.bit(resting));
        computeKey(pos);
        rested++;
      }
      const context = () => `${formatFen(FRISIAN, board)} resting ${resting}`;
      const expected = frisianReferenceMoves(g, board, resting);
      const n = FRISIAN.generate(pos, list);
      const fast = Array.from({ length: n }, (_, i) => moveFromList(g, list, i));
      const a = fast.map(key).sort(), b = expected.map(key).sort();
      if (a.join('|') !== b.join('|')) expect(a, context()).toEqual(b);
      if (FRISIAN.countMoves(pos) !== n) expect(FRISIAN.countMoves(pos), context()).toBe(n);
      const capture = expected.some((m) => m.captured.length > 0);
      if (FRISIAN.hasCapture(pos) !== capture) expect(FRISIAN.hasCapture(pos), context()).toBe(capture);
      for (let i = 0; i < n; i++) {
        const m = fast[i];
        const ref = expected.find((r) => key(r) === key(m))!;
        if (m.captured.length > 0) {
          captures++;
          longest = Math.max(longest, m.captured.length);
          if (m.path.some((l, k) => { const at = k === 0 ? m.from : m.path[k - 1]; return g.row(l) === g.row(at) || g.file(l) === g.file(at); })) orthogonal++;
          if (!ref.paths.includes(m.path.join(','))) expect(ref.paths, `${context()} ${key(m)}`).toContain(m.path.join(','));
        }
        FRISIAN.make(child, pos, list, i);
        const after = FRISIAN.toBoard(child), refAfter = applyFrisianReferenceMove(board, ref);
        if (after.squares.join() !== refAfter.squares.join() || after.side !== refAfter.side) expect(after, `${context()} ${key(m)}`).toEqual(refAfter);
        fresh.copyFrom(child);
        computeKey(fresh);
        if (fresh.keyLo !== child.keyLo || fresh.keyHi !== child.keyHi) expect([child.keyLo, child.keyHi], `${context()} ${key(m)}: key`).toEqual([fresh.keyLo, fresh.keyHi]);
      }
    }
    expect(captures).toBeGreaterThan(2000);
    expect(longest).toBeGreaterThanOrEqual(5);
    expect(orthogonal).toBeGreaterThan(300);
    expect(rested).toBeGreaterThan(300);
  });

  it('the reference matches the published perft to depth 4 (orthogonal captures from depth 4)', () => {
    const board = FRISIAN.toBoard(FRISIAN.startPosition());
    for (let d = 1; d <= 4; d++) expect(frisianReferencePerft(g, board, d), `depth ${d}`).toBe(perftTable.frisian.counts[d - 1]);
  });

  it('the fast generator matches it to depth 7 (deeper in bench/perft-speed.ts)', () => {
    expect(FRISIAN.startFen).toBe(perftTable.frisian.fen);
    const runner = new PerftRunner(FRISIAN);
    for (let d = 1; d <= 7; d++) expect(runner.run(FRISIAN.startPosition(), d), `depth ${d}`).toBe(perftTable.frisian.counts[d - 1]);
  });

  it('Frysk! starts with five men each on the back rows and plays Frisian', () => {
    expect(FRYSK.startFen).toBe('W:W46-50:B1-5');
    const board = FRYSK.toBoard(FRYSK.startPosition());
    expect(board.squares.filter((p) => p !== 0)).toHaveLength(10);
    const runner = new PerftRunner(FRYSK);
    for (let d = 1; d <= 4; d++) expect(runner.run(FRYSK.startPosition(), d), `depth ${d}`).toBe(frisianReferencePerft(g, board, d));
  });
});

describe('Frisian: a king makes at most three quiet moves in a row while its side has men', () => {
  // White: king 46 (a1) and man 45 (j2); Black: a lone king shuttling 3-9 (no men: no limit).
  const play = (game: Game, ...moves: string[]) => { for (const m of moves) game.play(parseMove(FRISIAN, game.position, m)); };
  const texts = (game: Game) => game.legalMoves().map((m) => `${m.from}-${m.to}`).sort();

  it('after three, the king rests and a man must move; then it may go again', () => {
    const game = new Game(FRISIAN, FRISIAN.fromBoard(parseFen(FRISIAN, 'W:WK46,45:BK3')));
    play(game, '46-41', '3-9', '41-46', '9-3', '46-41', '3-9');
    expect(texts(game)).toEqual(['45-40']);
    play(game, '45-40', '9-3');
    expect(texts(game)).toContain('41-46');
  });

  it('another king may move instead, and starts its own count', () => {
    const game = new Game(FRISIAN, FRISIAN.fromBoard(parseFen(FRISIAN, 'W:WK46,K50,45:BK3')));
    play(game, '46-41', '3-9', '41-46', '9-3', '46-41', '3-9');
    expect(texts(game).filter((m) => m.startsWith('41-'))).toEqual([]);
    play(game, '50-44', '9-3');
    // The king on 44 has made one move; the one on 41 may go again, its run broken.
    expect(texts(game)).toContain('41-46');
    expect(texts(game)).toContain('44-50');
  });

  it('a side with only kings has no limit (Black above, and White here)', () => {
    const game = new Game(FRISIAN, FRISIAN.fromBoard(parseFen(FRISIAN, 'W:WK46:BK3,1')));
    play(game, '46-41', '3-9', '41-46', '9-3', '46-41', '3-9');
    // White has no men: its king is free.
    expect(texts(game)).toContain('41-46');
  });

  it('the run goes with the position to search workers', () => {
    const game = new Game(FRISIAN, FRISIAN.fromBoard(parseFen(FRISIAN, 'W:WK46,45:BK3')));
    play(game, '46-41', '3-9', '41-46', '9-3', '46-41', '3-9');
    const sent = Object.assign(new Position(), plainPosition(game.position));
    expect(sent.equals(game.position)).toBe(true);
    expect(FRISIAN.legalMoves(sent).map((m) => `${m.from}-${m.to}`)).toEqual(['45-40']);
  });

  it('the run is part of the position: same pieces, other run, other key, no repetition', () => {
    const game = new Game(FRISIAN, FRISIAN.fromBoard(parseFen(FRISIAN, 'W:WK46,45:BK3')));
    const first = game.position;
    play(game, '46-41', '3-9', '41-46', '9-3');
    expect(game.position.wLo).toBe(first.wLo);
    expect(game.position.equals(first)).toBe(false);
    expect(game.position.keyString()).not.toBe(first.keyString());
    expect(game.repetitions()).toBe(1);
  });
});

describe('Frisian: captures of greatest value, then by a king', () => {
  // 42 = d2, 37 = c3, 43 = f2, 34 = h4, 21 = b6, 31 = b4, 44 = h2, 24 = h6, 11 = b8; 50 = i1 on the
  // diagonal i1-h2-g3-f4-e5 (50, 44, 39, 33, 28).
  it('one king (199) beats one man (100)', () => {
    expectNamedMoves(FRISIAN, 'W:W42:BK37,43', ['42x31 [37]']);
  });

  it('two men (200) beat one king', () => {
    // Along the row over f2 onto h2, up the file over h4 onto h6.
    expectNamedMoves(FRISIAN, 'W:W42:BK37,43,34', ['42x44x24 [34,43]']);
  });

  it('a king and a man (299) beat two men', () => {
    expectNamedMoves(FRISIAN, 'W:W42:BK37,21,43,34', ['42x31x11 [21,37]']);
  });

  it('of equal values, the king must capture', () => {
    // The man on 32 could take 28 as well.
    expectNamedMoves(FRISIAN, 'W:W32,K50:B28', ['50x22 [28]', '50x17 [28]', '50x11 [28]', '50x6 [28]']);
  });
});

describe('Frisian draw rules', () => {
  const counters = (text: string, ending: number) => ({ reversible: 0, quiet: 0, ending, material: materialSignature(fen(FRISIAN, text)) });

  it('two kings against one: drawn after 7 moves each', () => {
    expect(drawRulesOf(FRISIAN).endingLimit(counters('W:WK46,K50:BK3', 0).material)).toBe(14);
    expect(drawByCounters(FRISIAN, counters('W:WK46,K50:BK3', 13))).toBeNull();
    expect(drawByCounters(FRISIAN, counters('B:WK46:BK3,K5', 14))).toBe('7 moves each with two kings against one');
  });

  it('a king against a king: drawn after 2 moves each', () => {
    expect(drawByCounters(FRISIAN, counters('W:WK46:BK3', 3))).toBeNull();
    expect(drawByCounters(FRISIAN, counters('W:WK46:BK3', 4))).toBe('2 moves each with a king against a king');
  });

  it('no ending rule with a man on the board or three kings against one', () => {
    expect(drawRulesOf(FRISIAN).endingLimit(counters('W:WK46,45:BK3', 0).material)).toBe(0);
    expect(drawRulesOf(FRYSK).endingLimit(counters('W:WK46,K50,K49:BK3', 0).material)).toBe(0);
  });

  it('a Game counts from the capture that leaves a king against a king', () => {
    // White's king on 46 takes the man on 37, leaving one king each.
    const game = new Game(FRISIAN, fen(FRISIAN, 'W:WK46:B37,K45'));
    game.play(parseMove(FRISIAN, game.position, '46x32'));
    expect(game.drawCounters.ending).toBe(0);
  });
});
