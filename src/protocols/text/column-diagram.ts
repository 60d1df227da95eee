// A Lasca board for a terminal: each used square shows its whole column, top first (w/b
// soldiers, W/B officers), in cells as wide as the tallest column, so that `wbB` reads as a
// white soldier commanding a black soldier and a black officer.

import type { Geometry } from '../../board/geometry.ts';
import type { Board } from '../../rules/board.ts';
import { WHITE } from '../../rules/position.ts';

export function columnDiagram(geometry: Geometry, board: Board, numbers: boolean): string {
  const columns = board.columns ?? [];
  const n = geometry.rows;
  const cell = Math.max(numbers ? 3 : 2, ...columns.map((c) => c.length + 1));
  const at = new Map<string, number>();
  for (let sq = 1; sq <= geometry.squares; sq++) at.set(`${geometry.row(sq)},${geometry.file(sq)}`, sq);
  const lines: string[] = [];
  for (let row = 0; row < n; row++) {
    let line = `${String(n - row).padStart(2)} `;
    for (let file = 0; file < n; file++) {
      const sq = at.get(`${row},${file}`);
      if (sq === undefined) line += ' '.repeat(cell);
      else line += (columns[sq] || (numbers ? geometry.algebraic(sq) : '.')).padStart(cell);
    }
    lines.push(line.trimEnd());
  }
  let files = '   ';
  for (let file = 0; file < n; file++) files += String.fromCharCode(97 + file).padStart(cell);
  lines.push(files);
  lines.push(`${board.side === WHITE ? 'White' : 'Black'} to move (columns top first: w/b soldiers, W/B officers)`);
  return lines.join('\n');
}
