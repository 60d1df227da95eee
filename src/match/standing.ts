// The score of a match as results come in: each engine's games, the first engine's W/D/L
// against the rest (what Elo and SPRT are computed from), and each game's PDN record. A local
// match and a match played by queue workers keep their score here, so both count alike.

import { hostname } from 'node:os';
import { type Game, type Result, whitePoints } from '../game/game.ts';
import { formatPdnGame } from '../notation/pdn.ts';
import { type SprtBounds, type Wdl, sprtVerdict } from './elo.ts';

export interface EngineStanding { name: string; games: number; points: number; wins: number; draws: number; losses: number }

export interface MatchStanding {
  engines: EngineStanding[];
  /** The first engine's W/D/L against the rest (the Elo and SPRT figures). */
  first: Wdl;
  sprt: ReturnType<typeof sprtVerdict> | null;
}

export function newStanding(names: string[]): MatchStanding {
  return { engines: names.map((name) => ({ name, games: 0, points: 0, wins: 0, draws: 0, losses: 0 })), first: { wins: 0, draws: 0, losses: 0 }, sprt: null };
}

function record(s: EngineStanding, points: number): void {
  s.games++;
  s.points += points;
  if (points === 1) s.wins++; else if (points === 0.5) s.draws++; else s.losses++;
}

/** Counts one game (engines by index); with `sprt`, the verdict after it. */
export function countGame(standing: MatchStanding, white: number, black: number, result: Result, sprt?: SprtBounds): void {
  const whiteScore = whitePoints(result);
  record(standing.engines[white], whiteScore);
  record(standing.engines[black], 1 - whiteScore);
  if (white === 0 || black === 0) {
    const firstPoints = white === 0 ? whiteScore : 1 - whiteScore;
    if (firstPoints === 1) standing.first.wins++; else if (firstPoints === 0.5) standing.first.draws++; else standing.first.losses++;
  }
  if (sprt) standing.sprt = sprtVerdict(standing.first, sprt);
}

/** An engine's name in the PDN; two engines of the same name (Damka against Damka) are told apart by their number. */
export function engineLabel(standing: MatchStanding, index: number): string {
  const name = standing.engines[index].name;
  return standing.engines.some((e, i) => i !== index && e.name === name) ? `${name} (${index + 1})` : name;
}

export interface PlayedGame { round: number; white: number; black: number; openingMoves: string[]; game: Game; result: Result; reason: string }

/** One game as PDN text, tagged with the match's engines. */
export function matchPdnGame(standing: MatchStanding, g: PlayedGame): string {
  const tags = {
    Event: `Damka match: ${standing.engines.map((_e, i) => engineLabel(standing, i)).join(' vs ')}`,
    Site: hostname(),
    Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'),
    Round: String(g.round),
    White: engineLabel(standing, g.white),
    Black: engineLabel(standing, g.black),
    Opening: g.openingMoves.join(' '),
    Termination: g.reason,
  };
  return `${formatPdnGame(g.game, { ...tags, Result: g.result })}\n`;
}

/** Games finished: each is in two engines' counts. */
export function gamesPlayed(standing: MatchStanding): number {
  return standing.engines.reduce((n, e) => n + e.games, 0) / 2;
}
