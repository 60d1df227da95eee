// The interface every rule set implements. Hot-path members work on Position and MoveList
// without allocating; the rest are conveniences for notation, games, tools and tests.

import type { Geometry } from '../board/geometry.ts';
import type { Board } from './board.ts';
import type { GameEnd } from './game-end.ts';
import type { Move, MoveList } from './move.ts';
import type { Color, Position } from './position.ts';

export type VariantName =
  | 'english' | 'international' | 'brazilian' | 'russian' | 'turkish' | 'lasca'
  | 'pool' | 'czech' | 'spanish' | 'italian' | 'thai'
  | 'killer' | 'antidraughts' | 'breakthrough' | 'frisian' | 'frysk'
  | 'canadian';

export interface Variant {
  readonly name: VariantName;
  /** PDN GameType number (RULES.md): 20 International, 21 English, 25 Russian, 26 Brazilian, 27 Canadian, 30 Turkish (Lasca has none: see its rules); the 8x8 family's in rules/family-8x8/rules.ts, the 10x10 variants' in docs/variants-10x10.md. */
  readonly gameType: number;
  readonly geometry: Geometry;
  readonly startFen: string;
  /** Side that moves first from the starting position. */
  readonly firstToMove: Color;
  /** Kings move any distance (International) rather than one square (English). */
  readonly flyingKings: boolean;
  /** The capture that takes the most pieces must be played (International, Brazilian, Turkish). */
  readonly majorityRule: boolean;
  /** Jumped pieces leave the board at once, so a capture may cross their squares later (Turkish). */
  readonly removesCapturedAtOnce: boolean;
  /** Captures also run along files and rows, a dark square's neighbours there two squares away (Frisian). */
  readonly capturesOrthogonally?: boolean;
  /** How the game ends where not by a draw (rules/game-end.ts); absent: no legal move loses. */
  readonly gameEnd?: GameEnd;

  // --- hot path ---
  /** Writes the legal moves of `pos` into `list` and returns their number. */
  generate(pos: Position, list: MoveList): number;
  /** Number of legal moves of `pos`, without listing quiet moves where it can avoid it (perft leaves). */
  countMoves(pos: Position): number;
  /** Whether the side to move has a capture (and so must take). */
  hasCapture(pos: Position): boolean;
  /** dst := src after move i of list (copy-make; dst may not be src). Updates the Zobrist key. */
  make(dst: Position, src: Position, list: MoveList, i: number): void;

  // --- slow path ---
  fromBoard(board: Board): Position;
  toBoard(pos: Position): Board;
  startPosition(): Position;
  /** Move i of a list filled by generate(), as an object (with its path when the list keeps paths). */
  moveFromList(list: MoveList, i: number): Move;
  /** The legal moves as objects, each with one capture path. */
  legalMoves(pos: Position): Move[];
  /** The position after a legal move (as returned by legalMoves). */
  play(pos: Position, move: Move): Position;
}
