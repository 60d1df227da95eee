// What a worker does with one job it has checked: a game with fresh engine processes, a batch of
// self-play games on the worker's pool, or a leaf search. Errors thrown here fail the job with
// their message, which the coordinator prints.

import { Piscina } from 'piscina';
import { LocalLeafSearcher } from '../book/leaf-searcher.ts';
import type { LeafResult } from '../book/types.ts';
import { playFreshGame } from '../match/fresh-game.ts';
import { getVariant } from '../rules/variants.ts';
import type { SelfPlayGameResult } from '../train/selfplay-game.ts';
import type { SelfPlayTask } from '../train/selfplay-worker.ts';
import { distFile } from '../tools/dist-path.ts';
import { BadData } from './check.ts';
import type { EngineNames } from './engine-names.ts';
import type { GameJobData, LeafJobData, SelfPlayJobData } from './job-data.ts';
import { type GameJobResult, type SelfPlayJobResult, encodeRecords, gameMoves } from './job-results.ts';

const ENGINE_START_MS = 120_000;

/** A job that cannot be run here (an engine this worker lacks): failed, not retried. */
export class Refused extends Error {}

export class JobRunner {
  private selfPlayPool: Piscina | null = null;
  private leafSearcher: LocalLeafSearcher | null = null;

  constructor(private readonly engines: EngineNames, private readonly threads: number) {}

  async game(job: GameJobData): Promise<GameJobResult> {
    const variant = getVariant(job.variant);
    const spec = (side: GameJobData['white']) => {
      const command = this.engines.get(side.name);
      if (command === undefined) throw new Refused(`this worker has no engine named ${side.name} (it has ${[...this.engines.keys()].join(', ')}; start it with --engine ${side.name}=COMMAND)`);
      return { command, params: side.params, timeFactor: side.timeFactor };
    };
    const white = spec(job.white), black = spec(job.black);
    const outcome = await playFreshGame(white, black, {
      variant, openingMoves: job.openingMoves, tc: job.tc, maxPlies: job.maxPlies, tolerance: job.tolerance,
      // A farm machine may be busy with other work: a slow start is no reason to give up a game.
      startMs: ENGINE_START_MS,
    });
    // An engine that will not start here is this worker's trouble, not a result of the game: the
    // attempt fails and the job is tried again (after three failures the match stops with the message).
    if (outcome.notStarted) throw new Error(`engine ${outcome.notStarted.side === 0 ? job.white.name : job.black.name} did not start on this worker: ${outcome.notStarted.why}`);
    return { moves: gameMoves(variant, outcome.game), result: outcome.result as GameJobResult['result'], reason: outcome.reason, fault: outcome.fault, names: outcome.names };
  }

  async selfPlay(job: SelfPlayJobData): Promise<SelfPlayJobResult> {
    this.selfPlayPool ??= new Piscina({ filename: distFile('train-selfplay-worker.js'), minThreads: 1, maxThreads: this.threads });
    // One game a task, so that a batch spreads over the pool's threads.
    const results = await Promise.all(job.games.map((spec) => {
      const task: SelfPlayTask = { variant: job.variant, evalKind: job.evalKind, games: [spec] };
      return this.selfPlayPool!.run(task) as Promise<SelfPlayGameResult[]>;
    }));
    return { games: results.flat().map((g) => ({ records: encodeRecords(g.records), whiteScore: g.whiteScore, plies: g.plies, endedByTables: g.tablePosition !== null })) };
  }

  async leaf(job: LeafJobData): Promise<LeafResult> {
    this.leafSearcher ??= new LocalLeafSearcher(this.threads);
    try {
      return await this.leafSearcher.run(job.leaf);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw message.startsWith('bad leaf job') ? new BadData(message) : err;
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.selfPlayPool?.destroy(), this.leafSearcher?.close()]);
  }
}
