// Self-play games for training data, spread over a piscina pool (one worker a core), from the
// shipped openings with a few random plies each. The records come back in game order, so the
// same options give the same data on any machine and any number of threads.

import { Piscina } from 'piscina';
import { defaultOpenings } from '../match/openings.ts';
import type { Variant } from '../rules/variant.ts';
import { distFile } from '../tools/dist-path.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { RECORD_INTS } from './records.ts';
import { type SelfPlayGameResult, type SelfPlayGameSpec, seededRandom } from './selfplay-game.ts';
import type { SelfPlayTask } from './selfplay-worker.ts';

export interface SelfPlayOptions {
  variant: Variant;
  games: number;
  nodes: number;
  randomPlies: number;
  maxPlies: number;
  seed: number;
  threads: number;
  evalKind: EvalKind;
  weightsPath?: string;
  /** Keep positions where only the opponent threatens a capture, too (selfplay-game.ts). */
  keepThreats?: boolean;
  /** Endgame tables for the searches; a game ends at its first position they hold (selfplay-game.ts). */
  egdbPath?: string;
  /** Called after each batch of games with the games done so far and the running W/D/L (White's view). */
  onProgress?: (done: number, white: number, draws: number, black: number, positions: number) => void;
}

export interface SelfPlayData {
  records: Int32Array;
  games: number;
  whiteWins: number;
  draws: number;
  blackWins: number;
  plies: number;
  /** Games ended by the endgame tables. */
  byTables: number;
}

/** Games a task (a pool task, a queue job). */
export const SELFPLAY_BATCH = 4;

/** Every game's spec: the same options give the same games on any machine. */
export function selfPlaySpecs(o: Pick<SelfPlayOptions, 'variant' | 'games' | 'nodes' | 'randomPlies' | 'maxPlies' | 'seed' | 'keepThreats'>): SelfPlayGameSpec[] {
  const openings = defaultOpenings(o.variant);
  const random = seededRandom(o.seed);
  const specs: SelfPlayGameSpec[] = [];
  for (let id = 0; id < o.games; id++) {
    specs.push({
      id,
      opening: openings[Math.floor(random() * openings.length)],
      seed: Math.floor(random() * 2 ** 31),
      randomPlies: o.randomPlies,
      nodes: o.nodes,
      maxPlies: o.maxPlies,
      keepThreats: o.keepThreats ?? false,
    });
  }
  return specs;
}

/** A played game as the data file needs it. */
export interface PlayedSelfPlayGame { records: Int32Array; whiteScore: number; plies: number; endedByTables: boolean }

/** Running W/D/L for progress lines. */
export class SelfPlayTally {
  done = 0; white = 0; draws = 0; black = 0; positions = 0;
  add(games: PlayedSelfPlayGame[]): void {
    for (const g of games) {
      this.done++;
      this.positions += g.records.length / RECORD_INTS;
      if (g.whiteScore === 1) this.white++; else if (g.whiteScore === 0) this.black++; else this.draws++;
    }
  }
}

/** The data of all games, in game order (`batches` in batch order). */
export function assembleSelfPlay(batches: PlayedSelfPlayGame[][]): SelfPlayData {
  const all = batches.flat();
  const tally = new SelfPlayTally();
  tally.add(all);
  const records = new Int32Array(tally.positions * RECORD_INTS);
  let at = 0, plies = 0, byTables = 0;
  for (const g of all) {
    records.set(g.records, at);
    at += g.records.length;
    plies += g.plies;
    if (g.endedByTables) byTables++;
  }
  return { records, games: all.length, whiteWins: tally.white, draws: tally.draws, blackWins: tally.black, plies, byTables };
}

export async function runSelfPlay(o: SelfPlayOptions): Promise<SelfPlayData> {
  const specs = selfPlaySpecs(o);
  const pool = new Piscina({ filename: distFile('train-selfplay-worker.js'), minThreads: o.threads, maxThreads: o.threads });
  const results: PlayedSelfPlayGame[][] = [];
  const tally = new SelfPlayTally();
  try {
    const tasks: Promise<void>[] = [];
    for (let b = 0; b * SELFPLAY_BATCH < specs.length; b++) {
      const task: SelfPlayTask = { variant: o.variant.name, evalKind: o.evalKind, weightsPath: o.weightsPath, egdbPath: o.egdbPath, games: specs.slice(b * SELFPLAY_BATCH, (b + 1) * SELFPLAY_BATCH) };
      tasks.push(pool.run(task).then((r: SelfPlayGameResult[]) => {
        results[b] = r.map((g) => ({ records: g.records, whiteScore: g.whiteScore, plies: g.plies, endedByTables: g.tablePosition !== null }));
        tally.add(results[b]);
        o.onProgress?.(tally.done, tally.white, tally.draws, tally.black, tally.positions);
      }));
    }
    await Promise.all(tasks);
  } finally {
    await pool.destroy();
  }
  return assembleSelfPlay(results);
}
