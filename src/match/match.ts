// A match: games between Hub engines from an opening list, each opening twice with colours
// reversed, several games at once, results as they come (PDN appended game by game, so a
// stopped match loses nothing), Elo with error bars and an optional SPRT stop.
//
// Every game starts fresh engine processes (fresh-game.ts); the score is kept by standing.ts,
// which a match played by queue workers (src/queue/) shares.

import { appendFileSync } from 'node:fs';
import type { Variant } from '../rules/variant.ts';
import { type SprtBounds, eloEstimate } from './elo.ts';
import type { EngineSpec } from './hub-client.ts';
import type { Opening } from './openings.ts';
import type { GameOutcome, TimeControl } from './referee.ts';
import { playFreshGame } from './fresh-game.ts';
import { type MatchStanding, countGame, matchPdnGame, newStanding } from './standing.ts';

export type { EngineStanding, MatchStanding } from './standing.ts';

export interface MatchOptions {
  variant: Variant;
  engines: EngineSpec[];
  tc: TimeControl;
  openings: Opening[];
  games: number;
  concurrency: number;
  maxPlies: number;
  tolerance: number;
  pdn?: string;
  sprt?: SprtBounds;
  /** After each game: its number, the engines' indices as White and Black, and the outcome. */
  onGame?: (round: number, white: number, black: number, outcome: GameOutcome, standing: MatchStanding) => void;
}

export interface Pairing { round: number; white: number; black: number; opening: Opening }

export function schedule(engineCount: number, openings: Opening[], games: number): Pairing[] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < engineCount; a++) for (let b = a + 1; b < engineCount; b++) pairs.push([a, b]);
  const out: Pairing[] = [];
  for (let i = 0; i < games; i++) {
    const pairIndex = Math.floor(i / 2) % pairs.length;
    const [a, b] = pairs[pairIndex];
    const opening = openings[Math.floor(i / (2 * pairs.length)) % openings.length];
    const swap = i % 2 === 1;
    out.push({ round: i + 1, white: swap ? b : a, black: swap ? a : b, opening });
  }
  return out;
}

export async function runMatch(o: MatchOptions): Promise<MatchStanding> {
  if (o.engines.length < 2) throw new Error('a match needs at least two engines');
  const standing = newStanding(o.engines.map((e) => e.command));
  const queue = schedule(o.engines.length, o.openings, o.games);
  let stopping = false;
  const everStarted = o.engines.map(() => false);

  const playOne = async (p: Pairing) => {
    const outcome = await playFreshGame(o.engines[p.white], o.engines[p.black], {
      variant: o.variant, openingMoves: p.opening.moves, tc: o.tc, maxPlies: o.maxPlies, tolerance: o.tolerance,
    });
    if (outcome.notStarted) {
      const index = outcome.notStarted.side === 0 ? p.white : p.black;
      // An engine that never started is a mistake in the command, not a result: stop the match.
      if (!everStarted[index]) {
        stopping = true;
        throw new Error(`engine ${index + 1} (${o.engines[index].command}) did not start: ${outcome.notStarted.why}`);
      }
    } else {
      everStarted[p.white] = everStarted[p.black] = true;
      standing.engines[p.white].name = outcome.names[0];
      standing.engines[p.black].name = outcome.names[1];
    }
    countGame(standing, p.white, p.black, outcome.result, o.sprt);
    if (standing.sprt?.verdict) stopping = true;
    if (o.pdn) appendFileSync(o.pdn, matchPdnGame(standing, { ...p, openingMoves: p.opening.moves, game: outcome.game, result: outcome.result, reason: outcome.reason }));
    o.onGame?.(p.round, p.white, p.black, outcome, standing);
  };

  const workers = Array.from({ length: Math.max(1, o.concurrency) }, async () => {
    for (;;) {
      if (stopping) return;
      const next = queue.shift();
      if (!next) return;
      await playOne(next);
    }
  });
  await Promise.all(workers);
  return standing;
}

/** "+5 =3 -2, score 65.0%, Elo +108 ± 190" for the first engine. */
export function summaryLine(s: MatchStanding): string {
  const { wins, draws, losses } = s.first;
  const e = eloEstimate(s.first);
  const elo = e.elo === null ? (e.games === 0 ? 'n/a' : e.score >= 1 ? '+inf' : '-inf') : `${e.elo >= 0 ? '+' : ''}${e.elo.toFixed(0)} ± ${e.margin!.toFixed(0)}`;
  const sprt = s.sprt ? `, LLR ${s.sprt.llr.toFixed(2)} (${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)})${s.sprt.verdict ? ` ${s.sprt.verdict} accepted` : ''}` : '';
  return `+${wins} =${draws} -${losses}, score ${e.games ? (e.score * 100).toFixed(1) : '0.0'}%, Elo ${elo}${sprt}`;
}
