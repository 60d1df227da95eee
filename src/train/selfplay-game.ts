// One self-play game for training data: an opening, a few random plies for variety, then
// both sides searching a fixed number of nodes a move. Every quiet position (no capture for
// either side) is kept with the result and the search's score there; with `keepThreats`, also
// those where only the opponent threatens a capture. The search asks the evaluation about
// those too (quiescence stands pat whenever the side to move has no capture), so a fit
// without them never learns what an opponent's threat costs.

import { Game, whitePoints } from '../game/game.ts';
import { type Opening, openingGame } from '../match/openings.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import type { Searcher } from '../search/search.ts';
import type { EndgameTables } from '../egdb/tables.ts';
import { UNKNOWN, whiteScoreOf } from '../egdb/values.ts';
import { gameRecords } from './records.ts';

export interface SelfPlayGameSpec {
  id: number;
  opening: Opening;
  /** Seeds the random plies, so a game is the same wherever and whenever it is played. */
  seed: number;
  randomPlies: number;
  nodes: number;
  maxPlies: number;
  /** Keep positions where the side to move has no capture but the opponent threatens one. */
  keepThreats?: boolean;
}

export interface SelfPlayGameResult {
  records: Int32Array;
  /** White's score: 1, 0.5 or 0. */
  whiteScore: number;
  plies: number;
  /** The game's first position the endgame tables hold, where it ended with their value as the result (null: none). */
  tablePosition: Position | null;
}

/** A small fast generator (mulberry32): reproducible random plies. */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The positions the evaluation is asked about in search: no capture for the side to move. */
export function isStandPat(variant: Variant, pos: Position): boolean {
  return !variant.hasCapture(pos);
}

/** No capture for either side. */
export function isQuiet(variant: Variant, pos: Position): boolean {
  if (!isStandPat(variant, pos)) return false;
  pos.side ^= 1;
  const threat = variant.hasCapture(pos);
  pos.side ^= 1;
  return !threat;
}

/**
 * With `tables` (which the searcher should use too), the game ends at its first position they
 * hold, scored by their value: what follows is known, and a search of a few thousand nodes could
 * still spoil it. Positions from there on are not kept.
 */
export function playSelfPlayGame(variant: Variant, searcher: Searcher, spec: SelfPlayGameSpec, tables: EndgameTables | null = null): SelfPlayGameResult {
  const random = seededRandom(spec.seed);
  const game: Game = openingGame(variant, spec.opening);
  for (let k = 0; k < spec.randomPlies && game.status().result === '*'; k++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  searcher.clear();
  const kept: Position[] = [];
  const scores: (number | null)[] = [];
  let tableScore: number | null = null;
  let tablePosition: Position | null = null;
  while (game.status().result === '*' && game.ply < spec.maxPlies) {
    const pos = game.position;
    const value = tables === null ? UNKNOWN : tables.probe(pos);
    if (value !== UNKNOWN) {
      tableScore = whiteScoreOf(value, pos.side);
      tablePosition = pos.clone();
      break;
    }
    const keep = spec.keepThreats ? isStandPat(variant, pos) : isQuiet(variant, pos);
    const r = searcher.search(pos, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes: spec.nodes } });
    if (keep) {
      kept.push(pos.clone());
      scores.push(r.depth > 0 ? r.score : null);
    }
    game.play(r.move!);
  }
  const whiteScore = tableScore ?? whitePoints(game.status().result);
  return { records: gameRecords(kept, whiteScore, spec.id, scores), whiteScore, plies: game.ply, tablePosition };
}
