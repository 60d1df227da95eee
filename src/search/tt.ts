// Transposition table in one preallocated Int32Array: buckets of four 4-word entries (one
// 64-byte cache line). Word 0 checks the key's high half (the low half chose the bucket),
// word 1 is the move, word 2 the score, word 3 packs depth, bound and the search generation.
// Replacement inside a bucket: the same position, else the entry that is oldest, then shallowest.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRY = 4;
const BUCKET = 4 * ENTRY;

export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  private generation = 0;
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

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** A new search: older entries become the first to be replaced. */
  nextGeneration(): void {
    this.generation = (this.generation + 1) & 0xff;
  }

  /** Looks the position up; on a hit fills move, score, depth and bound and returns true. */
  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET;
    // Zero is the empty entry's check word, so keys are stored with their low bit forced on.
    const check = keyHi | 1;
    for (let i = base; i < base + BUCKET; i += ENTRY) {
      if (d[i] === check) {
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
      if (d[i] === check) {
        // Keep a known move when the new result has none.
        if (move === 0) move = d[i + 1];
        slot = i;
        break;
      }
      const info = d[i + 3];
      const age = (this.generation - (info >>> 10)) & 0xff;
      const value = d[i] === 0 ? -Infinity : (info & 0xff) - 8 * age;
      if (value < worst) {
        worst = value;
        slot = i;
      }
    }
    d[slot] = check;
    d[slot + 1] = move;
    d[slot + 2] = score;
    d[slot + 3] = Math.min(254, Math.max(0, depth + 1)) | (bound << 8) | (this.generation << 10);
  }
}
