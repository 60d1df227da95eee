// A match: games between Hub engines from an opening list, each opening twice with colours
// reversed, several games at once, results as they come (PDN appended game by game, so a
// stopped match loses nothing), Elo with error bars and an optional SPRT stop.
//
// Every game starts fresh engine processes: a crashed engine is thereby restarted for the
// next game, and no game inherits another's state.

import { appendFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Game, whitePoints } from '../game/game.ts';
import { formatPdnGame } from '../notation/pdn.ts';
import type { Variant } from '../rules/variant.ts';
import { type SprtBounds, type Wdl, eloEstimate, sprtVerdict } from './elo.ts';
import { type EngineSpec, HubClient } from './hub-client.ts';
import type { Opening } from './openings.ts';
import { type GameOutcome, type TimeControl, playGame } from './referee.ts';

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

export interface EngineStanding { name: string; games: number; points: number; wins: number; draws: number; losses: number }

export interface MatchStanding {
  engines: EngineStanding[];
  /** The first engine's W/D/L against the rest (the Elo and SPRT figures). */
  first: Wdl;
  sprt: ReturnType<typeof sprtVerdict> | null;
}

interface Pairing { round: number; white: number; black: number; opening: Opening }

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
  const standing: MatchStanding = {
    engines: o.engines.map((e) => ({ name: e.command, games: 0, points: 0, wins: 0, draws: 0, losses: 0 })),
    first: { wins: 0, draws: 0, losses: 0 },
    sprt: null,
  };
  const queue = schedule(o.engines.length, o.openings, o.games);
  let stopping = false;
  const everStarted = o.engines.map(() => false);
  const record = (index: number, points: number) => {
    const s = standing.engines[index];
    s.games++;
    s.points += points;
    if (points === 1) s.wins++; else if (points === 0.5) s.draws++; else s.losses++;
  };

  const playOne = async (p: Pairing) => {
    const white = new HubClient(o.engines[p.white]);
    const black = new HubClient(o.engines[p.black]);
    let outcome: GameOutcome;
    try {
      const started = await Promise.allSettled([white.start(), black.start()]);
      if (started[0].status === 'rejected' || started[1].status === 'rejected') {
        const side = started[0].status === 'rejected' ? 0 : 1;
        const why = (started[side] as PromiseRejectedResult).reason;
        const index = side === 0 ? p.white : p.black;
        // An engine that never started is a mistake in the command, not a result: stop the match.
        if (!everStarted[index]) {
          stopping = true;
          throw new Error(`engine ${index + 1} (${o.engines[index].command}) did not start: ${why instanceof Error ? why.message : String(why)}`);
        }
        outcome = { game: new Game(o.variant), result: side === 0 ? '0-1' : '1-0', reason: `${side === 0 ? 'White' : 'Black'} did not start: ${why instanceof Error ? why.message : String(why)}`, fault: side };
      } else {
        everStarted[p.white] = everStarted[p.black] = true;
        outcome = await playGame(white, black, { variant: o.variant, openingMoves: p.opening.moves, tc: o.tc, maxPlies: o.maxPlies, tolerance: o.tolerance,
          timeFactors: [o.engines[p.white].timeFactor ?? 1, o.engines[p.black].timeFactor ?? 1],
        });
      }
    } finally {
      await Promise.all([white.quit(), black.quit()]);
    }
    standing.engines[p.white].name = white.name;
    standing.engines[p.black].name = black.name;
    // Two engines of the same name (Damka against Damka) are told apart by their number.
    const label = (index: number) => {
      const name = standing.engines[index].name;
      return standing.engines.some((e, i) => i !== index && e.name === name) ? `${name} (${index + 1})` : name;
    };
    const whiteScore = whitePoints(outcome.result);
    record(p.white, whiteScore);
    record(p.black, 1 - whiteScore);
    if (p.white === 0 || p.black === 0) {
      const firstPoints = p.white === 0 ? whiteScore : 1 - whiteScore;
      if (firstPoints === 1) standing.first.wins++; else if (firstPoints === 0.5) standing.first.draws++; else standing.first.losses++;
    }
    if (o.sprt) {
      standing.sprt = sprtVerdict(standing.first, o.sprt);
      if (standing.sprt.verdict) stopping = true;
    }
    if (o.pdn) {
      const tags = {
        Event: `Damka match: ${standing.engines.map((_e, i) => label(i)).join(' vs ')}`,
        Site: hostname(),
        Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'),
        Round: String(p.round),
        White: label(p.white),
        Black: label(p.black),
        Opening: p.opening.moves.join(' '),
        Termination: outcome.reason,
      };
      appendFileSync(o.pdn, `${formatPdnGame(outcome.game, { ...tags, Result: outcome.result })}\n`);
    }
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
