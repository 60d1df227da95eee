// Seeded random positions for cross-checking generators: dense random placements (many
// long, branching and king captures, men next to the crowning row) and random playouts.

import { BLACK_KING, BLACK_MAN, type Board, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from '../../src/rules/board.ts';
import { BLACK, WHITE } from '../../src/rules/position.ts';
import { type RefRules, applyReferenceMove, referenceMoves } from './reference-rules.ts';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A random placement: `pieces` pieces in all, a share of them kings. */
export function randomBoard(rules: RefRules, random: () => number): Board {
  const g = rules.geometry;
  const board = emptyBoard(g.squares, random() < 0.5 ? WHITE : BLACK);
  const total = 2 + Math.floor(random() * (g.squares * 0.6));
  const kingShare = random() < 0.3 ? 0 : random() * 0.6;
  for (let placed = 0, tries = 0; placed < total && tries < 1000; tries++) {
    const sq = 1 + Math.floor(random() * g.squares);
    if (board.squares[sq] !== 0) continue;
    const white = random() < 0.5;
    const king = random() < kingShare;
    // A man never stands on its own crowning row.
    if (!king && (white ? g.row(sq) === 0 : g.row(sq) === g.rows - 1)) continue;
    const piece: Piece = white ? (king ? WHITE_KING : WHITE_MAN) : (king ? BLACK_KING : BLACK_MAN);
    board.squares[sq] = piece;
    placed++;
  }
  return board;
}

/** Positions along a random game from `start`, at most `plies` long. */
export function randomPlayout(rules: RefRules, start: Board, plies: number, random: () => number): Board[] {
  const out: Board[] = [start];
  let board = start;
  for (let i = 0; i < plies; i++) {
    const moves = referenceMoves(rules, board);
    if (moves.length === 0) break;
    board = applyReferenceMove(board, moves[Math.floor(random() * moves.length)]);
    out.push(board);
  }
  return out;
}
