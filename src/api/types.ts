// The library's public data shapes: plain, serialisable objects, so that they cross a worker
// boundary and JSON unchanged and never expose the engine's bitboards.

export type Side = 'white' | 'black';

/** A legal move. `text` is its PDN form (`32-28`, `28x19`, `28x19x10` where routes share start and end). */
export interface MoveInfo {
  text: string;
  /** The long form: every landing square (`28x19x10`); the same as `text` for a quiet move. */
  long: string;
  from: number;
  to: number;
  /** Landing squares in order, ending with `to` (`[to]` for a quiet move). */
  path: number[];
  /** Captured squares, ascending; empty for a quiet move. */
  captured: number[];
  /** A man is crowned by this move. */
  crowns: boolean;
}

/** A move to play: its text, or its squares; `path` or `captured` pick one of several capture routes. */
export type MoveInput = string | { from: number; to: number; path?: readonly number[]; captured?: readonly number[] };

export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';

/**
 * Why a game ended: the side to move has no legal move (a loss, or in Antidraughts a win), a
 * king was crowned (Breakthrough), threefold repetition, or another draw rule of the variant.
 */
export type EndKind = 'no-legal-move' | 'crowned-king' | 'repetition' | 'draw-rule';

export interface GameStatus {
  /** Side to move. */
  toMove: Side;
  over: boolean;
  /** `1-0` White won, `0-1` Black won (in every variant, whoever moves first), `*` going on. */
  result: Result;
  winner: Side | null;
  /** Set when the game is over. */
  end: EndKind | null;
  /** The rule in words (`threefold repetition`, `Black has no legal move`, ...); empty while the game goes on. */
  reason: string;
}

export type Piece = 'w' | 'W' | 'b' | 'B';

/** What a variant looks like, for front ends that draw boards. */
export interface VariantInfo {
  /** The name `createGame` takes. */
  name: string;
  /** PDN GameType number. */
  gameType: number;
  /** Playable squares, numbered 1..squares. */
  squares: number;
  /** Rows (= files) of the board. */
  rows: number;
  startFen: string;
  firstToMove: Side;
  /** Where square n sits (entry n-1): 0-based row from the top (Black's side) and file from the left. */
  coordinates: { row: number; file: number }[];
}

/** When a search stops: any that is given and reached ends it. */
export interface SearchLimits {
  /** Plies, 1 to 100. */
  depth?: number;
  nodes?: number;
  /** Seconds. */
  time?: number;
  /** Search until stop(). */
  infinite?: boolean;
}

export interface SearchInfo {
  depth: number;
  /** Deepest ply reached. */
  selDepth: number;
  /** Centi-men from the side to move's view (100 = a man ahead); see `mate` for a known win or loss. */
  score: number;
  /** Plies to a won (positive) or lost (negative) end, or null. */
  mate: number | null;
  nodes: number;
  timeMs: number;
  nodesPerSecond: number;
  /** Principal variation in PDN text (from the book: its move and the book's best line after it). */
  pv: string[];
  /** The move comes from the opening book, not a search: depth and nodes are 0, the score is the book's. */
  book: boolean;
}

export interface SearchResult extends SearchInfo {
  /** The best move, or null when the side to move has no legal move. */
  move: MoveInfo | null;
  /** The reply the engine expects. */
  ponder: MoveInfo | null;
  /** The search ended because stop() was called. */
  stopped: boolean;
}
