// Quiet lines of play for draw-rule tests: moves that never capture, never crown, never allow
// the opponent a capture and never repeat a position, so that only the rule under test can
// end the game.

import { expect } from 'vitest';
import type { Game } from '../../src/game/game.ts';
import { BLACK_KING, WHITE_KING } from '../../src/rules/board.ts';
import type { Move } from '../../src/rules/move.ts';
import type { Position } from '../../src/rules/position.ts';

/** A seeded stream of numbers in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Plays `plies` such moves (found by a small backtracking search), checking the game goes on before each. */
export function quietWalk(game: Game, plies: number, kingsOnly: boolean, seed = 1): void {
  const random = rng(seed);
  const variant = game.variant;
  const seen = new Set<string>();
  const line: Move[] = [];
  let budget = 200_000;
  const search = (pos: Position, left: number): boolean => {
    if (left === 0) return true;
    if (--budget < 0) return false;
    const board = variant.toBoard(pos);
    const moves = variant.legalMoves(pos).filter((m) =>
      m.captured.length === 0 && !m.crowns && (!kingsOnly || board.squares[m.from] === WHITE_KING || board.squares[m.from] === BLACK_KING));
    for (let i = moves.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [moves[i], moves[j]] = [moves[j], moves[i]];
    }
    for (const m of moves) {
      const next = variant.play(pos, m);
      const key = next.keyString();
      if (seen.has(key) || variant.hasCapture(next)) continue;
      seen.add(key);
      line.push(m);
      if (search(next, left - 1)) return true;
      line.pop();
      seen.delete(key);
    }
    return false;
  };
  for (let i = 0; i < game.ply + 1; i++) seen.add(game.position.keyString());
  expect(search(game.position, plies), 'a quiet line exists').toBe(true);
  for (const m of line) {
    expect(game.status().result, `game ended early at ply ${game.ply}: ${game.status().reason}`).toBe('*');
    game.play(m);
  }
}
