// The move the tables choose at a root they call won or lost, by distance to conversion
// (generate.ts): from a win, a move to a lost position nearest its conversion; from a loss,
// the move that holds out longest. Played by both sides this converts within the root's
// distance, each winner's move one ply nearer, so a position cannot repeat on the way; the
// search's own guide inside one balance (progress scores) cannot promise either.
//
// Distances are trusted only when they agree with each other: the root's own distance must
// be 1 + its best move's. A distance file that disagrees (from another build of the
// tables, say) is reported and not used again.

import { CROWNS, type Move, MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { DISTANCE_SATURATED } from './generate.ts';
import type { EndgameTables } from './tables.ts';
import { LOSS, WIN } from './values.ts';

export interface TableMove {
  /** Index of the move in the root's move list. */
  index: number;
  /** The root's value for its side to move: WIN or LOSS. */
  value: number;
  /** Plies to conversion from the root with this move and best play after it. */
  distance: number;
}

/**
 * The tables' move among the first `n` of `list` (the root's legal moves), or null when the
 * root is not a table win or loss, or its distances are missing, saturated or inconsistent.
 */
export function tableMove(variant: Variant, tables: EndgameTables, root: Position, list: MoveList, n: number): TableMove | null {
  const value = tables.probe(root);
  if (value !== WIN && value !== LOSS) return null;
  const stored = tables.distance(root);
  if (stored < 0 || stored >= DISTANCE_SATURATED) return null;
  const child = new Position();
  let best = -1, bestDistance = value === WIN ? Infinity : -1;
  for (let m = 0; m < n; m++) {
    variant.make(child, root, list, m);
    const after = tables.probe(child);
    // A lost position's move to anything but a win is the values' fault, for egdb check.
    if (value === WIN ? after !== LOSS : after !== WIN) {
      if (value === LOSS) return null;
      continue;
    }
    const distance = moveDistance(tables, list, m, child);
    if (distance < 0) return null;
    if (value === WIN ? distance < bestDistance : distance > bestDistance) { best = m; bestDistance = distance; }
  }
  if (best < 0) return null;
  if (bestDistance !== stored) return distrust(tables, root, `distance ${stored} stored, ${bestDistance} by its moves`);
  return { index: best, value, distance: stored };
}

/**
 * Plies to conversion through move m of `list`, `child` being the position it leads to: 1 for
 * a capture or a crowning (it converts), else 1 + the child's distance, saturating as stored;
 * -1 when the child has no distance.
 */
export function moveDistance(tables: EndgameTables, list: MoveList, m: number, child: Position): number {
  if (list.captures[m] !== 0 || (list.flags[m] & CROWNS) !== 0) return 1;
  const after = tables.distance(child);
  return after < 0 ? -1 : Math.min(DISTANCE_SATURATED, 1 + after);
}

/**
 * The line the tables play from `root` until the conversion (or `maxLength` plies): the
 * principal variation to show with a table move.
 */
export function tableLine(variant: Variant, tables: EndgameTables, root: Position, maxLength: number): Move[] {
  const line: Move[] = [];
  const list = new MoveList();
  let pos = root.clone();
  for (let k = 0; k < maxLength; k++) {
    const n = variant.generate(pos, list);
    const move = tableMove(variant, tables, pos, list, n);
    if (move === null) break;
    line.push(variant.moveFromList(list, move.index));
    const next = new Position();
    variant.make(next, pos, list, move.index);
    pos = next;
    if (list.captures[move.index] !== 0 || (list.flags[move.index] & CROWNS) !== 0) break;
  }
  return line;
}

function distrust(tables: EndgameTables, root: Position, why: string): null {
  tables.distrustDistances(root, why);
  return null;
}
