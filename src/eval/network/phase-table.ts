// Which network of a file scores a position, by the pieces on the board: the file's own network
// for the most pieces, each later phase's (`damka train join-networks`) for at most its count.
// Both boards' evaluators index these arrays once an evaluation.

import type { NetworkWeights } from './network-file.ts';

export interface PhaseTable<Run> {
  /** By the pieces on the board (0 to the board's most): the kernel of the network that scores them. */
  runs: Run[];
  /** The same network's scale (centi-men a unit of output). */
  scales: Float64Array;
}

/**
 * Each network of `weights` instantiated once, and for every piece count the last network whose
 * phase allows it. `run`: a kernel of the caller's own for a network of one phase (benchmarks and
 * tests pass one, to record its calls or to sum afresh).
 */
export function phaseTable<Run>(weights: NetworkWeights, maxPieces: number, instantiate: (w: NetworkWeights) => Run, run?: Run): PhaseTable<Run> {
  const phases = weights.phases ?? [];
  if (run !== undefined && phases.length > 0) throw new Error('a kernel of one\'s own is for a network of one phase');
  const nets = [{ run: run ?? instantiate(weights), scale: weights.scale, maxPieces }];
  for (const ph of phases) nets.push({ run: instantiate(ph.weights), scale: ph.weights.scale, maxPieces: ph.maxPieces });
  // Filled in order, so that the array stays packed (fast to index).
  const at = (pieces: number) => nets.filter((n) => pieces <= n.maxPieces).at(-1)!;
  return {
    runs: Array.from({ length: maxPieces + 1 }, (_, pieces) => at(pieces).run),
    scales: Float64Array.from({ length: maxPieces + 1 }, (_, pieces) => at(pieces).scale),
  };
}
