// A deliberately simple Frisian move generator, written from docs/variants-10x10.md with
// arrays, rows and files: captures in eight directions (a file or row neighbour is two rows or
// two files away on the dark squares), flying kings, the capture of greatest value (a man 100,
// a king 199) and then by a king rather than a man, and a resting king that may not make a
// quiet move. Clarity over speed.

import type { Geometry } from '../../src/board/geometry.ts';
import { BLACK_KING, type Board, EMPTY, type Piece, WHITE_KING, isKing, isWhite } from '../../src/rules/board.ts';
import { WHITE } from '../../src/rules/position.ts';
import type { RefMove } from './reference-rules.ts';

const EIGHT: [number, number][] = [[-1, -1], [-1, 1], [1, -1], [1, 1], [-2, 0], [2, 0], [0, -2], [0, 2]];
const DIAGONAL = EIGHT.slice(0, 4);

/**
 * The legal Frisian moves; `resting` is the square of a king that has made three quiet moves in
 * a row (0 for none): while its side has men it may only capture.
 */
export function frisianReferenceMoves(g: Geometry, board: Board, resting = 0): RefMove[] {
  const white = board.side === WHITE;
  const mine = (p: Piece) => p !== EMPTY && isWhite(p) === white;
  const theirs = (p: Piece) => p !== EMPTY && isWhite(p) !== white;
  const step = (sq: number, [dr, df]: [number, number]) => g.squareAt(g.row(sq) + dr, g.file(sq) + df);
  const crownRow = (sq: number) => (white ? g.row(sq) === 0 : g.row(sq) === g.rows - 1);

  const found = new Map<string, RefMove & { value: number; byKing: boolean }>();
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const king = isKing(piece);
    const squares = [...board.squares];
    squares[from] = EMPTY;
    const jump = (at: number, captured: number[], path: number[], value: number) => {
      let continued = false;
      for (const dir of EIGHT) {
        let victim = step(at, dir);
        if (king) while (victim !== 0 && squares[victim] === EMPTY) victim = step(victim, dir);
        // Jumped pieces stay until the capture ends: they block and cannot be taken twice.
        if (victim === 0 || !theirs(squares[victim]) || captured.includes(victim)) continue;
        const worth = value + (isKing(squares[victim]) ? 199 : 100);
        for (let l = step(victim, dir); l !== 0 && squares[l] === EMPTY; l = step(l, dir)) {
          continued = true;
          jump(l, [...captured, victim], [...path, l], worth);
          if (!king) break;
        }
      }
      if (!continued && captured.length > 0) {
        const sorted = [...captured].sort((a, b) => a - b);
        const key = `${from}|${at}|${sorted.join(',')}`;
        const old = found.get(key);
        if (old) old.paths.push(path.join(','));
        else found.set(key, { from, to: at, captured: sorted, crowns: !king && crownRow(at), paths: [path.join(',')], value, byKing: king });
      }
    };
    jump(from, [], [], 0);
  }
  const captures = [...found.values()];
  if (captures.length > 0) {
    const best = Math.max(...captures.map((m) => m.value));
    let top = captures.filter((m) => m.value === best);
    if (top.some((m) => m.byKing)) top = top.filter((m) => m.byKing);
    return top.map(({ from, to, captured, crowns, paths }) => ({ from, to, captured, crowns, paths }));
  }

  const hasMen = board.squares.some((p) => mine(p) && !isKing(p));
  const moves: RefMove[] = [];
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    if (isKing(piece)) {
      if (hasMen && from === resting) continue;
      for (const dir of DIAGONAL) {
        for (let to = step(from, dir); to !== 0 && board.squares[to] === EMPTY; to = step(to, dir)) {
          moves.push({ from, to, captured: [], crowns: false, paths: [''] });
        }
      }
    } else {
      for (const dir of DIAGONAL.filter(([dr]) => (white ? dr < 0 : dr > 0))) {
        const to = step(from, dir);
        if (to !== 0 && board.squares[to] === EMPTY) moves.push({ from, to, captured: [], crowns: crownRow(to), paths: [''] });
      }
    }
  }
  return moves;
}

export function applyFrisianReferenceMove(board: Board, move: RefMove): Board {
  const squares = [...board.squares];
  const piece = squares[move.from];
  squares[move.from] = EMPTY;
  for (const sq of move.captured) squares[sq] = EMPTY;
  squares[move.to] = move.crowns ? (isWhite(piece) ? WHITE_KING : BLACK_KING) : piece;
  return { side: (board.side ^ 1) as 0 | 1, squares };
}

export function frisianReferencePerft(g: Geometry, board: Board, depth: number): number {
  const moves = frisianReferenceMoves(g, board);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += frisianReferencePerft(g, applyFrisianReferenceMove(board, m), depth - 1);
  return total;
}
