// A deliberately simple move generator for the 8x8 family (Brazilian, Russian, Pool, Czech,
// Spanish, Italian, Thai), written from docs/variants.md with arrays and square numbers on
// each game's own board and numbering: every capture route is listed in full, then ranked,
// then routes taking the same pieces between the same squares are merged. Clarity over speed.

import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, type Geometry } from '../../src/board/geometry.ts';
import { BLACK_KING, type Board, EMPTY, type Piece, WHITE_KING, isKing, isWhite } from '../../src/rules/board.ts';
import { WHITE } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import type { RefMove } from './reference-rules.ts';

interface Game {
  flying: boolean;
  menBackwards: boolean;
  menTakeKings: boolean;
  /** A man reaching the far row mid-capture goes on as a king. */
  crownedGoesOnAsKing: boolean;
  justBeyond: boolean;
  removeAtOnce: boolean;
  rank: 'free' | 'most' | 'most-then-kings' | 'italian' | 'king-first';
}

const BASE: Game = {
  flying: true, menBackwards: false, menTakeKings: true, crownedGoesOnAsKing: false,
  justBeyond: false, removeAtOnce: false, rank: 'free',
};

/** The games in words: docs/variants.md. */
const GAMES: Record<string, Game> = {
  brazilian: { ...BASE, menBackwards: true, rank: 'most' },
  russian: { ...BASE, menBackwards: true, crownedGoesOnAsKing: true },
  pool: { ...BASE, menBackwards: true },
  czech: { ...BASE, rank: 'king-first' },
  spanish: { ...BASE, rank: 'most-then-kings' },
  italian: { ...BASE, flying: false, menTakeKings: false, rank: 'italian' },
  thai: { ...BASE, justBeyond: true, removeAtOnce: true },
};

const ALL = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

interface Route {
  from: number;
  to: number;
  /** Jumped squares in the order taken. */
  taken: number[];
  /** Whether each jumped piece was a king. */
  kings: boolean[];
  path: number[];
  crowns: boolean;
  withKing: boolean;
}

/** Compares two routes by the game's ranking: > 0 when a is better. */
function compare(game: Game, a: Route, b: Route): number {
  const kingsOf = (r: Route) => r.kings.filter(Boolean).length;
  const byCount = a.taken.length - b.taken.length;
  switch (game.rank) {
    case 'free': return 0;
    case 'most': return byCount;
    case 'most-then-kings': return byCount || kingsOf(a) - kingsOf(b);
    case 'king-first': return Number(a.withKing) - Number(b.withKing);
    case 'italian': {
      if (byCount) return byCount;
      if (a.withKing !== b.withKing) return a.withKing ? 1 : -1;
      if (kingsOf(a) !== kingsOf(b)) return kingsOf(a) - kingsOf(b);
      // The king taken earliest: the first jump where one takes a king and the other does not.
      for (let i = 0; i < a.kings.length; i++) if (a.kings[i] !== b.kings[i]) return a.kings[i] ? 1 : -1;
      return 0;
    }
  }
}

