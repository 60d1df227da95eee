// A board diagram for a terminal: White at the bottom as in RULES.md, files and ranks at
// the edges, and optionally the square names (numbers, or `d4` on algebraic boards) on the
// empty playing squares.

import { BLACK_KING, BLACK_MAN, type Board, EMPTY, WHITE_KING, WHITE_MAN } from '../../rules/board.ts';
import type { Geometry } from '../../board/geometry.ts';
import { WHITE } from '../../rules/position.ts';
import { columnDiagram } from './column-diagram.ts';

const SYMBOLS: Record<number, string> = { [WHITE_MAN]: 'w', [WHITE_KING]: 'W', [BLACK_MAN]: 'b', [BLACK_KING]: 'B' };

export function diagram(geometry: Geometry, board: Board, numbers: boolean): string {
  if (board.columns) return columnDiagram(geometry, board, numbers);
  const n = geometry.rows;
  const cell = numbers ? 3 : 2;
  const lines: string[] = [];
  for (let row = 0; row < n; row++) {
    let line = `${String(n - row).padStart(2)} `;
    for (let file = 0; file < n; file++) {
      const sq = geometry.squareAt(row, file);
      if (sq === 0) {
        line += ' '.repeat(cell);
        continue;
      }
      const piece = board.squares[sq];
      const text = piece === EMPTY ? (numbers ? geometry.squareName(sq) : '.') : SYMBOLS[piece];
      line += text.padStart(cell);
    }
    lines.push(line);
  }
  let files = '   ';
  for (let file = 0; file < n; file++) files += String.fromCharCode(97 + file).padStart(cell);
  lines.push(files);
  lines.push(`${board.side === WHITE ? 'White' : 'Black'} to move`);
  return lines.join('\n');
}
