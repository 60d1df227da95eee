// A match played by queue workers: every game of the schedule goes on the queue at once, and
// results are counted as they come, each game once (keyed by its round), with the same score,
// Elo and SPRT as a local match (src/match/standing.ts). The PDN is written in game order.
// When the SPRT decides, or the match is stopped, the games still waiting are taken off the queue.

import { appendFileSync, writeFileSync } from 'node:fs';
import type { SprtBounds } from '../match/elo.ts';
import { type Pairing, schedule } from '../match/match.ts';
import type { Opening } from '../match/openings.ts';
import type { TimeControl } from '../match/referee.ts';
import { type MatchStanding, countGame, matchPdnGame, newStanding } from '../match/standing.ts';
import type { Variant } from '../rules/variant.ts';
import { buildIdentity } from './build-identity.ts';
import type { JobClient } from './job-client.ts';
import { type GameEngine, type GameJobData, jobId } from './job-data.ts';
import { checkGameResult } from './job-results.ts';

export interface QueueMatchOptions {
  client: JobClient;
  run: string;
  variant: Variant;
  engines: GameEngine[];
  tc: TimeControl;
  openings: Opening[];
  games: number;
  maxPlies: number;
  tolerance: number;
  /** Written afresh, every game in order (a run started again brings back its earlier games). */
  pdn?: string;
  sprt?: SprtBounds;
  onGame?: (round: number, standing: MatchStanding) => void;
  warn?: (line: string) => void;
}

export class QueueMatch {
  readonly standing: MatchStanding;
  private readonly pairings: Pairing[];
  private readonly counted = new Set<number>();
  private readonly pdnWaiting = new Map<number, string>();
  private nextPdn = 1;
  private stopped = false;

  constructor(private readonly o: QueueMatchOptions) {
    if (o.engines.length < 2) throw new Error('a match needs at least two engines');
    this.standing = newStanding(o.engines.map((e) => e.name));
    this.pairings = schedule(o.engines.length, o.openings, o.games);
  }

  job(p: Pairing): GameJobData {
    return {
      kind: 'game', build: buildIdentity(), run: this.o.run, variant: this.o.variant.name, round: p.round, openingMoves: p.opening.moves,
      white: this.o.engines[p.white], black: this.o.engines[p.black], tc: this.o.tc, maxPlies: this.o.maxPlies, tolerance: this.o.tolerance,
    };
  }

  /** Plays the match; resolves when every game is in or the SPRT has decided; rejects when a job fails. */
  async run(): Promise<MatchStanding> {
    if (this.o.pdn) writeFileSync(this.o.pdn, '');
    let failure: Error | null = null;
    let decided: () => void = () => {};
    const decision = new Promise<void>((resolve) => { decided = resolve; });
    const all = Promise.all(this.pairings.map(async (p) => {
      let value: unknown;
      try {
        value = await this.o.client.submit(jobId(this.o.run, `game${p.round}`), this.job(p));
      } catch (err) {
        if (this.stopped) return;
        failure = new Error(`game ${p.round}: ${err instanceof Error ? err.message : String(err)}`);
        decided();
        return;
      }
      if (this.stopped) return;
      try {
        this.take(p, value);
      } catch (err) {
        failure = err as Error;
        decided();
        return;
      }
      if (this.standing.sprt?.verdict) decided();
    }));
    await Promise.race([all, decision]);
    if (failure !== null || this.standing.sprt?.verdict) await this.stop();
    else this.flushPdn();
    if (failure !== null) throw failure;
    return this.standing;
  }

  /** Takes the waiting games off the queue and writes the PDN of the games in; returns how many were removed. */
  async stop(): Promise<number> {
    this.stopped = true;
    const removed = await this.o.client.removeWaiting();
    this.flushPdn();
    return removed;
  }

  private take(p: Pairing, value: unknown): void {
    if (this.counted.has(p.round)) {
      this.o.warn?.(`match: a second result for game ${p.round} ignored`);
      return;
    }
    let checked;
    try {
      checked = checkGameResult(this.o.variant, value, p.opening.moves);
    } catch (err) {
      throw new Error(`game ${p.round}: the worker's result is refused: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.counted.add(p.round);
    this.standing.engines[p.white].name = checked.names[0];
    this.standing.engines[p.black].name = checked.names[1];
    countGame(this.standing, p.white, p.black, checked.result, this.o.sprt);
    if (this.o.pdn) {
      this.pdnWaiting.set(p.round, matchPdnGame(this.standing, { ...p, openingMoves: p.opening.moves, game: checked.game, result: checked.result, reason: checked.reason }));
      while (this.pdnWaiting.has(this.nextPdn)) {
        appendFileSync(this.o.pdn, this.pdnWaiting.get(this.nextPdn)!);
        this.pdnWaiting.delete(this.nextPdn++);
      }
    }
    this.o.onGame?.(p.round, this.standing);
  }

  /** The games after a gap (a game not played when the match stopped), in order. */
  private flushPdn(): void {
    if (!this.o.pdn) return;
    for (const round of [...this.pdnWaiting.keys()].sort((a, b) => a - b)) appendFileSync(this.o.pdn, this.pdnWaiting.get(round)!);
    this.pdnWaiting.clear();
  }
}
