// Piscina worker: counts one perft subtree. Positions travel as their plain fields (engine/task.ts).

import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { PerftRunner } from './perft.ts';
import type { PerftTask } from './perft-parallel.ts';

const runners = new Map<string, PerftRunner>();

export default function run(task: PerftTask): number {
  const variant = getVariant(task.variant);
  let runner = runners.get(variant.name);
  if (!runner) runners.set(variant.name, (runner = new PerftRunner(variant)));
  const pos = Object.assign(new Position(), task.position);
  return runner.run(pos, task.depth);
}
