// A network with random parameters, for the network tests.

import { networkBoard } from '../../src/eval/network/inputs.ts';
import { type NetworkWeights, networkLayout } from '../../src/eval/network/network-file.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { ENGLISH } from '../../src/rules/variants.ts';
import { initialNetwork } from '../../src/train/network-fit.ts';
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
