// A job as a worker receives it, checked field by field before anything is run: a malformed
// job is refused with a message naming what is wrong, and the worker goes on with the next.

import type { BuildIdentity } from './build-identity.ts';
import { BadData, field, isBoolean, isObject, isString, matches, numberIn, stringArray, wholeIn } from './check.ts';
import { type GameEngine, type GameJobData, type JobData, type LeafJobData, NAME_PATTERN, type SelfPlayJobData } from './job-data.ts';
import type { TimeControl } from '../match/referee.ts';
import { openingGame } from '../match/openings.ts';
import { getVariant } from '../rules/variants.ts';
import { EVAL_KINDS, type EvalKind } from '../eval/position-evaluator.ts';
import type { SelfPlayGameSpec } from '../train/selfplay-game.ts';

const MOVE_TEXT = /^[a-z]?\d+([-x][a-z]?\d+)+$/;
/** A Hub parameter value goes on one protocol line: no line breaks, nothing that could start another command. */
const PARAM_VALUE = /^[^\r\n]{0,1000}$/;
const PARAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_GAMES_A_JOB = 1000;

function checkBuild(v: unknown): BuildIdentity {
  if (!isObject(v)) throw new BadData('build missing');
  return { version: field(v, 'version', 'a string', isString), commit: field(v, 'commit', 'a string', isString) };
}

function checkEngine(v: unknown, side: string): GameEngine {
  if (!isObject(v)) throw new BadData(`${side} engine missing`);
  const name = field(v, 'name', 'an engine name', matches(NAME_PATTERN));
  const params = v.params;
  if (!isObject(params)) throw new BadData(`${side} engine params missing`);
  for (const [k, value] of Object.entries(params)) {
    if (!PARAM_NAME.test(k)) throw new BadData(`${side} engine parameter name "${k.slice(0, 64)}" is not a Hub parameter name`);
    if (typeof value !== 'string' || !PARAM_VALUE.test(value)) throw new BadData(`${side} engine parameter ${k} must be one line of text`);
  }
  const timeFactor = field(v, 'timeFactor', 'a factor from 0.01 to 100', numberIn(0.01, 100));
  return { name, params: params as Record<string, string>, timeFactor };
}

function checkTimeControl(v: unknown): TimeControl {
  if (!isObject(v)) throw new BadData('tc missing');
  if (v.kind === 'depth') return { kind: 'depth', depth: field(v, 'depth', 'a depth from 1 to 60', wholeIn(1, 60)) };
  if (v.kind === 'move-time') return { kind: 'move-time', seconds: field(v, 'seconds', 'seconds from 0.001 to 3600', numberIn(0.001, 3600)) };
  if (v.kind === 'clock') {
    return {
      kind: 'clock', seconds: field(v, 'seconds', 'seconds from 0.001 to 86400', numberIn(0.001, 86400)),
      inc: field(v, 'inc', 'seconds from 0 to 3600', numberIn(0, 3600)), moves: field(v, 'moves', 'a number of moves', wholeIn(0, 1000)),
    };
  }
  throw new BadData('tc kind must be clock, move-time or depth');
}

function checkVariant(v: Record<string, unknown>): string {
  const name = field(v, 'variant', 'a variant name', isString);
  try {
    getVariant(name);
  } catch (err) {
    throw new BadData(err instanceof Error ? err.message : String(err));
  }
  return name;
}

function checkGame(v: Record<string, unknown>, base: { build: BuildIdentity; run: string }): GameJobData {
  const variant = checkVariant(v);
  const openingMoves = field(v, 'openingMoves', 'a list of moves', stringArray(100, MOVE_TEXT));
  try {
    openingGame(getVariant(variant), { id: '', moves: openingMoves });
  } catch (err) {
    throw new BadData(`opening ${openingMoves.join(' ')}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    ...base, kind: 'game', variant, openingMoves,
    round: field(v, 'round', 'a game number', wholeIn(1, 100_000_000)),
    white: checkEngine(v.white, 'white'), black: checkEngine(v.black, 'black'),
    tc: checkTimeControl(v.tc),
    maxPlies: field(v, 'maxPlies', 'a number of plies from 10 to 100000', wholeIn(10, 100_000)),
    tolerance: field(v, 'tolerance', 'seconds from 0 to 3600', numberIn(0, 3600)),
  };
}

function checkSelfPlaySpec(v: unknown): SelfPlayGameSpec {
  if (!isObject(v)) throw new BadData('a self-play game is not an object');
  const opening = v.opening;
  if (!isObject(opening)) throw new BadData('a self-play game has no opening');
  return {
    id: field(v, 'id', 'a game number', wholeIn(0, 2 ** 31 - 1)),
    opening: { id: field(opening, 'id', 'a string', isString), moves: field(opening, 'moves', 'a list of moves', stringArray(100, MOVE_TEXT)) },
    seed: field(v, 'seed', 'a seed', wholeIn(0, 2 ** 32)),
    randomPlies: field(v, 'randomPlies', 'a number of plies from 0 to 100', wholeIn(0, 100)),
    nodes: field(v, 'nodes', 'nodes from 1 to 1000000000', wholeIn(1, 1_000_000_000)),
    maxPlies: field(v, 'maxPlies', 'plies from 10 to 10000', wholeIn(10, 10_000)),
    keepThreats: field(v, 'keepThreats', 'true or false', isBoolean),
  };
}

function checkSelfPlay(v: Record<string, unknown>, base: { build: BuildIdentity; run: string }): SelfPlayJobData {
  const variant = checkVariant(v);
  const evalKind = field(v, 'evalKind', `one of ${EVAL_KINDS.join(', ')}`, (x): x is EvalKind => (EVAL_KINDS as readonly unknown[]).includes(x));
  const games = v.games;
  if (!Array.isArray(games) || games.length === 0 || games.length > MAX_GAMES_A_JOB) throw new BadData(`games must list 1 to ${MAX_GAMES_A_JOB} self-play games`);
  const specs = games.map(checkSelfPlaySpec);
  for (const s of specs) {
    try {
      openingGame(getVariant(variant), s.opening);
    } catch (err) {
      throw new BadData(`opening ${s.opening.moves.join(' ')}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { ...base, kind: 'selfplay', variant, evalKind, games: specs };
}

function checkLeaf(v: Record<string, unknown>, base: { build: BuildIdentity; run: string }): LeafJobData {
  const leaf = v.leaf;
  // The leaf search checks its own fields where it runs (src/book/leaf-search.ts).
  if (!isObject(leaf)) throw new BadData('leaf missing');
  return { ...base, kind: 'leaf', leaf: leaf as unknown as LeafJobData['leaf'] };
}

/** The job's build, read first: a job of another build is refused before its other fields are judged. */
export function jobBuild(data: unknown): BuildIdentity {
  if (!isObject(data)) throw new BadData('the job data is not an object');
  return checkBuild(data.build);
}

export function checkJob(data: unknown): JobData {
  if (!isObject(data)) throw new BadData('the job data is not an object');
  const base = { build: checkBuild(data.build), run: field(data, 'run', 'a run name', matches(NAME_PATTERN)) };
  if (data.kind === 'game') return checkGame(data, base);
  if (data.kind === 'selfplay') return checkSelfPlay(data, base);
  if (data.kind === 'leaf') return checkLeaf(data, base);
  throw new BadData(`kind must be game, selfplay or leaf, got ${JSON.stringify(data.kind)?.slice(0, 40)}`);
}
