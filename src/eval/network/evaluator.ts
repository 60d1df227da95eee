// The network evaluation: a small network (inputs.ts: the pieces on the squares from the side
// to move's view, 128 on the 8x8 board and 200 on the 10x10; two hidden layers of clipped
// ReLUs) computed by a WebAssembly kernel (kernel.ts). From the side to move's view, so a position and its colour-swapped mirror give
// the network the same inputs and score exactly the same: no symmetry to get wrong. A network
// file may hold one network a phase of the game (by the pieces left, as GuiNN's do): each has
// a kernel instance of its own, so that each keeps its own first-layer sums up to date. This is
// the 8x8 board's; wide-evaluator.ts is the 10x10's.

import { stepDownLeft, stepDownRight, stepUpLeft, stepUpRight } from '../../rules/diagonal-8x8.ts';
import { type Position, WHITE, popcount, reverseBits } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import type { PositionEvaluator } from '../position-evaluator.ts';
import { type NetworkRun, instantiateNetwork } from './kernel.ts';
import { type PhaseTable, phaseTable } from './phase-table.ts';
import type { NetworkWeights } from './network-file.ts';

/** Scores stay well inside the search's won and lost range, whatever the network says. */
const LIMIT = 20000;

export class NetworkEvaluator implements PositionEvaluator {
  sideToMoveStuck = false;
  /** The kernel of the network of the most pieces (the only one, in a file of one phase), and its scale. */
  private readonly run: NetworkRun;
  private readonly scale: number;
  /** With phases, by the pieces on the board (0 to 24): the kernel of the network that scores them, and its scale. */
  private readonly phased: PhaseTable<NetworkRun> | null = null;

  /** `run`: the kernel to call for a network of one phase, instantiated from `weights` by default (benchmarks and tests pass one of their own, to record its calls or to sum afresh). */
  constructor(readonly variant: Variant, weights: NetworkWeights, run?: NetworkRun) {
    if (weights.variant !== variant.name) throw new Error(`evaluation network is for ${weights.variant}, not ${variant.name}`);
    if (variant.name !== 'english') throw new Error(`the 8x8 network evaluation is for English draughts, not ${variant.name}`);
    const table = phaseTable(weights, 24, (w) => instantiateNetwork(w), run);
    // A full board is always the file's own network: the one to call without phases.
    this.run = table.runs[24];
    this.scale = table.scales[24];
    if ((weights.phases ?? []).length > 0) this.phased = table;
  }

  evaluate(pos: Position): number {
    // English: square n is bit n - 1 of the low word; White moves up (towards square 1).
    const k = pos.kLo, w = pos.wLo, b = pos.bLo, empty = ~(w | b);
    let run = this.run, scale = this.scale;
    const phased = this.phased;
    if (phased !== null) {
      const pieces = popcount(w | b);
      run = phased.runs[pieces];
      scale = phased.scales[pieces];
    }
    let z: number;
    if (pos.side === WHITE) {
      const kings = w & k;
      this.sideToMoveStuck = ((stepUpLeft(w) | stepUpRight(w) | stepDownLeft(kings) | stepDownRight(kings)) & empty) === 0;
      z = run(0, w & ~k, kings, b & ~k, b & k);
    } else {
      // Black sees the board turned half a turn: square n is its square 33 - n, bit 31 - i.
      const kings = b & k;
      this.sideToMoveStuck = ((stepDownLeft(b) | stepDownRight(b) | stepUpLeft(kings) | stepUpRight(kings)) & empty) === 0;
      z = run(1, reverseBits(b & ~k), reverseBits(kings), reverseBits(w & ~k), reverseBits(w & k));
    }
    const s = Math.round(z * scale);
    // | 0: Math.round gives -0 for small negative outputs, which V8 does not keep as an integer.
    return s > LIMIT ? LIMIT : s < -LIMIT ? -LIMIT : s | 0;
  }
}
