// What a job sends back, as plain JSON, and the coordinator's check of it: a result that does
// not hold together (an illegal move, a record file of the wrong size) is refused with a message
// rather than counted.

import { Game, type Result } from '../game/game.ts';
import { formatMove, parseMove } from '../notation/move-text.ts';
import type { Variant } from '../rules/variant.ts';
import { RECORD_INTS } from '../train/records.ts';
import type { LeafResult } from '../book/types.ts';
import { BadData, field, isBoolean, isObject, isString, numberIn, stringArray, wholeIn } from './check.ts';

export interface GameJobResult {
  /** Every move of the game from the start, opening included, in Hub notation. */
  moves: string[];
  result: Result;
  reason: string;
  fault: 0 | 1 | null;
  /** The names the engines gave, White's and Black's. */
  names: [string, string];
}

export interface SelfPlayGameOut {
  /** The game's records (src/train/records.ts) as base64 of their little-endian int32s. */
  records: string;
  whiteScore: number;
  plies: number;
  endedByTables: boolean;
}

export interface SelfPlayJobResult { games: SelfPlayGameOut[] }

export function gameMoves(variant: Variant, game: Game): string[] {
  return game.moves.map((m) => formatMove(variant, m, [], 'hub'));
}

const RESULTS: readonly unknown[] = ['1-0', '0-1', '1/2-1/2'];

/** The game of a result, replayed by our rules; throws BadData when it does not hold together. */
export function checkGameResult(variant: Variant, v: unknown, openingMoves: string[]): { game: Game; result: Result; reason: string; names: [string, string] } {
  if (!isObject(v)) throw new BadData('the game result is not an object');
  const moves = field(v, 'moves', 'a list of moves', stringArray(100_000, /^[\w-]{1,200}$/));
  const result = field(v, 'result', 'a result (1-0, 0-1, 1/2-1/2)', (x): x is Result => RESULTS.includes(x));
  const reason = field(v, 'reason', 'a string', isString).slice(0, 500);
  const names = v.names;
  if (!Array.isArray(names) || names.length !== 2 || !names.every((n) => typeof n === 'string')) throw new BadData('names must be the two engines\' names');
  const game = new Game(variant);
  for (const [i, text] of moves.entries()) {
    try {
      game.play(parseMove(variant, game.position, text));
    } catch (err) {
      throw new BadData(`move ${i + 1} (${text}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const opening = gameMoves(variant, game).slice(0, openingMoves.length);
  // The opening as the job gave it (in the variant's own notation), replayed for comparison.
  const expected = new Game(variant);
  for (const text of openingMoves) expected.play(parseMove(variant, expected.position, text));
  if (moves.length < openingMoves.length || opening.join(' ') !== gameMoves(variant, expected).join(' ')) throw new BadData('the game does not start with its opening');
  return { game, result, reason, names: [names[0].slice(0, 200), names[1].slice(0, 200)] };
}

export function encodeRecords(records: Int32Array): string {
  return Buffer.from(records.buffer, records.byteOffset, records.byteLength).toString('base64');
}

export function decodeRecords(text: string): Int32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length % (RECORD_INTS * 4) !== 0) throw new BadData(`records of ${bytes.length} bytes are not whole records`);
  const out = new Int32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt32LE(i * 4);
  return out;
}

export function checkSelfPlayResult(v: unknown, games: number): { records: Int32Array; whiteScore: number; plies: number; endedByTables: boolean }[] {
  if (!isObject(v) || !Array.isArray(v.games)) throw new BadData('the self-play result has no games');
  if (v.games.length !== games) throw new BadData(`the self-play result has ${v.games.length} games, the job ${games}`);
  return v.games.map((g: unknown) => {
    if (!isObject(g)) throw new BadData('a self-play game result is not an object');
    return {
      records: decodeRecords(field(g, 'records', 'base64 text', isString)),
      whiteScore: field(g, 'whiteScore', '1, 0.5 or 0', (x): x is number => x === 0 || x === 0.5 || x === 1),
      plies: field(g, 'plies', 'a number of plies', wholeIn(0, 100_000)),
      endedByTables: field(g, 'endedByTables', 'true or false', isBoolean),
    };
  });
}

export function checkLeafResult(v: unknown): LeafResult {
  if (!isObject(v)) throw new BadData('the leaf result is not an object');
  return {
    score: field(v, 'score', 'a score', numberIn(-1e9, 1e9)),
    move: field(v, 'move', 'a move', (x): x is string => typeof x === 'string' && x.length <= 200),
    depth: field(v, 'depth', 'a depth', wholeIn(0, 1000)),
    nodes: field(v, 'nodes', 'a node count', wholeIn(0, Number.MAX_SAFE_INTEGER)),
  };
}
