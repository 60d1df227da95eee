// Piscina worker: counts one perft subtree. Positions travel as their plain bitboard fields.

import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { computeKey } from '../rules/convert.ts';
import { PerftRunner } from './perft.ts';
import type { PerftTask } from './perft-parallel.ts';

const runners = new Map<string, PerftRunner>();

export default function run(task: PerftTask): number {
  const variant = getVariant(task.variant);
  let runner = runners.get(variant.name);
  if (!runner) runners.set(variant.name, (runner = new PerftRunner(variant)));
  const pos = Object.assign(new Position(), task.position);
  computeKey(pos);
  return runner.run(pos, task.depth);
}
