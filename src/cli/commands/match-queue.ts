// damka match --queue: the match's games played by queue workers (src/queue/queue-match.ts),
// with the live line and final table of a local match. Ctrl-C takes the waiting games off the
// queue and prints the standing; the same --run started again takes the games already played.

import type { SprtBounds } from '../../match/elo.ts';
import type { EngineSpec } from '../../match/hub-client.ts';
import { summaryLine } from '../../match/match.ts';
import type { Opening } from '../../match/openings.ts';
import type { TimeControl } from '../../match/referee.ts';
import { gamesPlayed } from '../../match/standing.ts';
import { NAME_PATTERN } from '../../queue/job-data.ts';
import { QueueMatch } from '../../queue/queue-match.ts';
import type { Variant } from '../../rules/variant.ts';
import { UsageError } from '../errors.ts';
import { printStanding } from '../match-table.ts';
import { Progress } from '../progress.ts';
import { type QueueFlags, openQueue, runName } from '../queue-options.ts';

export interface QueueMatchSettings {
  variant: Variant;
  engines: EngineSpec[];
  tc: TimeControl;
  openings: Opening[];
  games: number;
  maxPlies: number;
  tolerance: number;
  sprt?: SprtBounds;
}

export async function queueMatch(o: QueueFlags & { pdn?: string }, m: QueueMatchSettings): Promise<void> {
  const engines = m.engines.map((e) => {
    if (!NAME_PATTERN.test(e.command)) throw new UsageError(`with --queue, --engine is an engine's name on the workers (damka, or one a worker has from --engine NAME=COMMAND), got "${e.command}"`);
    return { name: e.command, params: e.params, timeFactor: e.timeFactor ?? 1 };
  });
  const run = runName(o.run, 'match');
  const client = await openQueue(o);
  process.stderr.write(`match: run ${run} on the queue (start again with --run ${run} to take up its results)\n`);
  const progress = new Progress();
  const match = new QueueMatch({
    client, run, variant: m.variant, engines, tc: m.tc, openings: m.openings, games: m.games, maxPlies: m.maxPlies, tolerance: m.tolerance,
    pdn: o.pdn, sprt: m.sprt,
    onGame: (_round, s) => progress.update(`games ${gamesPlayed(s)}/${m.games}  ${summaryLine(s)}`),
    warn: (line) => { progress.done(); process.stderr.write(`${line}\n`); },
  });
  const interrupted = (code: number) => () => {
    progress.done();
    // A Redis that is down would hold the removal up for ever: the standing is printed regardless.
    const gaveUp = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000).unref());
    void Promise.race([match.stop(), gaveUp]).then(async (removed) => {
      const taken = removed === null ? 'the queue did not answer, so waiting games may remain on it' : `${removed} waiting games taken off the queue`;
      process.stdout.write(`match stopped after ${gamesPlayed(match.standing)} of ${m.games} games; ${taken} (run ${run})\n`);
      printStanding(match.standing);
      process.exit(code);
    });
  };
  const onInt = interrupted(130), onTerm = interrupted(143);
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  try {
    const standing = await match.run();
    progress.done();
    if (standing.sprt?.verdict) process.stdout.write(`SPRT: ${standing.sprt.verdict} accepted after ${gamesPlayed(standing)} games; the games still waiting were taken off the queue\n`);
    printStanding(standing);
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    progress.done();
    await client.close();
  }
}
