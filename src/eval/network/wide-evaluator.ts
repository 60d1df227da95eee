// The network evaluation on the 10x10 board (International draughts): evaluator.ts's network
// with 200 inputs, its kernel given the position's words as they are (kernel.as.ts
// evaluateWide) rather than turned to the side to move's view, which on this board's layout is
// no cheap bit trick. A class of its own so that the 8x8 evaluator's hot path stays as it was.

import { VALID_HI, VALID_LO } from '../../rules/international.ts';
import { type Position, WHITE, popcount } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import type { PositionEvaluator } from '../position-evaluator.ts';
import { networkBoard } from './inputs.ts';
import { type WideNetworkRun, instantiateWideNetwork } from './kernel.ts';
import { phaseTable } from './phase-table.ts';
import type { NetworkWeights } from './network-file.ts';

/** Scores stay well inside the search's won and lost range, whatever the network says. */
const LIMIT = 20000;

export class WideNetworkEvaluator implements PositionEvaluator {
  sideToMoveStuck = false;
  /** By the pieces on the board (0 to 40): the kernel of the network that scores them (the one network, without phases), and its scale. */
  private readonly runs: WideNetworkRun[];
  private readonly scales: Float64Array;

  /** `run`: the kernel to call for a network of one phase (tests pass one that sums afresh). */
  constructor(readonly variant: Variant, weights: NetworkWeights, run?: WideNetworkRun) {
    if (weights.variant !== variant.name) throw new Error(`evaluation network is for ${weights.variant}, not ${variant.name}`);
    const board = networkBoard(variant);
    if (board.squares !== 50) throw new Error(`the 10x10 network evaluation is not for ${variant.name}`);
    const table = phaseTable(weights, board.maxPieces, (w) => instantiateWideNetwork(w, board), run);
    this.runs = table.runs;
    this.scales = table.scales;
  }

  evaluate(pos: Position): number {
    // Square n is bit (n - 1) + floor((n - 1) / 10) of the two words; a step up (towards square
    // 1, White's forward) is 5 or 6 bits down, and a step off the board lands on a ghost bit or
    // outside the board's bits, which the empty squares leave out (rules/international.ts).
    const wLo = pos.wLo, wHi = pos.wHi, bLo = pos.bLo, bHi = pos.bHi, kLo = pos.kLo, kHi = pos.kHi;
    const eLo = ~(wLo | bLo) & VALID_LO, eHi = ~(wHi | bHi) & VALID_HI;
    const pieces = popcount(wLo | bLo) + popcount(wHi | bHi);
    const run = this.runs[pieces];
    let z: number;
    if (pos.side === WHITE) {
      const kl = wLo & kLo, kh = wHi & kHi;
      this.sideToMoveStuck = (upLo(wLo, wHi) & eLo) === 0 && (upHi(wHi) & eHi) === 0 &&
        (downLo(kl) & eLo) === 0 && (downHi(kl, kh) & eHi) === 0;
      z = run(0, wLo & ~kLo, wHi & ~kHi, kl, kh, bLo & ~kLo, bHi & ~kHi, bLo & kLo, bHi & kHi);
    } else {
      const kl = bLo & kLo, kh = bHi & kHi;
      this.sideToMoveStuck = (downLo(bLo) & eLo) === 0 && (downHi(bLo, bHi) & eHi) === 0 &&
        (upLo(kl, kh) & eLo) === 0 && (upHi(kh) & eHi) === 0;
      z = run(1, bLo & ~kLo, bHi & ~kHi, kl, kh, wLo & ~kLo, wHi & ~kHi, wLo & kLo, wHi & kHi);
    }
    const s = Math.round(z * this.scales[pieces]);
    // | 0: Math.round gives -0 for small negative outputs, which V8 does not keep as an integer.
    return s > LIMIT ? LIMIT : s < -LIMIT ? -LIMIT : s | 0;
  }
}

// The squares a step up (5 or 6 bits down) or down (5 or 6 bits up) from the pieces reaches,
// as the two words of the 64-bit board.
function upLo(lo: number, hi: number): number {
  return (lo >>> 5) | (hi << 27) | (lo >>> 6) | (hi << 26);
}
function upHi(hi: number): number {
  return (hi >>> 5) | (hi >>> 6);
}
function downLo(lo: number): number {
  return (lo << 5) | (lo << 6);
}
function downHi(lo: number, hi: number): number {
  return (hi << 5) | (lo >>> 27) | (hi << 6) | (lo >>> 26);
}
