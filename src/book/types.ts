// The plain data an opening book is made of and answers with. The builder (which grows a book
// from searches), the engine (which plays from it) and the job queue (which runs a builder's
// searches on other machines) meet here, so none of them needs to know how the others work.
// Everything is plain JSON-safe data: a leaf search can travel to a worker thread or a queue.

/** How long one leaf of the book is searched: exactly one of the three. */
export interface LeafLimits {
  /** Nodes (deterministic with one thread: the same build gives the same book). */
  nodes?: number;
  /** Depth in plies (deterministic with one thread). */
  depth?: number;
  /** Seconds (not deterministic: the machine's speed and load decide the depth). */
  time?: number;
}

/** One search the builder asks for: a position, given as FEN, and its limits. */
export interface LeafJob {
  variant: string;
  fen: string;
  limits: LeafLimits;
}

/** What a leaf search found, from the side to move's point of view. */
export interface LeafResult {
  /** Centi-men (the engine's score unit), the side to move's view; mates as the search reports them. */
  score: number;
  /** The best move in Hub notation (empty when the position has no legal move). */
  move: string;
  depth: number;
  nodes: number;
}

/** A move of a book position, as the engine sees it when it plays from the book. */
export interface BookMove {
  /** Hub notation, as parseMove reads it for the variant. */
  move: string;
  /** The book's score of the position after this move, from the mover's point of view (centi-men). */
  score: number;
  /** Plies of book below this move along its best line (0: the move leads to a leaf). */
  depth: number;
}

/**
 * A book position's entry: its moves, best first. A position the book has expanded lists every
 * legal move; a leaf of the book (searched, not expanded) lists one, its own search's best move,
 * with the search's score and depth 0.
 */
export interface BookEntry {
  moves: BookMove[];
}

/** A loaded book: what the engine asks of it. Keys are the positions' Zobrist keys. */
export interface BookProbe {
  readonly variant: string;
  /** The entry for a position (its 64-bit Zobrist key as two halves), or undefined when it is not in the book. */
  probe(keyLo: number, keyHi: number): BookEntry | undefined;
  /** Positions held. */
  readonly size: number;
}
