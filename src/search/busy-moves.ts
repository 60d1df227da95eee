// Which moves the searches sharing a table are searching right now (simplified ABDADA, after
// Tom Kerrigan): a search about to search a move marks the position it leads to, and clears
// the mark when done. Another search meeting a marked move at one of its own nodes puts it
// off until its other moves are searched, so that two searches of one depth split the tree
// between them instead of walking it in step; by the time it comes back to the move, the
// table often holds the other's answer. A mark is a hint, never trusted for a score: slots
// are shared by index, written without locks, and a lost or stale mark only changes order.

const SLOTS = 1 << 14;
const MASK = SLOTS - 1;

export function newBusyMoves(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * SLOTS));
}

/** The mark of a position key: its low word, never 0 (an empty slot). */
function tag(lo: number): number {
  return lo === 0 ? 1 : lo;
}

export function isBusy(busy: Int32Array, lo: number, hi: number): boolean {
  return busy[hi & MASK] === tag(lo);
}

export function markBusy(busy: Int32Array, lo: number, hi: number): void {
  busy[hi & MASK] = tag(lo);
}

export function clearBusy(busy: Int32Array, lo: number, hi: number): void {
  const i = hi & MASK;
  if (busy[i] === tag(lo)) busy[i] = 0;
}
