// Lasca's position text and move notation (RULES.md, Lasca):
//   position  `<side>:` then comma-separated `<square><column>`, the column top first, `w`/`b`
//             soldiers, `W`/`B` officers: `W:a1w,c1w,...,e5bw,...`; written by rank, then file;
//             read in any order, with spaces around commas and a trailing `.` allowed
//   moves     quiet `a3-b4`; captures name every landing square, `a3xc5xe3` (the order of the
//             jumps decides what ends up where, so the route is the move). A capture may also
//             be given as just `a3xe3` when only one capture goes from a3 to e3.

import { GEOMETRY_7x7, squareOfName } from '../board/geometry-7x7.ts';
import { columnsOf, fromColumns } from '../rules/lasca/lasca.ts';
import type { Move } from '../rules/move.ts';
import { BLACK, type Color, type Position, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { NotationError } from './errors.ts';

const name = GEOMETRY_7x7.algebraic;

export function parseLascaPosition(text: string): Position {
  const bad = (message: string, index: number) => new NotationError('malformed', `bad Lasca position: ${message}`, index);
  let src = text.trim();
  if (src.endsWith('.')) src = src.slice(0, -1);
  if (src === '') throw bad('empty text', 0);
  const colon = src.indexOf(':');
  const sideText = (colon < 0 ? src : src.slice(0, colon)).trim().toUpperCase();
  if (sideText !== 'W' && sideText !== 'B') throw bad(`the side to move must be W or B, got "${sideText}"`, 0);
  if (colon < 0) throw bad('expected ":" and the columns after the side to move', src.length);
  const columns = new Array<string>(26).fill('');
  const body = src.slice(colon + 1);
  let at = colon + 1;
  if (body.trim() !== '') {
    for (const raw of body.split(',')) {
      const item = raw.trim();
      const where = at + raw.length - raw.trimStart().length;
      at += raw.length + 1;
      const m = /^([a-z][0-9]+)(.*)$/i.exec(item);
      if (!m) throw bad(`"${item || '(nothing)'}" is not a square and a column, such as a3wbb`, where);
      const sq = squareOfName(m[1]);
      if (sq === 0) throw bad(`${m[1]} is not a square of the Lasca board (a1, c1, ... b2, ... g7)`, where);
      if (m[2] === '') throw bad(`the column on ${m[1]} is empty (leave the square out instead)`, where);
      if (!/^[wbWB]+$/.test(m[2])) throw bad(`the column on ${m[1]} is "${m[2]}": only w, b, W and B, top first`, where);
      if (columns[sq] !== '') throw bad(`square ${m[1]} is given twice`, where);
      columns[sq] = m[2];
    }
  }
  try {
    return fromColumns(sideText === 'W' ? WHITE : BLACK, columns);
  } catch (e) {
    throw bad((e as Error).message, 0);
  }
}

/** Whether a game's positions are columns (Lasca), which FEN, Hub positions and moves hand to this file. */
export function hasColumns(variant: Variant): boolean {
  return variant.name === 'lasca';
}

export function formatLascaPosition(pos: Position): string {
  return formatLascaColumns(pos.side, columnsOf(pos));
}

/** Position text from the columns (index 1..25, top first). */
export function formatLascaColumns(side: Color, columns: readonly string[]): string {
  const items: string[] = [];
  // By rank from White's side, then by file: square numbers run from the top, so rows go backwards.
  for (let row = GEOMETRY_7x7.rows - 1; row >= 0; row--) {
    for (let sq = 1; sq <= 25; sq++) if (GEOMETRY_7x7.row(sq) === row && columns[sq] !== '') items.push(name(sq) + columns[sq]);
  }
  return `${side === WHITE ? 'W' : 'B'}:${items.join(',')}`;
}

export function formatLascaMove(move: Move): string {
  if (move.path.length === 0) return `${name(move.from)}-${name(move.to)}`;
  return [move.from, ...move.path].map(name).join('x');
}

export function parseLascaMove(variant: Variant, pos: Position, text: string): Move {
  const src = text.trim();
  const parts = src.split(/([-xX:])/);
  const squares: number[] = [];
  let capture = false;
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) {
      if (parts[i] !== '-') capture = true;
      continue;
    }
    const sq = squareOfName(parts[i]);
    if (sq === 0) {
      throw new NotationError('malformed', `bad move "${src}": "${parts[i]}" is not a square of the Lasca board (such as a3 or b4)`);
    }
    squares.push(sq);
  }
  if (squares.length < 2) throw new NotationError('malformed', `bad move "${src}": expected squares joined by - or x, such as a3-b4 or a3xc5xe3`);
  if (!capture && squares.length > 2) throw new NotationError('malformed', `bad move "${src}": a quiet move has two squares`);
  const legal = variant.legalMoves(pos);
  const [from, to] = [squares[0], squares[squares.length - 1]];
  const route = squares.slice(1);
  const matches = legal.filter((m) => m.from === from && m.to === to && (
    !capture ? m.path.length === 0 : route.length === 1 ? m.path.length > 0 : m.path.join() === route.join()
  ));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const candidates = matches.map(formatLascaMove).sort();
    throw new NotationError('ambiguous', `ambiguous move "${src}": it could be ${candidates.join(' or ')}`, undefined, candidates);
  }
  const side = pos.side === WHITE ? 'White' : 'Black';
  const captures = legal.filter((m) => m.path.length > 0);
  let why: string;
  if (legal.length === 0) why = `${side} has no legal move`;
  else if (captures.length > 0) why = `a capture is compulsory: ${captures.slice(0, 6).map(formatLascaMove).sort().join(', ')}${captures.length > 6 ? ', ...' : ''}`;
  else {
    const here = legal.filter((m) => m.from === from).map(formatLascaMove);
    why = here.length > 0 ? `the column on ${name(from)} can play ${here.join(', ')}` : `${side} has no column on ${name(from)} that can move`;
  }
  throw new NotationError('illegal', `illegal move "${src}": ${why}`);
}
