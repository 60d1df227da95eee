// Scores: centi-men from the side to move, with wins and losses at a known distance beyond
// MATE_BOUND. The table stores a mate as its distance from the stored position, the search
// counts it from the root, and these convert between the two.

export const MAX_PLY = 128;
export const MATE = 30000;
/** Scores beyond this are wins or losses at a known distance. */
export const MATE_BOUND = MATE - 2 * MAX_PLY;
const LOST_BOUND = -MATE_BOUND;
/** Beyond every score: the bounds of a full window. */
export const INF = 32000;

/** Plies to mate from a score (positive: we win), or null for an ordinary score. */
export function mateIn(score: number): number | null {
  if (score > MATE_BOUND) return MATE - score;
  if (score < -MATE_BOUND) return -(MATE + score);
  return null;
}

/**
 * The table keeps a mate score as the distance from its own position, the search's score is
 * from the root: these convert. The arithmetic is done on every call, mate or not, so that the
 * optimised search never meets an operation it has no type feedback for (V8 deoptimises there,
 * over and over in a recursive search, when the first mate score turns up).
 */
export function toTable(score: number, ply: number): number {
  return score + ply * mateSign(score);
}

export function fromTable(score: number, ply: number): number {
  return score - ply * mateSign(score);
}

/** 1 for a win at a known distance, -1 for a loss, 0 for any other score. */
function mateSign(score: number): number {
  return score > MATE_BOUND ? 1 : score < LOST_BOUND ? -1 : 0;
}
