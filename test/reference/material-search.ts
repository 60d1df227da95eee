// A deliberately simple material-only search for checking tactics independently of the
// engine's search and evaluation: plain alpha-beta over the rules' legal moves, a man worth
// 2 and a king 3, captures always played out (no standing pat while a capture is on), a side
// with no move lost. Slow and obviously correct is the point.

import type { Move } from '../../src/rules/move.ts';
import { type Position, WHITE, popcount } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';

export const MAN = 2;
export const KING = 3;
const LOST = -1000;

/** Material of the side to move minus the opponent's. */
export function material(pos: Position): number {
  const kw = popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi);
  const kb = popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi);
  const w = popcount(pos.wLo) + popcount(pos.wHi) - kw;
  const b = popcount(pos.bLo) + popcount(pos.bHi) - kb;
  const white = w * MAN + kw * KING - b * MAN - kb * KING;
  return pos.side === WHITE ? white : -white;
}

/** Best material balance the side to move can force within `plies` (captures played out beyond). */
export function materialSearch(variant: Variant, pos: Position, plies: number, alpha = -Infinity, beta = Infinity): number {
  const moves = variant.legalMoves(pos);
  if (moves.length === 0) return LOST;
  const capturing = moves[0].captured.length > 0;
  if (plies <= 0 && !capturing) return material(pos);
  let best = -Infinity;
  for (const m of moves) {
    const v = -materialSearch(variant, variant.play(pos, m), plies - 1, -beta, -Math.max(alpha, best));
    if (v > best) best = v;
    if (best >= beta) break;
  }
  return best;
}

/** Exact value of each root move (full window, so values are comparable). */
export function rootValues(variant: Variant, pos: Position, plies: number): { move: Move; value: number }[] {
  return variant.legalMoves(pos).map((move) => ({ move, value: -materialSearch(variant, variant.play(pos, move), plies - 1) }));
}
