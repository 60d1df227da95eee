// What a book holds, for `damka book stats` and the shipped books' README: its positions,
// leaves, depth distribution (plies from the start along the book's moves), the main line from
// the start, and how deep the book goes below each opening it grows from (English: each ballot).
// The positions no line from the start reaches are told apart: those taught from played games
// (flagged in the file, with the book below them) are played when a game reaches them; the rest
// are the searched children of an expansion a build was stopped in.

import type { Variant } from '../rules/variant.ts';
import type { Book } from './book-file.ts';
import { openingPositions } from './book-roots.ts';

export interface BookStats {
  positions: number;
  /** Positions whose moves are all in the book. */
  expanded: number;
  leaves: number;
  /** Positions no line from the start reaches: fromGames, and the rest (searched for an expansion a build was stopped in). */
  unreachable: number;
  /** Of those, played games' positions the book was taught (book build --games) and the book below them. */
  fromGames: number;
  /** positionsAtPly[p]: positions first reached p plies from the start. */
  positionsAtPly: number[];
  mainLine: { moves: string[]; score: number };
  /** The main line's length below each opening's position (English: each ballot; empty for a book grown from the start alone). */
  openingDepths: number[];
  moves: number;
  /** Positions two or more book moves lead to (transpositions, each stored once). */
  transpositions: number;
  /** The depths the leaf searches reached: least, median, most. */
  searchDepth: { min: number; median: number; max: number };
}

export function bookStats(variant: Variant, book: Book): BookStats {
  const start = variant.startPosition();
  const s = book.find(start.keyLo, start.keyHi);
  const ply = new Int32Array(book.size).fill(-1);
  const positionsAtPly: number[] = [];
  if (s >= 0) {
    ply[s] = 0;
    let layer = [s];
    while (layer.length > 0) {
      positionsAtPly.push(layer.length);
      const next: number[] = [];
      for (const i of layer) {
        if (!book.expanded(i)) continue;
        for (const m of book.movesAt(i)) if (ply[m.child] < 0) { ply[m.child] = ply[i] + 1; next.push(m.child); }
      }
      layer = next;
    }
  }
  let expanded = 0, unreachable = 0;
  for (let i = 0; i < book.size; i++) {
    if (book.expanded(i)) expanded++;
    if (ply[i] < 0) unreachable++;
  }
  const fromGames = belowGamePositions(book, ply);
  const moves: string[] = [];
  for (let i = s, guard = 0; i >= 0 && book.expanded(i) && guard < book.size; guard++) {
    const best = book.movesAt(i)[0];
    moves.push(best.move);
    i = best.child;
  }
  // An opening not in the book at all (a build stopped before it was searched) counts as -1.
  const openingDepths = openingPositions(variant).map((p) => { const i = book.find(p.keyLo, p.keyHi); return i < 0 ? -1 : book.height(i); });
  const parents = new Uint32Array(book.size);
  for (let i = 0; i < book.size; i++) if (book.expanded(i)) for (const m of book.movesAt(i)) parents[m.child]++;
  const transpositions = parents.reduce((n, p) => n + (p > 1 ? 1 : 0), 0);
  const depths = Array.from({ length: book.size }, (_, i) => book.searchAt(i).depth).sort((a, b) => a - b);
  const searchDepth = { min: depths[0] ?? 0, median: depths[depths.length >> 1] ?? 0, max: depths[depths.length - 1] ?? 0 };
  return {
    searchDepth, transpositions, positions: book.size, expanded, leaves: book.size - expanded, unreachable, fromGames, positionsAtPly,
    mainLine: { moves, score: s >= 0 ? book.value(s) : 0 }, openingDepths, moves: book.moveTotal,
  };
}

/** How many positions the start does not reach (ply < 0) are a taught game's position or below one. */
function belowGamePositions(book: Book, ply: Int32Array): number {
  const seen = new Uint8Array(book.size);
  const stack: number[] = [];
  for (let i = 0; i < book.size; i++) if (ply[i] < 0 && book.gamePosition(i)) { seen[i] = 1; stack.push(i); }
  let count = 0;
  for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
    count++;
    if (!book.expanded(i)) continue;
    for (const m of book.movesAt(i)) if (ply[m.child] < 0 && !seen[m.child]) { seen[m.child] = 1; stack.push(m.child); }
  }
  return count;
}
