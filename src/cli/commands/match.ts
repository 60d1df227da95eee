import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { getVariant } from '../../rules/variants.ts';
import { parseSprt } from '../../match/elo.ts';
import type { EngineSpec } from '../../match/hub-client.ts';
import { type MatchStanding, runMatch, summaryLine } from '../../match/match.ts';
import { gamesPlayed } from '../../match/standing.ts';
import { printStanding } from '../match-table.ts';
import { type QueueFlags, queueCheckOption, queueOption, runOption } from '../queue-options.ts';
import { queueMatch } from './match-queue.ts';
import { defaultOpenings, readOpenings } from '../../match/openings.ts';
import { type TimeControl, parseTimeControl } from '../../match/referee.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { Progress } from '../progress.ts';
import { variantOption } from '../variant-option.ts';
import { hubVariantName } from '../../protocols/hub/variant-name.ts';

interface MatchOpts {
  engine: string[]; param: string[]; dir: string[]; variant: string; games?: string; rounds?: string; tc?: string; moveTime?: string;
  depth?: string; threads?: string; timeOdds: string[]; concurrency: string; openings?: string; pdn?: string; sprt?: string; maxPlies: string; tolerance: string;
}

type Flags = MatchOpts & QueueFlags;

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * A per-engine option `n:value`: the engine's index (from 0) and the value matched against
 * `pattern`, or a usage error naming the shape it expects (and what `valid` also asks).
 */
function engineOption(
  flag: string, shape: string, text: string, engines: number, pattern: RegExp,
  valid: (value: RegExpExecArray) => boolean = () => true, asks = '',
): { index: number; value: RegExpExecArray } {
  const m = /^(\d+):(.*)$/.exec(text);
  const value = m ? pattern.exec(m[2]) : null;
  if (!m || !value || Number(m[1]) < 1 || Number(m[1]) > engines || !valid(value)) {
    throw new UsageError(`${flag} expects ${shape} with n from 1 to ${engines}${asks}, got "${text}"`);
  }
  return { index: Number(m[1]) - 1, value };
}

