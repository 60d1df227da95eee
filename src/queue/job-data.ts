// The jobs on the queue, as plain JSON: a game of a match, a batch of self-play games, a leaf
// search of the book builder. No job carries a command line: engines are named, and each worker
// knows the commands of the names it was started with. Every job says which build made it.

import type { BuildIdentity } from './build-identity.ts';
import type { TimeControl } from '../match/referee.ts';
import type { SelfPlayGameSpec } from '../train/selfplay-game.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { LeafJob } from '../book/types.ts';

/** The one queue every kind of job goes on; each job's name is its kind. */
export const QUEUE_NAME = 'damka';

/** Engine names, run names: letters, digits, '_', '-' and '.' (a job id is built from the run name). */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export interface GameEngine {
  /** A name the worker knows (`damka`: the worker's own build). */
  name: string;
  /** Hub parameters set before init. */
  params: Record<string, string>;
  /** Time odds: the time control's times this factor. */
  timeFactor: number;
}

interface JobBase { build: BuildIdentity; run: string }

export interface GameJobData extends JobBase {
  kind: 'game';
  variant: string;
  round: number;
  openingMoves: string[];
  white: GameEngine;
  black: GameEngine;
  tc: TimeControl;
  maxPlies: number;
  tolerance: number;
}

export interface SelfPlayJobData extends JobBase {
  kind: 'selfplay';
  variant: string;
  evalKind: EvalKind;
  games: SelfPlayGameSpec[];
}

export interface LeafJobData extends JobBase {
  kind: 'leaf';
  leaf: LeafJob;
}

export type JobData = GameJobData | SelfPlayJobData | LeafJobData;

/** A job's id: its run and its place there (BullMQ ids may not contain ':'). */
export function jobId(run: string, part: string): string {
  return `${run}.${part}`;
}
