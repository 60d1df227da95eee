// A barrier over shared memory for tasks sent to a pool: each task that arrives counts itself
// and waits until all have arrived. A pool hands a quick task to whichever worker is free, so
// N quick tasks may all run on one worker; tasks that wait for each other cannot, and so each
// of N workers runs exactly one.

/** A counter the tasks share: pass it with every task. */
export function newArrivals(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * Counts the caller in and blocks until `parties` have arrived, or `timeoutMs` has passed.
 * Returns whether all arrived.
 */
export function arriveAndWait(arrived: Int32Array, parties: number, timeoutMs: number): boolean {
  Atomics.add(arrived, 0, 1);
  Atomics.notify(arrived, 0);
  const giveUpAt = Date.now() + timeoutMs;
  for (let seen = Atomics.load(arrived, 0); seen < parties; seen = Atomics.load(arrived, 0)) {
    const left = giveUpAt - Date.now();
    if (left <= 0) return false;
    Atomics.wait(arrived, 0, seen, left);
  }
  return true;
}
