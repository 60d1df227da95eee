// A real book file, as the builder writes it, of a start position and its moves: the position
// expanded (every move in the book), each move's position a leaf scored by `score`.

import { writeBookFile } from '../../src/book/book-file.ts';
import type { BookRecord } from '../../src/book/book-format.ts';
import { formatMove } from '../../src/notation/move-text.ts';
import type { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';

/** `score(text)`: the mover's score of the move of that Hub text (centi-men). */
export function writeOneMoveBook(path: string, variant: Variant, root: Position, score: (move: string) => number): void {
  const legal = variant.legalMoves(root);
  const board = (p: Position) => [p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, p.side];
  const texts = legal.map((m) => formatMove(variant, m, legal, 'hub'));
  const children: BookRecord[] = legal.map((m, i) => {
    const p = variant.play(root, m);
    const replies = variant.legalMoves(p);
    // The leaf's value is the side to move's there: the negation of the mover's score.
    const value = -score(texts[i]);
    return { keyLo: p.keyLo, keyHi: p.keyHi, board: board(p), search: { score: value, move: formatMove(variant, replies[0], replies, 'hub'), depth: 6, nodes: 1000 }, value, height: 0, expanded: false, moves: [] };
  });
  const best = Math.max(...texts.map(score));
  const top: BookRecord = {
    keyLo: root.keyLo, keyHi: root.keyHi, board: board(root), search: { score: best, move: texts[0], depth: 8, nodes: 5000 }, value: best, height: 1, expanded: true,
    moves: texts.map((move, i) => ({ move, child: i + 1 })),
  };
  writeBookFile(path, variant.name, { test: true }, [top, ...children]);
}
