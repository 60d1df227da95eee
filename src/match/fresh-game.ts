// One game of a match with fresh engine processes: a crashed engine is thereby restarted for the
// next game, and no game inherits another's state. Used by the local match and by queue workers.

import { Game } from '../game/game.ts';
import type { Variant } from '../rules/variant.ts';
import { type EngineSpec, HubClient } from './hub-client.ts';
import { type GameOutcome, type TimeControl, playGame } from './referee.ts';

export interface FreshGameOptions {
  variant: Variant;
  openingMoves: string[];
  tc: TimeControl;
  maxPlies: number;
  tolerance: number;
  /** Milliseconds an engine may take to start (default 30 s). */
  startMs?: number;
}

/** An engine that did not start, White's (0) or Black's (1). */
export class StartFailure extends Error {
  constructor(readonly side: 0 | 1, readonly why: string) {
    super(why);
  }
}

export interface FreshGameOutcome extends GameOutcome {
  /** The names the engines gave (Hub `id name`), White's and Black's. */
  names: [string, string];
  /** Which engine did not start (its game lost), if one did not. */
  notStarted: StartFailure | null;
}

export async function playFreshGame(white: EngineSpec, black: EngineSpec, o: FreshGameOptions): Promise<FreshGameOutcome> {
  const clients = [new HubClient(white), new HubClient(black)];
  try {
    const started = await Promise.allSettled(clients.map((c) => c.start(o.startMs)));
    const failed = started.findIndex((s) => s.status === 'rejected');
    if (failed >= 0) {
      const side = failed as 0 | 1;
      const reason = (started[side] as PromiseRejectedResult).reason;
      const why = reason instanceof Error ? reason.message : String(reason);
      return {
        game: new Game(o.variant), result: side === 0 ? '0-1' : '1-0', reason: `${side === 0 ? 'White' : 'Black'} did not start: ${why}`, fault: side,
        names: [clients[0].name, clients[1].name], notStarted: new StartFailure(side, why),
      };
    }
    const outcome = await playGame(clients[0], clients[1], {
      variant: o.variant, openingMoves: o.openingMoves, tc: o.tc, maxPlies: o.maxPlies, tolerance: o.tolerance,
      timeFactors: [white.timeFactor ?? 1, black.timeFactor ?? 1],
    });
    return { ...outcome, names: [clients[0].name, clients[1].name], notStarted: null };
  } finally {
    await Promise.all(clients.map((c) => c.quit()));
  }
}
