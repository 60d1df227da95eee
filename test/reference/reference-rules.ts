// A deliberately simple move generator, written straight from RULES.md with arrays and
// square numbers, to check the fast bitboard generators against. Clarity over speed.
// English, International (on the 10x10 and 12x12 boards), Brazilian and Russian here; Turkish in turkish-reference.ts.

import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, type Geometry } from '../../src/board/geometry.ts';
import { BLACK_KING, type Board, EMPTY, type Piece, WHITE_KING, isKing, isWhite } from '../../src/rules/board.ts';
import { BLACK, WHITE } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { turkishReferenceMoves } from './turkish-reference.ts';

export interface RefMove {
  from: number;
  to: number;
  captured: number[]; // ascending
  crowns: boolean;
  /** Every landing-square route that makes this move (several when two routes take the same pieces). */
  paths: string[];
}

export interface RefRules {
  geometry: Geometry;
  /** International and Brazilian: men capture backwards, kings fly, majority rule, crown only at the end. */
  international: boolean;
  /**
   * Russian: as International, but no majority rule; a man reaching the back rank during a
   * capture is crowned and goes on as a king; a king must land where it can capture again
   * when it can.
   */
  russian?: boolean;
  /** Killer: a king whose last capture takes a king lands on the square just beyond it. */
  killer?: boolean;
  /** Turkish draughts (turkish-reference.ts). */
  turkish?: boolean;
  /** Test-only: break one rule on purpose, to find positions where that rule matters. */
  broken?: 'remove-at-once' | 'start-square-occupied';
}

/** The reference rules of a game. */
export function referenceRulesOf(variant: Variant): RefRules {
  const name = variant.name;
  return {
    geometry: variant.geometry,
    // Killer, Antidraughts and Breakthrough move as International does (bar Killer's one rule), Canadian on 12x12.
    international: ['international', 'brazilian', 'russian', 'killer', 'antidraughts', 'breakthrough', 'canadian'].includes(name),
    russian: name === 'russian',
    killer: name === 'killer',
    turkish: name === 'turkish',
  };
}

const ALL_DIRECTIONS = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

export function referenceMoves(rules: RefRules, board: Board): RefMove[] {
  if (rules.turkish) return turkishReferenceMoves(rules.geometry, board);
  const g = rules.geometry;
  const white = board.side === WHITE;
  const mine = (p: Piece) => p !== EMPTY && isWhite(p) === white;
  const theirs = (p: Piece) => p !== EMPTY && isWhite(p) !== white;
  const forward = white ? [UP_LEFT, UP_RIGHT] : [DOWN_LEFT, DOWN_RIGHT];
  const onCrowningRow = (sq: number) => (white ? g.row(sq) === 0 : g.row(sq) === g.rows - 1);

  const found = new Map<string, RefMove>();
  const record = (from: number, to: number, captured: number[], path: number[], crowns: boolean) => {
    const sorted = [...captured].sort((a, b) => a - b);
    const key = `${from}|${to}|${sorted.join(',')}`;
    const existing = found.get(key);
    if (existing) existing.paths.push(path.join(','));
    else found.set(key, { from, to, captured: sorted, crowns, paths: [path.join(',')] });
  };

  // Captures, piece by piece.
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const squares = [...board.squares];
    if (rules.broken !== 'start-square-occupied') squares[from] = EMPTY; // the capturing piece's own square counts as empty
    /** Flying captures of a king on `at`: each victim with the empty squares beyond it. */
    const kingTargets = (at: number, captured: number[]) => {
      const out: { victim: number; landings: number[] }[] = [];
      for (const dir of ALL_DIRECTIONS) {
        let victim = g.neighbour(at, dir);
        while (victim !== 0 && squares[victim] === EMPTY) victim = g.neighbour(victim, dir);
        // Jumped pieces stay on the board until the end: they block, and cannot be taken twice.
        if (victim === 0 || !theirs(squares[victim]) || captured.includes(victim)) continue;
        const landings: number[] = [];
        for (let l = g.neighbour(victim, dir); l !== 0 && squares[l] === EMPTY; l = g.neighbour(l, dir)) landings.push(l);
        if (landings.length > 0) out.push({ victim, landings });
      }
      return out;
    };
    /** `mustGoOn`: a Killer king that landed past the square just beyond a king it took may not stop here. */
    const jump = (at: number, captured: number[], path: number[], king: boolean, mustGoOn = false) => {
      if (rules.broken === 'remove-at-once') for (const sq of captured) squares[sq] = EMPTY;
      let continued = false;
      if (king && rules.international) {
        for (const { victim, landings } of kingTargets(at, captured)) {
          const taken = [...captured, victim];
          // Russian: where some landing square lets the king capture again, it must land on one.
          const onward = rules.russian ? landings.filter((l) => kingTargets(l, taken).length > 0) : [];
          const killsKing = !!rules.killer && isKing(squares[victim]);
          for (const landing of onward.length > 0 ? onward : landings) {
            continued = true;
            jump(landing, taken, [...path, landing], true, killsKing && landing !== landings[0]);
          }
        }
      } else {
        for (const dir of king || rules.international ? ALL_DIRECTIONS : forward) {
          const victim = g.neighbour(at, dir);
          const landing = victim === 0 ? 0 : g.neighbour(victim, dir);
          if (landing === 0 || !theirs(squares[victim]) || captured.includes(victim) || squares[landing] !== EMPTY) continue;
          continued = true;
          if (!rules.international && !king && onCrowningRow(landing)) {
            record(from, landing, [...captured, victim], [...path, landing], true); // English: crowning ends the move
          } else {
            // Russian: a man crowned during the capture goes on as a king.
            jump(landing, [...captured, victim], [...path, landing], king || (!!rules.russian && onCrowningRow(landing)));
          }
        }
      }
      if (rules.broken === 'remove-at-once') for (const sq of captured) squares[sq] = board.squares[sq];
      if (!continued && captured.length > 0 && !mustGoOn) record(from, at, captured, path, !isKing(piece) && (king || onCrowningRow(at)));
    };
    jump(from, [], [], isKing(piece));
  }
  let moves = [...found.values()];
  if (moves.length > 0) {
    if (rules.international && !rules.russian) {
      const most = Math.max(...moves.map((m) => m.captured.length));
      moves = moves.filter((m) => m.captured.length === most);
    }
    return moves;
  }

  // No capture: quiet moves.
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const king = isKing(piece);
    for (const dir of king ? ALL_DIRECTIONS : forward) {
      let to = g.neighbour(from, dir);
      while (to !== 0 && board.squares[to] === EMPTY) {
        moves.push({ from, to, captured: [], crowns: !king && onCrowningRow(to), paths: [''] });
        if (!(king && rules.international)) break;
        to = g.neighbour(to, dir);
      }
    }
  }
  return moves;
}

export function applyReferenceMove(board: Board, move: RefMove): Board {
  const squares = [...board.squares];
  const piece = squares[move.from];
  squares[move.from] = EMPTY;
  for (const sq of move.captured) squares[sq] = EMPTY;
  squares[move.to] = move.crowns ? (isWhite(piece) ? WHITE_KING : BLACK_KING) : piece;
  return { side: board.side === WHITE ? BLACK : WHITE, squares };
}

export function referencePerft(rules: RefRules, board: Board, depth: number): number {
  const moves = referenceMoves(rules, board);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += referencePerft(rules, applyReferenceMove(board, m), depth - 1);
  return total;
}
