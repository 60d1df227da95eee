// Frisian draughts (PDN GameType 40) and Frysk! (Frisian with five men each on the back row,
// lidraughts' GameType 97): one generator (generate.ts), two starting positions
// (docs/variants-10x10.md).

import { GEOMETRY_10x10 } from '../../board/geometry.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from '../board.ts';
import { boardToPosition, moveFromList, positionToBoard } from '../convert.ts';
import type { MoveList } from '../move.ts';
import { type Position, WHITE } from '../position.ts';
import { slowPath } from '../slow-path.ts';
import type { Variant, VariantName } from '../variant.ts';
import { countMoves, generate, hasCapture, make } from './generate.ts';

/** Black men on `black` (first to last), White men on `white`, White to move. */
function startBoard(black: [number, number], white: [number, number]): Board {
  const squares = new Array<Piece>(51).fill(0);
  for (let sq = black[0]; sq <= black[1]; sq++) squares[sq] = BLACK_MAN;
  for (let sq = white[0]; sq <= white[1]; sq++) squares[sq] = WHITE_MAN;
  return { side: WHITE, squares };
}

function frisianFamily(name: VariantName, gameType: number, startFen: string, black: [number, number], white: [number, number]): Variant {
  return {
    name,
    gameType,
    geometry: GEOMETRY_10x10,
    startFen,
    firstToMove: WHITE,
    flyingKings: true,
    // The capture of greatest value, counted by pieces and kings (generate.ts).
    majorityRule: true,
    removesCapturedAtOnce: false,
    capturesOrthogonally: true,
    generate,
    countMoves,
    hasCapture,
    make,
    moveFromList: (list: MoveList, i: number) => moveFromList(GEOMETRY_10x10, list, i),
    fromBoard: (board: Board) => boardToPosition(GEOMETRY_10x10, board),
    toBoard: (pos: Position) => positionToBoard(GEOMETRY_10x10, pos),
    startPosition: () => boardToPosition(GEOMETRY_10x10, startBoard(black, white)),
    ...slowPath(GEOMETRY_10x10, generate, make),
  };
}

export const FRISIAN = frisianFamily('frisian', 40, 'W:W31-50:B1-20', [1, 20], [31, 50]);
export const FRYSK = frisianFamily('frysk', 97, 'W:W46-50:B1-5', [1, 5], [46, 50]);
