// PDN (Portable Draughts Notation) games: writing with the standard tags, reading back
// tolerantly (comments, variations, NAGs, move numbers, several games a file), and replaying
// a game against our rules so that an illegal move is reported by its number.
//
// Results: inside Damka "1-0" always means White won. In a PDN file the result is written
// from the side that moves first, as CheckerBoard and KingsRow read and write English games:
// for English (Black moves first) "1-0" in the file means Black won. International is the same
// both ways, since White moves first there.

import { Game, type Result } from '../game/game.ts';
import type { Variant } from '../rules/variant.ts';
import { BLACK } from '../rules/position.ts';
import { VARIANTS, variantOfGameType } from '../rules/variants.ts';
import { formatFen, parseFen } from './fen.ts';
import { formatMove, parseMove } from './move-text.ts';

export interface PdnGameRecord {
  /** Tags in file order. */
  tags: Map<string, string>;
  /** Move texts in order, without numbers or annotations. */
  moves: string[];
  /** The result in Damka's sense ("1-0": White won), whatever the file's convention for the game type. */
  result: Result;
}

const SEVEN = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const LINE = 80;

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** One game as PDN text: the seven standard tags, GameType, FEN for a non-standard start, then the moves. */
export function formatPdnGame(game: Game, tags: Record<string, string> = {}): string {
  const variant = game.variant;
  const status = game.status();
  const result = fileResult((tags.Result as Result | undefined) ?? status.result, variant.firstToMove === BLACK);
  const all: [string, string][] = [];
  for (const name of SEVEN) all.push([name, name === 'Result' ? result : tags[name] ?? (name === 'Date' ? '????.??.??' : '?')]);
  all.push(['GameType', String(variant.gameType)]);
  const startFen = formatFen(variant, variant.toBoard(game.startPosition));
  if (!game.startPosition.equals(variant.startPosition())) all.push(['FEN', startFen]);
  for (const [k, v] of Object.entries(tags)) if (!SEVEN.includes(k) && k !== 'GameType' && k !== 'FEN') all.push([k, v]);
  const header = all.map(([k, v]) => `[${k} ${quote(v)}]`).join('\n');

  // Replay to format each move against the legal moves where it was played.
  const replay = new Game(variant, game.startPosition);
  const tokens: string[] = [];
  let number = 1;
  for (const [i, move] of game.moves.entries()) {
    const firstMover = replay.position.side === variant.firstToMove;
    // A move number stays on the line of its move.
    const text = formatMove(variant, move, replay.legalMoves(), 'pdn');
    if (firstMover) tokens.push(`${number}. ${text}`);
    else if (i === 0) tokens.push(`${number}... ${text}`);
    else tokens.push(text);
    replay.play(move, true);
    if (!firstMover) number++;
  }
  tokens.push(result);
  const lines: string[] = [];
  let current = '';
  for (const t of tokens) {
    if (current && current.length + 1 + t.length > LINE) { lines.push(current); current = t; }
    else current = current ? `${current} ${t}` : t;
  }
  if (current) lines.push(current);
  return `${header}\n\n${lines.join('\n')}\n`;
}

export class PdnError extends Error {}

/** Our result (White's view) as written in a PDN file of this game type, and back: the same swap. */
export function fileResult(result: Result, firstMoverIsBlack: boolean): Result {
  if (!firstMoverIsBlack) return result;
  return result === '1-0' ? '0-1' : result === '0-1' ? '1-0' : result;
}

const RESULTS: Record<string, Result> = { '1-0': '1-0', '0-1': '0-1', '1/2-1/2': '1/2-1/2', '*': '*', '2-0': '1-0', '0-2': '0-1', '1-1': '1/2-1/2' };

/** Every game in a PDN text. Malformed structure (an unterminated tag, comment or variation) is an error. */
export function parsePdn(text: string): PdnGameRecord[] {
  const games: PdnGameRecord[] = [];
  let tags = new Map<string, string>();
  let moves: string[] = [];
  let started = false;
  const finish = (result: Result) => {
    const type = tags.get('GameType')?.split(',')[0].trim();
    const blackFirst = type !== undefined && variantOfGameType(Number(type))?.firstToMove === BLACK;
    games.push({ tags, moves, result: fileResult(result, blackFirst) });
    tags = new Map();
    moves = [];
    started = false;
  };
  let i = 0;
  const n = text.length;
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  while (i < n) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '%' && (i === 0 || text[i - 1] === '\n')) { while (i < n && text[i] !== '\n') i++; continue; }
    if (c === '[') {
      if (moves.length > 0) finish(tags.get('Result') as Result in RESULTS ? RESULTS[tags.get('Result')!] : '*');
      const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(text.slice(i));
      if (!m) throw new PdnError(`line ${lineOf(i)}: malformed tag`);
      tags.set(m[1], m[2].replace(/\\(.)/g, '$1'));
      started = true;
      i += m[0].length;
      continue;
    }
    if (c === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) throw new PdnError(`line ${lineOf(i)}: comment not closed`);
      i = end + 1;
      continue;
    }
    if (c === '(') {
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        if (text[j] === '{') { const e = text.indexOf('}', j); if (e < 0) break; j = e; continue; }
        if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      if (j >= n) throw new PdnError(`line ${lineOf(i)}: variation not closed`);
      i = j + 1;
      continue;
    }
    const m = /^[^\s{}()[\]]+/.exec(text.slice(i))!;
    const token = m[0];
    i += token.length;
    if (token in RESULTS) { finish(RESULTS[token]); continue; }
    if (/^\$\d+$/.test(token)) continue; // NAG
    if (/^\d+\.+$/.test(token)) continue; // move number
    const move = /^(?:\d+\.+)?((?:[a-z]?\d+)(?:[-x:][a-z]?\d+)+)[!?]*$/.exec(token);
    if (!move) throw new PdnError(`line ${lineOf(i - token.length)}: unexpected "${token}"`);
    moves.push(move[1].replace(/:/g, 'x'));
    started = true;
  }
  if (started || moves.length > 0) finish(RESULTS[tags.get('Result') ?? '*'] ?? '*');
  return games;
}

/** The variant of a record: its GameType tag (RULES.md's numbers), else `fallback`. */
export function variantOf(record: PdnGameRecord, fallback?: Variant): Variant {
  const type = record.tags.get('GameType')?.split(',')[0].trim();
  if (type === undefined && fallback) return fallback;
  if (type === undefined) throw new PdnError('no GameType tag: say which game this is');
  const variant = /^\d+$/.test(type) ? variantOfGameType(Number(type)) : undefined;
  if (variant) return variant;
  const known = VARIANTS.map((v) => `${v.gameType} ${v.name}`).join(', ');
  throw new PdnError(`GameType ${type} is not a game Damka plays (${known})`);
}

/** Replays a record against our rules; an illegal move is an error naming its number. */
export function replayPdn(record: PdnGameRecord, fallback?: Variant): Game {
  const variant = variantOf(record, fallback);
  const fen = record.tags.get('FEN');
  const game = new Game(variant, fen ? variant.fromBoard(parseFen(variant, fen)) : variant.startPosition());
  for (const [i, text] of record.moves.entries()) {
    try {
      // Real games play on past a draw nobody claimed: keep following the record.
      game.play(parseMove(variant, game.position, text), true);
    } catch (err) {
      throw new PdnError(`move ${i + 1} (${text}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return game;
}
