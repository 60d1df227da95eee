// Lazy SMP: several searches of the same root at once, sharing one transposition table, so
// that what one has searched the others find there. The main search decides the move and
// reports; helpers only fill the table. Helpers that walked the same tree in step would
// add little, so each one skips some iteration depths (it runs ahead of or beside the
// main search) and orders the quiet moves at the root a little differently.

/** Where a search stands among those sharing its table. */
export interface ParallelRole {
  /** 0 for the main search, 1 and up for helpers. */
  index: number;
  /** Nodes searched so far, one slot a search (by index), published as the search polls its stop flag. */
  nodeCounts: BigInt64Array;
}

/**
 * Whether helper `index` leaves out iteration `depth`: helper 1 searches the even depths,
 * helper 2 the odd ones, helpers 3 and 4 pairs of depths, and so on. The main search (0) does every depth.
 */
export function skipsDepth(index: number, depth: number): boolean {
  if (index === 0) return false;
  const size = 1 + ((index - 1) >> 1);
  const phase = (index - 1) & 1;
  return (Math.floor((depth + phase * size) / size) & 1) === 1;
}

/** A small per-helper bias for a quiet root move (0 for the main search), below any killer or crowning bonus. */
export function rootOrderBias(index: number, from: number, to: number): number {
  if (index === 0) return 0;
  return (Math.imul(from * 64 + to + 1, 0x9e3779b1 + index * 0x632be5ab) >>> 22) & 1023;
}

export function publishNodes(role: ParallelRole, nodes: number): void {
  Atomics.store(role.nodeCounts, role.index, BigInt(nodes));
}

/** Nodes of every search sharing the table: `own` for the caller's slot (exact), the published counts for the rest. */
export function totalNodes(role: ParallelRole, own: number): number {
  let total = own;
  for (let i = 0; i < role.nodeCounts.length; i++) if (i !== role.index) total += Number(Atomics.load(role.nodeCounts, i));
  return total;
}
