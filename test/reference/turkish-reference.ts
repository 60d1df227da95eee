// A deliberately simple Turkish draughts move generator, straight from RULES.md with arrays
// and square numbers (1 = a8 ... 64 = h1), to check the fast bitboard generator against.

import { DOWN, type Geometry, LEFT, RIGHT, UP } from '../../src/board/geometry.ts';
import { type Board, EMPTY, type Piece, isKing, isWhite } from '../../src/rules/board.ts';
import { WHITE } from '../../src/rules/position.ts';
import type { RefMove } from './reference-rules.ts';

const ALL = [UP, LEFT, RIGHT, DOWN];
const opposite = (dir: number) => ({ [UP]: DOWN, [DOWN]: UP, [LEFT]: RIGHT, [RIGHT]: LEFT })[dir];

export function turkishReferenceMoves(g: Geometry, board: Board): RefMove[] {
  const white = board.side === WHITE;
  const mine = (p: Piece) => p !== EMPTY && isWhite(p) === white;
  const theirs = (p: Piece) => p !== EMPTY && isWhite(p) !== white;
  // Men go forward or sideways, never back.
  const manDirections = white ? [UP, LEFT, RIGHT] : [DOWN, LEFT, RIGHT];
  const farRank = (sq: number) => (white ? g.row(sq) === 0 : g.row(sq) === g.rows - 1);

  const found = new Map<string, RefMove>();
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const king = isKing(piece);
    const squares = [...board.squares];
    squares[from] = EMPTY;
    const jump = (at: number, captured: number[], path: number[], cameFrom: number | null) => {
      let continued = false;
      for (const dir of king ? ALL : manDirections) {
        // No 180-degree turn between two jumps.
        if (cameFrom !== null && dir === opposite(cameFrom)) continue;
        let victim = g.neighbour(at, dir);
        if (king) while (victim !== 0 && squares[victim] === EMPTY) victim = g.neighbour(victim, dir);
        if (victim === 0 || !theirs(squares[victim])) continue;
        const landings: number[] = [];
        for (let l = g.neighbour(victim, dir); l !== 0 && squares[l] === EMPTY; l = g.neighbour(l, dir)) {
          landings.push(l);
          if (!king) break;
        }
        if (landings.length === 0) continue;
        // Jumped pieces are removed at once.
        const taken = squares[victim];
        squares[victim] = EMPTY;
        for (const landing of landings) {
          continued = true;
          jump(landing, [...captured, victim], [...path, landing], dir);
        }
        squares[victim] = taken;
      }
      if (!continued && captured.length > 0) {
        const sorted = [...captured].sort((a, b) => a - b);
        const key = `${from}|${at}|${sorted.join(',')}`;
        const existing = found.get(key);
        // A man that reached the far rank on the way finishes as a man; crowned only where it ends.
        if (existing) existing.paths.push(path.join(','));
        else found.set(key, { from, to: at, captured: sorted, crowns: !king && farRank(at), paths: [path.join(',')] });
      }
    };
    jump(from, [], [], null);
  }
  const captures = [...found.values()];
  if (captures.length > 0) {
    // Majority rule: the most pieces, kings and men alike.
    const most = Math.max(...captures.map((m) => m.captured.length));
    return captures.filter((m) => m.captured.length === most);
  }

  const moves: RefMove[] = [];
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const king = isKing(piece);
    for (const dir of king ? ALL : manDirections) {
      for (let to = g.neighbour(from, dir); to !== 0 && board.squares[to] === EMPTY; to = g.neighbour(to, dir)) {
        moves.push({ from, to, captured: [], crowns: !king && farRank(to), paths: [''] });
        if (!king) break;
      }
    }
  }
  return moves;
}
