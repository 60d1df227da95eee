// Moves: packed in typed arrays on hot paths (MoveList), plain objects elsewhere (Move).

/** A legal move by square numbers. */
export interface Move {
  from: number;
  to: number;
  /** Captured squares, ascending. Empty for a quiet move. */
  captured: number[];
  /** Landing squares of a capture in order, ending with `to` (one path, if several lead to the same move). */
  path: number[];
  /** The man is crowned by this move. */
  crowns: boolean;
}

/** Most legal moves seen in any draughts position is far below this; generation never overflows it. */
export const MAX_MOVES = 256;
const MAX_PATH = 24;

/**
 * A preallocated list of moves in bit indices. Generation writes here; make() reads here.
 * `from`/`to` are bit indices; captures are a (lo, hi) bitboard; flags bit 0 = crowns.
 * On the 12x12 board the captured bits 64-87 (its squares 65-72) ride in the flags word's
 * upper bits (capturedEx()): everything that moves a list's entries about (the search's
 * ordering) then carries them without knowing the big board, and the other boards, whose
 * generators write flags 0 or 1, never see them.
 */
export class MoveList {
  count = 0;
  readonly from = new Int32Array(MAX_MOVES);
  readonly to = new Int32Array(MAX_MOVES);
  readonly capLo = new Int32Array(MAX_MOVES);
  readonly capHi = new Int32Array(MAX_MOVES);
  readonly flags = new Int32Array(MAX_MOVES);
  /** Number of pieces captured by the moves in this list (all moves capture the same count under the majority rule, not in English). */
  readonly captures = new Int32Array(MAX_MOVES);
  /** Landing squares (bit indices) when `withPaths` is set; slow-path use only. */
  readonly paths: Int32Array | null;
  readonly pathLength: Int32Array | null;

  constructor(readonly withPaths = false) {
    this.paths = withPaths ? new Int32Array(MAX_MOVES * MAX_PATH) : null;
    this.pathLength = withPaths ? new Int32Array(MAX_MOVES) : null;
  }

  static readonly MAX_PATH = MAX_PATH;
}

export const CROWNS = 1;
/** Where the captured bits 64-87 start in a move's flags. */
export const CAPTURED_EX_SHIFT = 8;

/** A move's captured bits 64-87 (the third word's), from its flags. */
export function capturedEx(flags: number): number {
  return flags >>> CAPTURED_EX_SHIFT;
}
