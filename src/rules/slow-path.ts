// The slow-path members of a Variant (legal moves as objects, playing one), written once
// for every rule set that generates into a MoveList with paths.

import type { Geometry } from '../board/geometry.ts';
import { moveFromList } from './convert.ts';
import { type Move, MoveList } from './move.ts';
import type { Position } from './position.ts';

export function slowPath(
  geometry: Geometry,
  generate: (pos: Position, list: MoveList) => number,
  make: (dst: Position, src: Position, list: MoveList, i: number) => void,
): { legalMoves(pos: Position): Move[]; play(pos: Position, move: Move): Position } {
  const list = new MoveList(true);
  return {
    legalMoves(pos) {
      const n = generate(pos, list);
      const out: Move[] = [];
      for (let i = 0; i < n; i++) out.push(moveFromList(geometry, list, i));
      return out;
    },
    play(pos, move) {
      const n = generate(pos, list);
      for (let i = 0; i < n; i++) {
        const m = moveFromList(geometry, list, i);
        if (m.from === move.from && m.to === move.to && m.captured.join() === move.captured.join()) {
          const next = pos.clone();
          make(next, pos, list, i);
          return next;
        }
      }
      const name = geometry.squareName;
      throw new Error(`not a legal move: ${name(move.from)}${move.captured.length ? 'x' : '-'}${name(move.to)}`);
    },
  };
}
