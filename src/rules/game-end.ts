// How a game ends, per variant: in most games the side to move with no legal move loses; in
// Antidraughts it wins; in Breakthrough the first side to crown a king wins at once (and a
// side with no legal move still loses). Game, referee, PDN results and the search all ask here.

import type { Position } from './position.ts';
import type { Variant } from './variant.ts';

export interface GameEnd {
  readonly kind: 'no-move-loses' | 'no-move-wins' | 'first-king-wins';
  /** The side to move with no legal move: -1 it has lost, +1 it has won. */
  readonly noMove: -1 | 1;
  /** A king on the board ends the game, won by its owner (Breakthrough). */
  readonly kingWins: boolean;
}

export const NO_MOVE_LOSES: GameEnd = { kind: 'no-move-loses', noMove: -1, kingWins: false };
export const NO_MOVE_WINS: GameEnd = { kind: 'no-move-wins', noMove: 1, kingWins: false };
export const FIRST_KING_WINS: GameEnd = { kind: 'first-king-wins', noMove: -1, kingWins: true };

export function gameEndOf(variant: Variant): GameEnd {
  return variant.gameEnd ?? NO_MOVE_LOSES;
}

/**
 * Under a king-wins rule, the side to move's result when a king is on the board: -1 the
 * opponent has one (it crowned last move), +1 only the side to move has one (a set-up
 * position), 0 no king. Cheap enough for every search node.
 */
export function kingOutcome(pos: Position): -1 | 0 | 1 {
  if ((pos.kLo | pos.kHi) === 0) return 0;
  const oppLo = pos.side === 0 ? pos.bLo : pos.wLo, oppHi = pos.side === 0 ? pos.bHi : pos.wHi;
  return ((oppLo & pos.kLo) | (oppHi & pos.kHi)) !== 0 ? -1 : 1;
}

export interface Outcome {
  /** The side to move's result: -1 lost, +1 won. */
  sideToMove: -1 | 1;
  reason: string;
}

/** The game's end in `pos` by the variant's rules (draw rules aside), or null while it goes on. */
export function outcomeOf(variant: Variant, pos: Position): Outcome | null {
  const end = gameEndOf(variant);
  const mover = pos.side === 0 ? 'White' : 'Black', other = pos.side === 0 ? 'Black' : 'White';
  if (end.kingWins) {
    const k = kingOutcome(pos);
    if (k !== 0) return { sideToMove: k, reason: `${k < 0 ? other : mover} crowned a king` };
  }
  if (variant.countMoves(pos) === 0) return { sideToMove: end.noMove, reason: `${mover} has no legal move` };
  return null;
}
