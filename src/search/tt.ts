// Transposition table in one Int32Array over shared memory, so that the workers of a parallel
// search can map the same table: buckets of four 4-word entries (one 64-byte cache line).
// Word 1 is the move, word 2 the score, word 3 packs depth (8 bits), bound (2) and the search
// generation (22); word 0 is the key's high half (the low half chose the bucket) XOR those
// three. Replacement inside a bucket: the same position, else the entry that is oldest, then
// shallowest.
//
// Workers write entries without locks, so a reader may meet an entry half written by one
// worker and half by another. Reading each word once and checking word 0 against the key
// XOR the words read rejects such a torn entry (a miss) instead of trusting a move or score
// that belongs to another position. A move that slipped through would still be harmless: the
// search plays only moves it generated itself and uses the table's move to order them.
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
const BUCKET_BYTES = BUCKET * 4;
const GENERATION_SHIFT = 10;
export const LAST_GENERATION = (1 << 22) - 1;
/** A 4 KB memory page in 32-bit words, and the share of a table one thread prefaults at a time (16 MB). */
const PAGE_WORDS = 1024;
const PREFAULT_CHUNK_WORDS = 4 * 1024 * 1024;

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
  /** What prefetch() read: kept so that the compiler cannot drop the read as unused. */
  private touched = 0;

  constructor(megabytes: number) {
    this.data = new Int32Array(TranspositionTable.allocate(megabytes));
    this.mask = this.data.length / BUCKET - 1;
  }

  /**
   * Zeroed memory for a table of about `megabytes` (the largest power of two of buckets that
   * fits), shared where the platform has shared memory (a browser page that is not
   * cross-origin isolated has none: there the table is the worker's own).
   */
  static allocate(megabytes: number): SharedArrayBuffer | ArrayBuffer {
    const bytes = TranspositionTable.bytesFor(megabytes);
    return typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  }

  /** The size in bytes of a table of about `megabytes`: the largest power of two of buckets that fits. */
  private static bytesFor(megabytes: number): number {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * BUCKET_BYTES <= bytes) buckets *= 2;
    return buckets * BUCKET_BYTES;
  }

  /**
   * Writes a word of every memory page of a fresh table. The system hands a new buffer's pages
   * out on first touch, zeroing each; left to the search, the page faults of a 64 MB table cost
   * the first moves of a process about a ply (English at 0.1 s a move).
   */
  static prefault(buffer: SharedArrayBuffer | ArrayBuffer, next: Int32Array<ArrayBufferLike> = new Int32Array(1)): void {
    const words = new Int32Array(buffer);
    // Several threads can share the work (the system serves their faults in parallel): each
    // claims the next chunk from the shared counter `next` until none is left.
    for (;;) {
      const from = Atomics.add(next, 0, 1) * PREFAULT_CHUNK_WORDS;
      if (from >= words.length) return;
      const to = Math.min(words.length, from + PREFAULT_CHUNK_WORDS);
      for (let i = from; i < to; i += PAGE_WORDS) words[i] = 0;
    }
  }

  get megabytes(): number {
    return (this.data.length * 4) / (1024 * 1024);
  }

  /** The memory this table lives in, to hand to other workers. */
  get buffer(): SharedArrayBuffer | ArrayBuffer {
    return this.data.buffer;
  }

  /** Uses a table allocated elsewhere (by allocate(), shared with other workers) from now on. */
  attach(buffer: SharedArrayBuffer | ArrayBuffer): void {
    const buckets = buffer.byteLength / BUCKET_BYTES;
    if (!Number.isInteger(buckets) || buckets < 1 || (buckets & (buckets - 1)) !== 0) {
      throw new Error(`a transposition table needs a power of two of ${BUCKET_BYTES}-byte buckets, got ${buffer.byteLength} bytes`);
    }
    this.data = new Int32Array(buffer);
    this.mask = buckets - 1;
  }

  /** A new, empty table if the size changes; the same table, entries kept, if it does not. */
  resize(megabytes: number): void {
    // Sized first: the library's engine calls this before every search, and allocating a
    // table only to drop it would leave that much memory to the collector each move.
    if (TranspositionTable.bytesFor(megabytes) !== this.data.byteLength) this.attach(TranspositionTable.allocate(megabytes));
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

  /**
   * Workers sharing a table must agree on its age: before each search the engine gives them
   * the generation it stood at (the search steps it on by one in every worker alike) and the
   * first generation since the last clear.
   */
  setAge(generation: number, oldest: number): void {
    this.generation = generation;
    this.oldest = oldest;
  }

  /**
   * Reads the bucket of a position about to be probed, so that its cache line is on its way
   * while the caller does other work (JavaScript has no prefetch instruction: an ordinary
   * read does it, since the processor runs on past a read whose value nothing waits for).
   */
  prefetch(keyLo: number): void {
    this.touched ^= this.data[(keyLo & this.mask) * BUCKET];
  }

  /** Looks the position up; on a hit fills move, score, depth and bound and returns true. */
  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET;
    // The low bit forced on keeps a stored key from ever looking like an empty entry.
    const check = keyHi | 1;
    for (let i = base; i < base + BUCKET; i += ENTRY) {
      const move = d[i + 1], score = d[i + 2], info = d[i + 3];
      if ((d[i] ^ move ^ score ^ info) === check && info >>> GENERATION_SHIFT >= this.oldest) {
        this.move = move;
        this.score = score;
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
      const oldMove = d[i + 1], info = d[i + 3];
      const generation = info >>> GENERATION_SHIFT;
      if ((d[i] ^ oldMove ^ d[i + 2] ^ info) === check && generation >= this.oldest) {
        // Keep a known move when the new result has none.
        if (move === 0) move = oldMove;
        slot = i;
        break;
      }
      const value = generation < this.oldest ? -Infinity : (info & 0xff) - 8 * (this.generation - generation);
      if (value < worst) {
        worst = value;
        slot = i;
      }
    }
    const info = Math.min(254, Math.max(0, depth + 1)) | (bound << 8) | (this.generation << GENERATION_SHIFT);
    d[slot + 1] = move;
    d[slot + 2] = score;
    d[slot + 3] = info;
    d[slot] = check ^ move ^ score ^ info;
  }
}
