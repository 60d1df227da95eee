// Perft: count the leaves of the legal-move tree, the standard check of a move generator.
// The last ply is bulk-counted (countMoves), which is what published speed figures assume.

import { MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';

const MAX_DEPTH = 64;

/** Reusable per-depth buffers, so a perft run allocates nothing per node. */
export class PerftRunner {
  private readonly lists: MoveList[] = [];
  private readonly positions: Position[] = [];

  constructor(private readonly variant: Variant) {
    for (let i = 0; i <= MAX_DEPTH; i++) {
      this.lists.push(new MoveList());
      this.positions.push(new Position());
    }
  }

  /** Leaves at `depth` plies below `pos` (depth 0 counts the position itself). */
  run(pos: Position, depth: number): number {
    if (depth > MAX_DEPTH) throw new Error(`perft depth ${depth} is above the maximum ${MAX_DEPTH}`);
    if (depth === 0) return 1;
    return this.search(pos, depth);
  }

  private search(pos: Position, depth: number): number {
    const variant = this.variant;
    if (depth === 1) return variant.countMoves(pos);
    const list = this.lists[depth];
    const child = this.positions[depth];
    const n = variant.generate(pos, list);
    let total = 0;
    for (let i = 0; i < n; i++) {
      variant.make(child, pos, list, i);
      total += this.search(child, depth - 1);
    }
    return total;
  }
}

export function perft(variant: Variant, pos: Position, depth: number): number {
  return new PerftRunner(variant).run(pos, depth);
}