export function matchCommand(): Command {
  return new Command('match')
    .description('play Hub engines against each other from an opening list, refereed by our rules')
    .requiredOption('-e, --engine <command>', 'an engine command line, e.g. "npx damka hub" (give two or more)', collect, [])
    .option('-p, --param <n:name=value>', 'a Hub parameter for engine n (1-based), e.g. 1:tt-size=16 (repeatable)', collect, [])
    .option('--dir <n:path>', 'working directory of engine n (repeatable; default: the current one)', collect, [])
    .addOption(variantOption())
    .option('-g, --games <n>', 'number of games (default: two per opening, with colours reversed)')
    .option('-r, --rounds <n>', 'openings each pair of engines plays (two games each)')
    .option('--tc <control>', 'time control: moves/minutes (40/5) or seconds+increment (60+0.5)')
    .option('--move-time <seconds>', 'fixed time a move')
    .option('--depth <n>', 'fixed depth a move (no clock)')
    .option('--time-odds <n:factor>', 'engine n gets this many times the move time or clock, e.g. 2:2 (repeatable)', collect, [])
    .option('--threads <n>', 'the Hub parameter threads for every engine (an engine\'s own --param n:threads=N wins)')
    .option('-c, --concurrency <n>', 'games at once', '1')
    .option('--openings <file>', 'opening file (default: the shipped file of the variant)')
    .option('--pdn <file>', 'append each game to this PDN file')
    .option('--sprt <elo0,elo1[,alpha,beta]>', 'stop when the SPRT accepts either hypothesis (first engine against the rest)')
    .option('--max-plies <n>', 'adjudicate a draw after this many plies', '400')
    .option('--tolerance <seconds>', 'how far an engine may overrun its time before it forfeits', '0.2')
    .addOption(queueOption())
    .addOption(runOption())
    .addOption(queueCheckOption())
    .action(guarded(async (o: Flags) => {
      const variant = getVariant(o.variant);
      if (o.engine.length < 2) throw new UsageError('give at least two engines (--engine "command" twice or more)');
      if (o.queue === undefined && o.run !== undefined) throw new UsageError('--run goes with --queue');
      if (o.queue !== undefined && o.dir.length > 0) throw new UsageError('--dir names a folder on this machine: with --queue, give the worker the engine (--engine NAME=COMMAND) instead');
      const engines: EngineSpec[] = o.engine.map((command) => ({ command, params: { variant: hubVariantName(variant) } }));
      if (o.threads !== undefined) {
        const threads = String(parseIntOption('threads', o.threads, 1, 1024));
        for (const e of engines) e.params.threads = threads;
      }
      for (const p of o.param) {
        const { index, value } = engineOption('--param', 'n:name=value', p, engines.length, /^([\w-]+)=(.*)$/);
        engines[index].params[value[1]] = value[2];
      }
      for (const d of o.dir) {
        const { index, value } = engineOption('--dir', 'n:path', d, engines.length, /^(.+)$/);
        if (!existsSync(value[1])) throw new UsageError(`--dir ${d}: no such directory`);
        engines[index].cwd = value[1];
      }
      for (const t of o.timeOdds) {
        const { index, value } = engineOption('--time-odds', 'n:factor', t, engines.length, /^(\d+(?:\.\d+)?)$/, (v) => Number(v[1]) > 0, ' and a factor above 0');
        engines[index].timeFactor = Number(value[1]);
      }
      if (o.timeOdds.length > 0 && o.depth !== undefined) throw new UsageError('--time-odds needs a time control (--tc or --move-time), not --depth');
      const limits = [o.tc, o.moveTime, o.depth].filter((x) => x !== undefined).length;
      if (limits > 1) throw new UsageError('give one of --tc, --move-time and --depth');
      let tc: TimeControl;
      if (o.depth !== undefined) tc = { kind: 'depth', depth: parseIntOption('depth', o.depth, 1, 60) };
      else if (o.moveTime !== undefined) {
        const s = Number(o.moveTime);
        if (!(s > 0)) throw new UsageError(`--move-time must be a positive number of seconds, got "${o.moveTime}"`);
        tc = { kind: 'move-time', seconds: s };
      } else tc = parseTimeControl(o.tc ?? '60+0.5');
      const openings = o.openings ? readOpenings(o.openings) : defaultOpenings(variant);
      const pairs = (engines.length * (engines.length - 1)) / 2;
      const games = o.games !== undefined ? parseIntOption('games', o.games, 1, 1_000_000)
        : o.rounds !== undefined ? parseIntOption('rounds', o.rounds, 1, 100_000) * 2 * pairs
        : openings.length * 2 * pairs;
      // At a fixed depth an engine that searches deterministically (Damka on one thread, which
      // clears its table each game) plays a game again move for move when its opening, pairing and
      // colours come round again: it would count twice in the score and shrink the error bar.
      const distinct = openings.length * 2 * pairs;
      if (tc.kind === 'depth' && games > distinct) {
        process.stderr.write(`match: at a fixed depth games ${distinct + 1}-${games} replay the openings of games 1-${games - distinct} ` +
          `(${openings.length} openings, two games each${pairs > 1 ? ' a pair of engines' : ''}); a deterministic engine (Damka on one thread) ` +
          `plays them move for move again, so they add nothing to the score: use --move-time or --tc, or at most --games ${distinct}\n`);
      }
      const tolerance = Number(o.tolerance);
      if (!(tolerance >= 0)) throw new UsageError(`--tolerance must be a number of seconds, got "${o.tolerance}"`);
      const maxPlies = parseIntOption('max-plies', o.maxPlies, 10, 100_000);
      const sprt = o.sprt ? parseSprt(o.sprt) : undefined;
      if (o.queue !== undefined) {
        await queueMatch(o, { variant, engines, tc, openings, games, maxPlies, tolerance, sprt });
        return;
      }
      const progress = new Progress();
      // A match stopped by Ctrl-C or a kill still reports the games it finished: a long run
      // stopped at the end of the day is worth its table, and reading a PDN file by hand is
      // where colour conventions go wrong (at English "1-0" in the file means Black won).
      let sofar: MatchStanding | null = null;
      const interrupted = (code: number) => () => {
        progress.done();
        process.stdout.write(`match stopped after ${sofar ? gamesPlayed(sofar) : 0} of ${games} games\n`);
        if (sofar) printStanding(sofar);
        // The engines read end of input on their stdin when this process exits, and quit.
        process.exit(code);
      };
      process.once('SIGINT', interrupted(130));
      process.once('SIGTERM', interrupted(143));
      const standing = await runMatch({
        variant, engines, tc, openings, games,
        concurrency: parseIntOption('concurrency', o.concurrency, 1, 64),
        maxPlies,
        tolerance,
        pdn: o.pdn,
        sprt,
        onGame: (_round, _w, _b, _outcome, s) => {
          sofar = s;
          progress.update(`games ${gamesPlayed(s)}/${games}  ${summaryLine(s)}`);
        },
      });
      progress.done();
      printStanding(standing);
    }));
}
