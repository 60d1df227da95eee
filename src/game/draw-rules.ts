// Draw-rule bookkeeping per ply (RULES.md). Kept as plain numbers so that search can carry
// the same counters along its tree cheaply.
//
// Decisions where the rule book's words leave room:
// - English "40 moves by each player with neither a capture nor a crowning": a counter of
//   plies since the last capture or crowning; the position after the 80th such ply is drawn.
// - International "25 moves by each player in which only kings moved and nothing was
//   captured": plies since the last capture or man move; drawn after the 50th.
// - International 16- and 5-move rules: the count starts at the ply where the material
//   first matches one of the listed endings (a lone king against three kings, two kings and
//   a man, or a king and two men: 16 moves each = 32 plies; against two kings, a king and a
//   man, or a king: 5 moves each = 10 plies) and restarts whenever the material changes
//   (a capture or a crowning), because the rule book counts "more moves" from the new ending.
// - A game whose side to move has no legal move is lost even at a ply where a draw rule
//   would also fire: the game ended with that move.

import { type Position, popcount } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';

export interface DrawCounters {
  /** Plies since the last capture or man move: positions before that cannot repeat. */
  reversible: number;
  /** English: plies since a capture or crowning. International: plies of king-only, capture-free moves. */
  quiet: number;
  /** International endings: plies since the current ending's material arose, or -1 outside those endings. */
  ending: number;
  /** Material signature for the ending rule (men and kings of each side). */
  material: number;
}

export const ENGLISH_QUIET_LIMIT = 80;
export const INTERNATIONAL_QUIET_LIMIT = 50;
export const ENDING_16_LIMIT = 32;
export const ENDING_5_LIMIT = 10;

/** Material signature: men and kings of each side packed in one number (for the ending rules). */
export function materialSignature(pos: Position): number {
  const wk = popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi);
  const bk = popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi);
  const wm = popcount(pos.wLo & ~pos.kLo) + popcount(pos.wHi & ~pos.kHi);
  const bm = popcount(pos.bLo & ~pos.kLo) + popcount(pos.bHi & ~pos.kHi);
  return ((wm * 64 + wk) * 64 + bm) * 64 + bk;
}

/** Plies the ending rule allows for this material: 32, 10, or 0 when no ending rule applies. */
export function endingLimit(signature: number): number {
  const bk = signature % 64, bm = Math.floor(signature / 64) % 64;
  const wk = Math.floor(signature / 4096) % 64, wm = Math.floor(signature / 262144);
  const limitFor = (kings: number, men: number, loneKings: number, loneMen: number): number => {
    if (loneKings !== 1 || loneMen !== 0 || kings < 1) return 0;
    const pieces = kings + men;
    if (pieces === 3) return ENDING_16_LIMIT; // 3 kings, 2 kings + man, king + 2 men
    if (pieces <= 2) return ENDING_5_LIMIT; // 2 kings, king + man, king
    return 0;
  };
  return Math.max(limitFor(wk, wm, bk, bm), limitFor(bk, bm, wk, wm));
}

export function initialCounters(variant: Variant, pos: Position): DrawCounters {
  const sig = materialSignature(pos);
  return { reversible: 0, quiet: 0, ending: variant.flyingKings && endingLimit(sig) > 0 ? 0 : -1, material: sig };
}

/** Counters after a move from `before` to `after`; `manMoved` and `captured`, `crowned` describe the move. */
export function nextCounters(
  variant: Variant, prev: DrawCounters, after: Position, manMoved: boolean, captured: boolean, crowned: boolean,
): DrawCounters {
  const reversible = manMoved || captured ? 0 : prev.reversible + 1;
  const quiet = variant.flyingKings
    ? (manMoved || captured ? 0 : prev.quiet + 1)
    : (captured || crowned ? 0 : prev.quiet + 1);
  let ending = -1;
  let sig = prev.material;
  if (variant.flyingKings) {
    if (captured || crowned) sig = materialSignature(after);
    if (endingLimit(sig) > 0) ending = sig === prev.material && prev.ending >= 0 ? prev.ending + 1 : 0;
  }
  return { reversible, quiet, ending, material: sig };
}

/** The draw rule (other than repetition) that the counters say has fired, or null. */
export function drawByCounters(variant: Variant, c: DrawCounters): string | null {
  if (variant.flyingKings) {
    if (c.quiet >= INTERNATIONAL_QUIET_LIMIT) return '25 moves each with only kings moving and no capture';
    if (c.ending >= 0) {
      const limit = endingLimit(c.material);
      if (c.ending >= limit) return limit === ENDING_16_LIMIT ? '16-move rule in a king ending' : '5-move rule in a king ending';
    }
    return null;
  }
  return c.quiet >= ENGLISH_QUIET_LIMIT ? '40 moves each without a capture or crowning' : null;
}
