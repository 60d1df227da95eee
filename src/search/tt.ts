// Transposition table in one preallocated Int32Array: buckets of four 4-word entries (one
// 64-byte cache line). Word 0 checks the key's high half (the low half chose the bucket),
// word 1 is the move, word 2 the score, word 3 packs depth (8 bits), bound (2) and the search
// generation (22). Replacement inside a bucket: the same position, else the entry that is
// oldest, then shallowest.
//
// Clearing never touches memory: entries older than the first generation after clear() count
// as empty. A fresh allocation is zero already (the OS hands out zeroed pages as they are first
// touched), whereas zeroing 4 GB takes many seconds, which must never fall inside a move's time.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY = 4;
const BUCKET = 4 * ENTRY;
const GENERATION_SHIFT = 10;
const LAST_GENERATION = (1 << 22) - 1;

export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  /** The current search's generation; entries below `oldest` are from before the last clear(). */
  private generation = 1;
  private oldest = 1;
  /** Filled in by probe(). */
  move = 0;
  score = 0;
  depth = 0;
  bound = BOUND_NONE;

  constructor(megabytes: number) {
    const buckets = TranspositionTable.bucketsFor(megabytes);
    this.data = new Int32Array(buckets * BUCKET);
    this.mask = buckets - 1;
  }

  /** Largest power of two of 64-byte buckets that fits the size. */
  private static bucketsFor(megabytes: number): number {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * BUCKET * 4 <= bytes) buckets *= 2;
    return buckets;
  }

  get megabytes(): number {
    return (this.data.length * 4) / (1024 * 1024);
  }

  resize(megabytes: number): void {
    const buckets = TranspositionTable.bucketsFor(megabytes);
    if (buckets - 1 === this.mask) return;
    this.data = new Int32Array(buckets * BUCKET);
    this.mask = buckets - 1;
  }

  /** Forgets every entry at once, without writing to the table. */
  clear(): void {
    this.oldest = this.generation + 1;
  }

  /** A new search: older entries become the first to be replaced. */
  nextGeneration(): void {
    if (this.generation === LAST_GENERATION) {
      // Four million searches in one process: start the count again over a really empty table.
      this.data.fill(0);
      this.generation = 0;
      this.oldest = 1;
    }
    this.generation++;
  }

  /** Whether the entry at i belongs to the position with this check word and is not forgotten. */
  private holds(i: number, check: number): boolean {
    return this.data[i] === check && this.data[i + 3] >>> GENERATION_SHIFT >= this.oldest;
  }

  /** Looks the position up; on a hit fills move, score, depth and bound and returns true. */
  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET;
    // Zero is the empty entry's check word, so keys are stored with their low bit forced on.
    const check = keyHi | 1;
    for (let i = base; i < base + BUCKET; i += ENTRY) {
      if (this.holds(i, check)) {
        this.move = d[i + 1];
        this.score = d[i + 2];
        const info = d[i + 3];
        this.depth = (info & 0xff) - 1;
        this.bound = (info >>> 8) & 3;
        return true;
      }
    }
    this.move = 0;
    this.bound = BOUND_NONE;
    return false;
  }

  store(keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number): void {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET;
    const check = keyHi | 1;
    let slot = base;
    let worst = Infinity;
    for (let i = base; i < base + BUCKET; i += ENTRY) {
      const info = d[i + 3];
      const generation = info >>> GENERATION_SHIFT;
      if (d[i] === check && generation >= this.oldest) {
        // Keep a known move when the new result has none.
        if (move === 0) move = d[i + 1];
        slot = i;
        break;
      }
      const value = generation < this.oldest ? -Infinity : (info & 0xff) - 8 * (this.generation - generation);
      if (value < worst) {
        worst = value;
        slot = i;
      }
    }
    d[slot] = check;
    d[slot + 1] = move;
    d[slot + 2] = score;
    d[slot + 3] = Math.min(254, Math.max(0, depth + 1)) | (bound << 8) | (this.generation << GENERATION_SHIFT);
  }
}