export function familyReferenceMoves(variant: Variant, board: Board): RefMove[] {
  const game = GAMES[variant.name];
  const g: Geometry = variant.geometry;
  const white = board.side === WHITE;
  const mine = (p: Piece) => p !== EMPTY && isWhite(p) === white;
  const theirs = (p: Piece) => p !== EMPTY && isWhite(p) !== white;
  const forward = white ? [UP_LEFT, UP_RIGHT] : [DOWN_LEFT, DOWN_RIGHT];
  const farRow = (sq: number) => g.row(sq) === (white ? 0 : g.rows - 1);

  const routes: Route[] = [];
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const squares = [...board.squares];
    squares[from] = EMPTY;
    const walk = (at: number, king: boolean, taken: number[], kings: boolean[], path: number[], lastDir = -1) => {
      let went = false;
      const go = (victim: number, landing: number, nowKing: boolean, dir: number) => {
        went = true;
        const was = squares[victim];
        if (game.removeAtOnce) squares[victim] = EMPTY;
        walk(landing, nowKing, [...taken, victim], [...kings, isKing(was)], [...path, landing], dir);
        squares[victim] = was;
      };
      for (const dir of king || game.menBackwards ? ALL : forward) {
        if (king) {
          // Thai: no turning straight back along the line just travelled, though the piece there is gone.
          if (game.removeAtOnce && dir === 3 - lastDir) continue;
          let victim = g.neighbour(at, dir);
          if (game.flying) while (victim !== 0 && squares[victim] === EMPTY) victim = g.neighbour(victim, dir);
          if (victim === 0 || !theirs(squares[victim]) || taken.includes(victim)) continue;
          const landings: number[] = [];
          for (let l = g.neighbour(victim, dir); l !== 0 && squares[l] === EMPTY; l = g.neighbour(l, dir)) {
            landings.push(l);
            if (!game.flying || game.justBeyond) break;
          }
          // A capture is finished in full: where some landing square lets the king go on, it lands on one.
          const onward = landings.filter((l) => canKingCapture(l, [...taken, victim], victim));
          for (const l of onward.length > 0 && game.flying ? onward : landings) go(victim, l, true, dir);
        } else {
          const victim = g.neighbour(at, dir);
          const landing = victim === 0 ? 0 : g.neighbour(victim, dir);
          if (landing === 0 || !theirs(squares[victim]) || taken.includes(victim) || squares[landing] !== EMPTY) continue;
          if (!game.menTakeKings && isKing(squares[victim])) continue;
          go(victim, landing, game.crownedGoesOnAsKing && farRow(landing), dir);
        }
      }
      if (!went && taken.length > 0) {
        routes.push({ from, to: at, taken, kings, path, crowns: !isKing(piece) && (king || farRow(at)), withKing: isKing(piece) });
      }
    };
    /** Whether a king on `at` could take another piece (with `victim` just taken and, if removed at once, gone). */
    const canKingCapture = (at: number, taken: number[], victim: number): boolean => {
      const was = squares[victim];
      if (game.removeAtOnce) squares[victim] = EMPTY;
      let can = false;
      for (const dir of ALL) {
        let v = g.neighbour(at, dir);
        if (game.flying) while (v !== 0 && squares[v] === EMPTY) v = g.neighbour(v, dir);
        if (v === 0 || !theirs(squares[v]) || taken.includes(v)) continue;
        const l = g.neighbour(v, dir);
        if (l !== 0 && squares[l] === EMPTY) can = true;
      }
      squares[victim] = was;
      return can;
    };
    walk(from, isKing(piece), [], [], []);
  }

  if (routes.length > 0) {
    let best = routes[0];
    for (const r of routes) if (compare(game, r, best) > 0) best = r;
    const found = new Map<string, RefMove>();
    for (const r of routes) {
      if (compare(game, r, best) < 0) continue;
      const captured = [...r.taken].sort((a, b) => a - b);
      const key = `${r.from}|${r.to}|${captured.join(',')}`;
      const existing = found.get(key);
      if (existing) existing.paths.push(r.path.join(','));
      else found.set(key, { from: r.from, to: r.to, captured, crowns: r.crowns, paths: [r.path.join(',')] });
    }
    return [...found.values()];
  }

  const moves: RefMove[] = [];
  for (let from = 1; from <= g.squares; from++) {
    const piece = board.squares[from];
    if (!mine(piece)) continue;
    const king = isKing(piece);
    for (const dir of king ? ALL : forward) {
      for (let to = g.neighbour(from, dir); to !== 0 && board.squares[to] === EMPTY; to = g.neighbour(to, dir)) {
        moves.push({ from, to, captured: [], crowns: !king && farRow(to), paths: [''] });
        if (!(king && game.flying)) break;
      }
    }
  }
  return moves;
}

export function applyFamilyMove(board: Board, move: RefMove): Board {
  const squares = [...board.squares];
  const piece = squares[move.from];
  squares[move.from] = EMPTY;
  for (const sq of move.captured) squares[sq] = EMPTY;
  squares[move.to] = move.crowns ? (isWhite(piece) ? WHITE_KING : BLACK_KING) : piece;
  return { side: board.side === WHITE ? 1 : 0, squares };
}
