// Move text: `32-28`, `28x19`, long `28x19x10` (landing squares) and the Hub form
// `28x19x23` (from, to, then the captured squares). Parsing always resolves against the
// legal moves of the position, so the result is a legal move or a clear error. On boards
// with algebraic names (Turkish) squares read `d3` and a capture always names every landing
// square (`d4xd6xf6`, RULES.md).

import { type Board, EMPTY, isWhite } from '../rules/board.ts';
import type { Move } from '../rules/move.ts';
import { type Position, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { NotationError } from './errors.ts';
import { squareRange } from './fen.ts';
import { formatLascaMove, hasColumns, parseLascaMove } from './lasca-text.ts';
import { sameLascaMove } from '../rules/lasca/lasca.ts';

export type MoveStyle = 'pdn' | 'long' | 'hub';

export function formatMove(variant: Variant, move: Move, legalMoves: readonly Move[], style: MoveStyle = 'pdn'): string {
  // A Lasca capture is its route in every style, the Hub's too: the captured squares in any order would not say it.
  if (hasColumns(variant)) return formatLascaMove(move);
  const name = variant.geometry.squareName;
  if (move.captured.length === 0) return `${name(move.from)}-${name(move.to)}`;
  if (style === 'hub') return [move.from, move.to, ...move.captured].map(name).join('x');
  const shared = legalMoves.some((m) => m !== move && m.from === move.from && m.to === move.to && !sameMove(m, move));
  if (style === 'long' || shared || variant.geometry.naming === 'algebraic') return [move.from, ...move.path].map(name).join('x');
  return `${name(move.from)}x${name(move.to)}`;
}

/** The order move lists print in: `9-13` before `10-14` by number; `a3-a4` before `b3-b4` by name. */
export function moveTextOrder(variant: Variant): (a: string, b: string) => number {
  return variant.geometry.naming === 'numeric' ? byNumbers : (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}

/** The moves as text in that order. */
export function sortedMoveTexts(variant: Variant, moves: readonly Move[]): string[] {
  return moves.map((m) => formatMove(variant, m, moves)).sort(moveTextOrder(variant));
}

/** The same move by RULES.md; in Lasca the order of the jumps counts too (pass the variant there). */
export function sameMove(a: Move, b: Move, variant?: Variant): boolean {
  if (variant !== undefined && hasColumns(variant)) return sameLascaMove(a, b);
  return a.from === b.from && a.to === b.to && a.captured.length === b.captured.length &&
    a.captured.every((sq, i) => sq === b.captured[i]);
}

export function parseMove(variant: Variant, pos: Position, text: string): Move {
  if (hasColumns(variant)) return parseLascaMove(variant, pos, text);
  const g = variant.geometry;
  const src = text.trim();
  const square = g.naming === 'numeric' ? '\\d+' : '[a-z]\\d+';
  if (!new RegExp(`^${square}([-xX:]${square})+$`, 'i').test(src)) {
    const example = g.naming === 'numeric' ? '32-28 or 28x19' : 'd3-d4 or d4xd6';
    throw new NotationError('malformed', `bad move "${text}": expected squares joined by - or x, such as ${example}`);
  }
  const names = src.split(/[-xX:]/);
  const numbers = names.map((t) => g.parseSquare(t));
  for (const [i, n] of numbers.entries()) {
    if (n === 0) throw new NotationError('malformed', `bad move "${src}": square ${names[i]} is off the board (${squareRange(variant)})`);
  }
  const legal = variant.legalMoves(pos);
  const board = variant.toBoard(pos);
  const from = numbers[0];
  const to = numbers[numbers.length - 1];
  let matches: Move[];
  if (numbers.length === 2) {
    matches = legal.filter((m) => m.from === from && m.to === to);
  } else {
    const rest = numbers.slice(1);
    matches = legal.filter((m) => m.from === from && m.captured.length > 0 && (
      (m.to === to && isCapturePath(variant, board, m, rest)) ||
      (m.to === numbers[1] && sameSet(rest.slice(1), m.captured))
    ));
  }
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const candidates = matches.map((m) => formatMove(variant, m, legal, 'long'));
    throw new NotationError('ambiguous', `ambiguous move "${src}": it could be ${candidates.join(' or ')}`, undefined, candidates);
  }
  throw new NotationError('illegal', `illegal move "${src}": ${whyIllegal(variant, board, legal, from)}`);
}

function sameSet(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return s.size === b.length && b.every((x) => s.has(x));
}

/** Steps along a file or a row on a diagonal board's dark squares, as (rows, files). */
const ORTHOGONAL: readonly (readonly [number, number])[] = [[-2, 0], [2, 0], [0, -2], [0, 2]];

/** Whether the landing squares describe a route by which `move` takes exactly its pieces. */
function isCapturePath(variant: Variant, board: Board, move: Move, landings: number[]): boolean {
  const g = variant.geometry;
  // The board's four directions, and in Frisian the files and rows (two squares a step).
  const step = (sq: number, dir: number) =>
    dir < 4 ? g.neighbour(sq, dir) : g.squareAt(g.row(sq) + ORTHOGONAL[dir - 4][0], g.file(sq) + ORTHOGONAL[dir - 4][1]);
  const directions = variant.capturesOrthogonally ? 8 : 4;
  const taken = new Set<number>();
  let at = move.from;
  for (const target of landings) {
    let found = -1;
    for (let dir = 0; dir < directions && found < 0; dir++) {
      let sq = step(at, dir);
      let jumped = 0;
      let ok = true;
      while (sq !== 0 && sq !== target) {
        // Turkish pieces leave as they are jumped, so a later jump may cross their squares.
        const gone = sq === move.from || (variant.removesCapturedAtOnce && taken.has(sq));
        if (!gone && board.squares[sq] !== EMPTY) {
          if (jumped !== 0) { ok = false; break; }
          jumped = sq;
        }
        sq = step(sq, dir);
      }
      if (sq === target && ok && jumped !== 0) found = jumped;
    }
    if (found < 0 || taken.has(found) || !move.captured.includes(found)) return false;
    taken.add(found);
    at = target;
  }
  return taken.size === move.captured.length;
}

function whyIllegal(variant: Variant, board: Board, legal: Move[], from: number): string {
  const side = board.side === WHITE ? 'White' : 'Black';
  const piece = board.squares[from];
  const at = variant.geometry.squareName(from);
  if (piece === EMPTY || isWhite(piece) !== (board.side === WHITE)) return `${side} has no piece on ${at}`;
  if (legal.length === 0) return `${side} has no legal move`;
  const captures = legal.filter((m) => m.captured.length > 0);
  if (captures.length > 0) {
    const most = Math.max(...captures.map((m) => m.captured.length));
    const list = captures.slice(0, 6).map((m) => formatMove(variant, m, legal)).join(', ');
    const rule = variant.capturesOrthogonally ? 'the capture of greatest value must be taken'
      : variant.majorityRule && most > 1 ? `the most pieces (${most}) must be taken` : 'a capture is compulsory';
    return `${rule}: ${list}${captures.length > 6 ? ', ...' : ''}`;
  }
  const fromHere = legal.filter((m) => m.from === from).sort((a, b) => a.to - b.to).map((m) => formatMove(variant, m, legal));
  return fromHere.length > 0 ? `the piece on ${at} can play ${fromHere.join(', ')}` : `the piece on ${at} cannot move`;
}

/** Orders "9-13", "9-14", "10-14" by their numbers rather than as strings. */
export function byNumbers(a: string, b: string): number {
  const na = a.split(/[-x]/).map(Number), nb = b.split(/[-x]/).map(Number);
  for (let i = 0; i < Math.min(na.length, nb.length); i++) if (na[i] !== nb[i]) return na[i] - nb[i];
  return na.length - nb.length;
}
