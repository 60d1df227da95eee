// A network's inputs: own man, own king, opposing man and opposing king on each playable square,
// the squares numbered from the side to move's view (the board turned half a turn for Black, so
// that square n is Black's square S + 1 - n). A position and its colour-swapped mirror then give
// the same inputs: the network is colour-symmetric by construction. Input t * S + s is kind t
// (in that order) on view square s (0-based), S the board's playable squares.

import { WHITE, type Position, popcount, reverseBits } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';

/** The variants a network evaluation can be made for: the two whose boards have their own networks' layouts. */
export const NETWORK_VARIANTS = ['english', 'international'] as const;

export interface NetworkBoard {
  /** Playable squares: 32 or 50. */
  readonly squares: number;
  /** Four a square. */
  readonly inputs: number;
  /** Most pieces on the board: a position's active inputs. */
  readonly maxPieces: number;
  /**
   * For each view (WHITE's at 0, BLACK's at 64) and each bit of a position's two words, the
   * square the bit is from that view, 0-based; -1 for a bit that is no square.
   */
  readonly view: Int32Array;
}

const boards = new Map<string, NetworkBoard>();

/** The network layout of a variant's board; throws for a variant that has none. */
export function networkBoard(variant: Variant): NetworkBoard {
  const known = boards.get(variant.name);
  if (known) return known;
  if (!hasNetworkBoard(variant)) {
    throw new Error(`evaluation networks are for ${NETWORK_VARIANTS.join(' and ')} draughts only, not ${variant.name}`);
  }
  const g = variant.geometry, S = g.squares, view = new Int32Array(128).fill(-1);
  for (let sq = 1; sq <= S; sq++) {
    view[g.bit(sq)] = sq - 1;
    view[64 + g.bit(sq)] = S - sq;
  }
  const start = variant.startPosition();
  const maxPieces = [start.wLo, start.wHi, start.bLo, start.bHi].reduce((n, x) => n + popcount(x), 0);
  const board = { squares: S, inputs: 4 * S, maxPieces, view };
  boards.set(variant.name, board);
  return board;
}

/** Whether a variant can have a network evaluation (networkBoard() would not throw). */
export function hasNetworkBoard(variant: Variant): boolean {
  return (NETWORK_VARIANTS as readonly string[]).includes(variant.name);
}

/** The active inputs of a position (one a piece), as the evaluator reads it; returns their number. */
export function networkInputs(pos: Position, board: NetworkBoard, out: Int32Array): number {
  const white = pos.side === WHITE;
  if (board.squares === 32) {
    // English keeps its own order (own pieces, then the opponent's, each by view square), in
    // which its shipped network was fitted: a fit sums floats in this order.
    const k = pos.kLo;
    const own = white ? pos.wLo : reverseBits(pos.bLo), opp = white ? pos.bLo : reverseBits(pos.wLo), kings = white ? k : reverseBits(k);
    let n = 0;
    for (let x = own; x !== 0; x &= x - 1) out[n++] = ((kings & x & -x) !== 0 ? 32 : 0) + 31 - Math.clz32(x & -x);
    for (let x = opp; x !== 0; x &= x - 1) out[n++] = ((kings & x & -x) !== 0 ? 96 : 64) + 31 - Math.clz32(x & -x);
    return n;
  }
  const S = board.squares, view = board.view, at = white ? 0 : 64;
  const ownLo = white ? pos.wLo : pos.bLo, ownHi = white ? pos.wHi : pos.bHi;
  const oppLo = white ? pos.bLo : pos.wLo, oppHi = white ? pos.bHi : pos.wHi;
  let n = listInputs(out, 0, ownLo, pos.kLo, 0, 0, S, view, at);
  n = listInputs(out, n, ownHi, pos.kHi, 32, 0, S, view, at);
  n = listInputs(out, n, oppLo, pos.kLo, 0, 2 * S, S, view, at);
  return listInputs(out, n, oppHi, pos.kHi, 32, 2 * S, S, view, at);
}

/** Lists the inputs of one word's pieces (`bit0`: the word's first bit; `first`: the input of a man on view square 0). */
function listInputs(out: Int32Array, n: number, pieces: number, kings: number, bit0: number, first: number, S: number, view: Int32Array, at: number): number {
  for (let x = pieces; x !== 0; x &= x - 1) {
    const low = x & -x;
    out[n++] = first + ((kings & low) !== 0 ? S : 0) + view[at + bit0 + 31 - Math.clz32(low)];
  }
  return n;
}
