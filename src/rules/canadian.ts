// Canadian draughts: International's rules on the 12x12 board, 30 men each, White first
// (docs/variants-12x12.md). The generator is the board-size-generic one of flying-board.ts.

import { GEOMETRY_12x12 } from '../board/geometry.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from './board.ts';
import { boardToPosition, moveFromList, positionToBoard } from './convert.ts';
import { FlyingBoard } from './flying-board.ts';
import { makeThreeWords } from './make-three-words.ts';
import type { MoveList } from './move.ts';
import { type Position, WHITE } from './position.ts';
import { slowPath } from './slow-path.ts';
import type { Variant } from './variant.ts';

const board = new FlyingBoard(GEOMETRY_12x12);
const generate = (pos: Position, list: MoveList) => board.generate(pos, list);

function startBoard(): Board {
  const squares = new Array<Piece>(73).fill(0);
  for (let sq = 1; sq <= 30; sq++) squares[sq] = BLACK_MAN;
  for (let sq = 43; sq <= 72; sq++) squares[sq] = WHITE_MAN;
  return { side: WHITE, squares };
}

export const CANADIAN: Variant = {
  name: 'canadian',
  gameType: 27,
  geometry: GEOMETRY_12x12,
  startFen: 'W:W43-72:B1-30',
  firstToMove: WHITE,
  flyingKings: true,
  majorityRule: true,
  removesCapturedAtOnce: false,
  generate,
  countMoves: (pos) => board.countMoves(pos),
  hasCapture: (pos) => board.hasCapture(pos),
  make: makeThreeWords,
  moveFromList: (list, i) => moveFromList(GEOMETRY_12x12, list, i),
  fromBoard: (b) => boardToPosition(GEOMETRY_12x12, b),
  toBoard: (pos) => positionToBoard(GEOMETRY_12x12, pos),
  startPosition: () => boardToPosition(GEOMETRY_12x12, startBoard()),
  ...slowPath(GEOMETRY_12x12, generate, makeThreeWords),
};
