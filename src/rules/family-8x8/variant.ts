// A Variant from a row of the 8x8 family's table (rules.ts), over the one generator.

import type { Board } from '../board.ts';
import { boardToPosition, moveFromList, positionToBoard } from '../convert.ts';
import { makeOneWord } from '../english.ts';
import { makeFromList } from '../make.ts';
import type { MoveList } from '../move.ts';
import type { Position } from '../position.ts';
import { slowPath } from '../slow-path.ts';
import type { Variant } from '../variant.ts';
import { compileRules, countMoves, generate, hasCapture, useRules } from './generate.ts';
import type { FamilyRules } from './rules.ts';
import { parseStartFen } from './start.ts';

export function familyVariant(rules: FamilyRules): Variant {
  const compiled = compileRules(rules);
  const g = rules.geometry;
  const gen = (pos: Position, list: MoveList) => { useRules(compiled); return generate(pos, list); };
  const count = (pos: Position) => { useRules(compiled); return countMoves(pos); };
  const capture = (pos: Position) => { useRules(compiled); return hasCapture(pos); };
  // Where jumped pieces leave at once a king may end on the square of a piece it took, which
  // the one-word make does not allow for; the general one does.
  const make = rules.removesCapturedAtOnce ? makeFromList : makeOneWord;
  const start = parseStartFen(g, rules.startFen);
  return {
    name: rules.name,
    gameType: rules.gameType,
    geometry: g,
    startFen: rules.startFen,
    firstToMove: rules.firstToMove,
    flyingKings: rules.flyingKings,
    majorityRule: rules.ranking === 'most' || rules.ranking === 'most-then-kings' || rules.ranking === 'italian',
    removesCapturedAtOnce: rules.removesCapturedAtOnce,
    generate: gen,
    countMoves: count,
    hasCapture: capture,
    make,
    moveFromList: (list: MoveList, i: number) => moveFromList(g, list, i),
    fromBoard: (board: Board) => boardToPosition(g, board),
    toBoard: (pos: Position) => positionToBoard(g, pos),
    startPosition: () => boardToPosition(g, start),
    ...slowPath(g, gen, make),
  };
}
