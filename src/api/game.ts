// A game as the library offers it: any variant from its start, a FEN or a PDN record; moves
// in and out as PDN text or plain objects; status with result and reason; FEN and PDN out.
// It wraps the internal Game (rules, history, draw rules) and turns every refusal into a
// DamkaError.

import { Game } from '../game/game.ts';
import { BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN } from '../rules/board.ts';
import type { Move } from '../rules/move.ts';
import { gameEndOf, kingOutcome } from '../rules/game-end.ts';
import { repetitionRule } from '../game/draw-rules.ts';
import { type Position, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { NotationError } from '../notation/errors.ts';
import { formatFen, parseFen } from '../notation/fen.ts';
import { formatMove, moveTextOrder, parseMove, sameMove } from '../notation/move-text.ts';
import { formatPdnGame, parsePdn, replayPdn } from '../notation/pdn.ts';
import { DamkaError } from './errors.ts';
import type { GameStatus, MoveInfo, MoveInput, Piece, VariantInfo } from './types.ts';
import { describeVariant, variantNamed } from './variants.ts';

const internals = new WeakMap<DraughtsGame, Game>();

/** The internal game behind a DraughtsGame (for the engine; not part of the public API). */
export function internalGame(game: DraughtsGame): Game {
  const inner = internals.get(game);
  if (!inner) throw new DamkaError('bad-move', 'expected a DraughtsGame');
  return inner;
}

export class DraughtsGame {
  readonly variant: VariantInfo;
  private readonly played: MoveInfo[] = [];
  private readonly undone: MoveInfo[] = [];

  private constructor(inner: Game) {
    internals.set(this, inner);
    this.variant = describeVariant(inner.variant);
  }

  /** A game of `variant` (default international) from its starting position, or from `fen`. */
  static create(variant = 'international', fen?: string): DraughtsGame {
    const rules = variantNamed(variant);
    if (fen === undefined) return new DraughtsGame(new Game(rules));
    return new DraughtsGame(new Game(rules, positionFromFen(rules, fen)));
  }

  /** The first game (or the `index`th, from 0) of a PDN text, replayed by the rules. A record without a GameType tag is read as `variant`. */
  static fromPdn(text: string, options: { variant?: string; index?: number } = {}): DraughtsGame {
    if (typeof text !== 'string') throw new DamkaError('bad-pdn', 'bad PDN: expected text');
    const fallback = options.variant === undefined ? undefined : variantNamed(options.variant);
    let records;
    try {
      records = parsePdn(text);
    } catch (err) {
      throw new DamkaError('bad-pdn', `bad PDN: ${messageOf(err)}`);
    }
    const index = options.index ?? 0;
    if (records.length === 0) throw new DamkaError('bad-pdn', 'bad PDN: the text holds no game');
    if (!Number.isInteger(index) || index < 0 || index >= records.length) {
      throw new DamkaError('bad-pdn', `bad PDN: no game ${index} (the text holds ${records.length}, numbered from 0)`);
    }
    let inner: Game;
    try {
      inner = replayPdn(records[index], fallback);
    } catch (err) {
      throw new DamkaError('bad-pdn', `bad PDN: ${messageOf(err)}`);
    }
    const game = new DraughtsGame(new Game(inner.variant, inner.startPosition));
    for (const move of inner.moves) game.record(move, true);
    return game;
  }

  /** Plies played so far. */
  get ply(): number {
    return this.played.length;
  }

  /** The legal moves, in square order. */
  legalMoves(): MoveInfo[] {
    const inner = internalGame(this);
    const legal = inner.legalMoves();
    const order = moveTextOrder(inner.variant);
    return legal.map((m) => describeMove(inner.variant, m, legal)).sort((a, b) => order(a.long, b.long));
  }

  /** Plays a move given as text (`32-28`, `28x19`, `28x19x10`) or squares; returns it as played. */
  play(move: MoveInput): MoveInfo {
    const inner = internalGame(this);
    const status = this.status();
    if (status.over) throw new DamkaError('game-over', `the game is over (${status.reason})`);
    return this.record(resolveMove(inner.variant, inner.position, move));
  }

  /** Takes back the last move; null when there is none. */
  undo(): MoveInfo | null {
    const move = this.played.pop();
    if (!move) return null;
    internalGame(this).undo();
    this.undone.push(move);
    return move;
  }

  /** Plays again the move last taken back; null when there is none (playing a move forgets them). */
  redo(): MoveInfo | null {
    const move = this.undone.pop();
    if (!move) return null;
    const keep = [...this.undone];
    this.play(move.long);
    this.undone.push(...keep);
    return move;
  }

  /** The moves played, oldest first. */
  history(): MoveInfo[] {
    return this.played.map((m) => ({ ...m, path: [...m.path], captured: [...m.captured] }));
  }

  status(): GameStatus {
    const inner = internalGame(this);
    const { result, reason } = inner.status();
    const toMove = inner.position.side === WHITE ? 'white' : 'black';
    if (result === '*') return { toMove, over: false, result, winner: null, end: null, reason: '' };
    const winner = result === '1-0' ? 'white' : result === '0-1' ? 'black' : null;
    const crowned = winner !== null && gameEndOf(inner.variant).kingWins && kingOutcome(inner.position) !== 0;
    const end = crowned ? 'crowned-king' : winner !== null ? 'no-legal-move' : inner.repetitions() >= repetitionRule(inner.variant).count ? 'repetition' : 'draw-rule';
    return { toMove, over: true, result, winner, end, reason };
  }

  /** The current position as PDN FEN. */
  fen(): string {
    const inner = internalGame(this);
    return formatFen(inner.variant, inner.variant.toBoard(inner.position));
  }

  /** The starting position as PDN FEN. */
  startFen(): string {
    const inner = internalGame(this);
    return formatFen(inner.variant, inner.variant.toBoard(inner.startPosition));
  }

  /** The pieces by square: entry n-1 is square n (`w`/`b` men, `W`/`B` kings, null empty). */
  board(): (Piece | null)[] {
    const inner = internalGame(this);
    const squares = inner.variant.toBoard(inner.position).squares;
    const out: (Piece | null)[] = [];
    for (let sq = 1; sq < squares.length; sq++) out.push(PIECES[squares[sq]] ?? null);
    return out;
  }

  /** The game as PDN with the seven standard tags (fill them in `tags`), GameType and FEN where needed. */
  pdn(tags: Record<string, string> = {}): string {
    for (const [k, v] of Object.entries(tags)) {
      if (!/^[A-Za-z0-9_]+$/.test(k) || typeof v !== 'string') throw new DamkaError('bad-pdn', `bad PDN tag ${JSON.stringify(k)}: names are letters, digits and _, values text`);
    }
    return formatPdnGame(internalGame(this), tags);
  }

  /** An independent copy with the same history. */
  clone(): DraughtsGame {
    const inner = internalGame(this);
    const copy = new DraughtsGame(new Game(inner.variant, inner.startPosition));
    for (const move of inner.moves) copy.record(move, true);
    return copy;
  }

  private record(move: Move, pastEnd = false): MoveInfo {
    const inner = internalGame(this);
    const info = describeMove(inner.variant, move, inner.legalMoves());
    inner.play(move, pastEnd);
    this.played.push(info);
    this.undone.length = 0;
    return info;
  }
}

const PIECES: Record<number, Piece> = { [WHITE_MAN]: 'w', [WHITE_KING]: 'W', [BLACK_MAN]: 'b', [BLACK_KING]: 'B' };

export function describeMove(variant: Variant, move: Move, legal: readonly Move[]): MoveInfo {
  const path = move.captured.length > 0 ? [...move.path] : [move.to];
  return {
    text: formatMove(variant, move, legal, 'pdn'),
    long: formatMove(variant, move, legal, 'long'),
    from: move.from,
    to: move.to,
    path,
    captured: [...move.captured],
    crowns: move.crowns,
  };
}

/** A line of moves from `pos` (a principal variation) as MoveInfo, each formatted where it is played. */
export function describeLine(variant: Variant, pos: Position, line: readonly Move[]): MoveInfo[] {
  const out: MoveInfo[] = [];
  let at = pos;
  for (const move of line) {
    const legal = variant.legalMoves(at);
    const own = legal.find((m) => sameMove(m, move, variant));
    if (!own) break; // cannot happen for a line the search found from this position
    out.push(describeMove(variant, own, legal));
    at = variant.play(at, own);
  }
  return out;
}

function positionFromFen(variant: Variant, fen: string): Position {
  if (typeof fen !== 'string') throw new DamkaError('bad-fen', 'bad FEN: expected text such as W:W31-50:B1-20');
  try {
    return variant.fromBoard(parseFen(variant, fen));
  } catch (err) {
    throw new DamkaError('bad-fen', messageOf(err));
  }
}

function resolveMove(variant: Variant, pos: Position, input: MoveInput): Move {
  if (typeof input === 'string') return parseText(variant, pos, input);
  if (input === null || typeof input !== 'object') {
    throw new DamkaError('bad-move', 'a move is text such as "32-28" or an object { from, to, path?, captured? }');
  }
  const squares = variant.geometry.squares;
  const square = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= squares;
  const { from, to, path, captured } = input;
  if (!square(from) || !square(to)) throw new DamkaError('bad-move', `bad move: from and to must be squares 1-${squares}`);
  for (const list of [path, captured]) {
    if (list !== undefined && !(Array.isArray(list) && list.every(square))) {
      throw new DamkaError('bad-move', `bad move: path and captured must be lists of squares 1-${squares}`);
    }
  }
  const legal = variant.legalMoves(pos);
  const fromTo = legal.filter((m) => m.from === from && m.to === to);
  // No move between the squares: the text form explains why (whose piece, compulsory capture, ...).
  if (fromTo.length === 0) return parseText(variant, pos, `${from}-${to}`);
  const landing = (m: Move) => (m.captured.length > 0 ? m.path : [m.to]);
  const matches = fromTo.filter((m) =>
    (path === undefined || (path.length === landing(m).length && path.every((sq, i) => sq === landing(m)[i]))) &&
    (captured === undefined || sameSquares(captured, m.captured)));
  if (matches.length === 1) return matches[0];
  const routes = fromTo.map((m) => formatMove(variant, m, legal, 'long'));
  if (matches.length === 0) {
    throw new DamkaError('illegal-move', `illegal move: no capture from ${from} to ${to} by that ${path ? 'path' : 'set of pieces'}; the routes are ${routes.join(', ')}`);
  }
  const candidates = matches.map((m) => formatMove(variant, m, legal, 'long'));
  throw new DamkaError('ambiguous-move', `ambiguous move ${from}-${to}: it could be ${candidates.join(' or ')} (give path or captured)`, candidates);
}

function parseText(variant: Variant, pos: Position, text: string): Move {
  try {
    return parseMove(variant, pos, text);
  } catch (err) {
    if (err instanceof NotationError) {
      const code = err.kind === 'ambiguous' ? 'ambiguous-move' : err.kind === 'illegal' ? 'illegal-move' : 'bad-move';
      throw new DamkaError(code, err.message, err.candidates ?? []);
    }
    throw err;
  }
}

function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort((x, y) => x - y).every((sq, i) => sq === b[i]);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
