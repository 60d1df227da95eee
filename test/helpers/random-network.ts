// Network test helpers: a network with random parameters, and how far the integer kernel's
// scores are from the floating-point network's.

import { networkBoard, networkInputs } from '../../src/eval/network/inputs.ts';
import { type NetworkWeights, networkLayout } from '../../src/eval/network/network-file.ts';
import type { PositionEvaluator } from '../../src/eval/position-evaluator.ts';
import type { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { ENGLISH } from '../../src/rules/variants.ts';
import { FloatNetwork, initialNetwork } from '../../src/train/network-fit.ts';
import { rng } from '../reference/random-positions.ts';

/** A network with random parameters of a trained network's size, for `variant`'s board. */
export function randomNetwork(h1: number, h2: number, seed: number, variant: Variant = ENGLISH): NetworkWeights {
  const inputs = networkBoard(variant).inputs;
  const p = initialNetwork(inputs, h1, h2, seed), at = networkLayout(inputs, h1, h2), random = rng(seed + 1);
  // Biases too, and a last layer large enough that the output spans a few men.
  for (let j = 0; j < h1; j++) p[at.b1 + j] = (random() - 0.3) * 0.5;
  for (let k = 0; k < h2; k++) { p[at.b2 + k] = (random() - 0.3) * 0.5; p[at.w3 + k] = (random() - 0.5) * 4; }
  return { kind: 'network', variant: variant.name, inputs, hidden: [h1, h2], scale: 75, parameters: p };
}

/** The kernel evaluator's distance from the floating-point network `w` over `positions`: mean and worst, with the mean size of the exact scores. */
export function kernelError(kernel: PositionEvaluator, w: NetworkWeights, variant: Variant, positions: Position[]) {
  const board = networkBoard(variant), float = new FloatNetwork(board.inputs, w.hidden[0], w.hidden[1], w.parameters);
  const inputs = new Int32Array(board.maxPieces);
  let worst = 0, sum = 0, spread = 0;
  for (const pos of positions) {
    const n = networkInputs(pos, board, inputs);
    const exact = float.forward(inputs, 0, n) * w.scale;
    const d = Math.abs(kernel.evaluate(pos) - exact);
    worst = Math.max(worst, d); sum += d; spread += Math.abs(exact);
  }
  return { spread: spread / positions.length, mean: sum / positions.length, worst };
}
