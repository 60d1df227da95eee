// One game between two Hub engines, refereed by our rules: every move checked, the draw
// rules and game ends of RULES.md applied (Game.status), a move limit adjudicated as a draw,
// and an illegal move, a time forfeit or a crash scored as a loss for that engine.

import type { Game, Result } from '../game/game.ts';
import { openingGame } from './openings.ts';
import { formatHubPosition } from '../notation/hub-position.ts';
import { formatMove, parseMove } from '../notation/move-text.ts';
import type { Variant } from '../rules/variant.ts';
import { EngineFailure, type HubClient } from './hub-client.ts';

export type TimeControl =
  | { kind: 'clock'; seconds: number; inc: number; moves: number }
  | { kind: 'move-time'; seconds: number }
  | { kind: 'depth'; depth: number };

export interface GameOptions {
  variant: Variant;
  openingMoves: string[];
  tc: TimeControl;
  /** Plies after which the game is adjudicated a draw. */
  maxPlies: number;
  /** Seconds an engine may overrun its clock or move time before it forfeits. */
  tolerance: number;
  /** Time odds, White's and Black's: each side's times are the control's times this factor (default 1). */
  timeFactors?: [number, number];
}

export interface GameOutcome {
  game: Game;
  result: Result;
  reason: string;
  /** Which engine (0 white, 1 black) lost by a fault, if one did. */
  fault: 0 | 1 | null;
}

/** Parses "40/5" (moves/minutes), "10+0.1" (seconds+increment), or a bare number of seconds for the game. */
export function parseTimeControl(text: string): TimeControl {
  const t = text.trim();
  const perMoves = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(t);
  const incremental = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(t);
  let tc: Extract<TimeControl, { kind: 'clock' }>;
  if (perMoves) tc = { kind: 'clock', seconds: Number(perMoves[2]) * 60, inc: 0, moves: Number(perMoves[1]) };
  else if (incremental) tc = { kind: 'clock', seconds: Number(incremental[1]), inc: Number(incremental[2] ?? 0), moves: 0 };
  else throw new Error(`--tc expects moves/minutes (40/5) or seconds+increment (10+0.1), got "${text}"`);
  if (tc.seconds <= 0 || (perMoves && tc.moves <= 0)) throw new Error(`--tc "${text}" gives no time: the moves and the time must be above 0`);
  return tc;
}

/** A time in seconds to the millisecond, so that odds such as 3 x 0.1 s read 0.3, not 0.30000000000000004. */
function seconds3(x: number): number {
  return Number(x.toFixed(3));
}

export async function playGame(white: HubClient, black: HubClient, o: GameOptions): Promise<GameOutcome> {
  const { variant } = o;
  const game = openingGame(variant, { id: '', moves: o.openingMoves });
  const startPos = formatHubPosition(variant, variant.toBoard(variant.startPosition()));
  const engines = [white, black];
  const clock = [0, 0];
  const movesToGo = [0, 0];
  const factor = o.timeFactors ?? [1, 1];
  if (o.tc.kind === 'clock') {
    clock[0] = o.tc.seconds * factor[0];
    clock[1] = o.tc.seconds * factor[1];
    movesToGo[0] = movesToGo[1] = o.tc.moves;
  }
  for (const e of engines) e.newGame();
  const moves = game.moves.map((m) => formatMove(variant, m, [], 'hub'));
  const lose = (side: 0 | 1, reason: string): GameOutcome =>
    ({ game, result: side === 0 ? '0-1' : '1-0', reason: `${side === 0 ? 'White' : 'Black'} (${engines[side].name}) ${reason}`, fault: side });

  for (;;) {
    const status = game.status();
    if (status.result !== '*') return { game, result: status.result, reason: status.reason, fault: null };
    if (game.ply >= o.maxPlies) return { game, result: '1/2-1/2', reason: `adjudicated a draw after ${o.maxPlies} plies`, fault: null };
    const side = game.position.side === 0 ? 0 : 1;
    const engine = engines[side];
    let level: string;
    let allowed: number;
    if (o.tc.kind === 'clock') {
      if (o.tc.moves > 0 && movesToGo[side] === 0) { clock[side] += o.tc.seconds * factor[side]; movesToGo[side] = o.tc.moves; }
      const inc = seconds3(o.tc.inc * factor[side]);
      clock[side] += inc;
      level = `level${o.tc.moves > 0 ? ` moves=${movesToGo[side]}` : ''} time=${clock[side].toFixed(3)}${inc > 0 ? ` inc=${inc}` : ''}`;
      allowed = clock[side] + o.tolerance;
    } else if (o.tc.kind === 'move-time') {
      const seconds = seconds3(o.tc.seconds * factor[side]);
      level = `level move-time=${seconds}`;
      allowed = seconds + o.tolerance;
    } else {
      level = `level depth=${o.tc.depth}`;
      allowed = 600;
    }
    let answer: { move: string; seconds: number };
    try {
      // Wait a little past the allowance: an answer that arrives late is a forfeit, not a hang.
      answer = await engine.think(startPos, moves, level, (allowed + 1) * 1000);
    } catch (err) {
      if (err instanceof EngineFailure && err.kind === 'timeout') return lose(side, 'lost on time (no answer)');
      return lose(side, `crashed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (o.tc.kind !== 'depth' && answer.seconds > allowed) return lose(side, `lost on time (${answer.seconds.toFixed(2)} s)`);
    if (o.tc.kind === 'clock') {
      clock[side] -= answer.seconds;
      if (o.tc.moves > 0) movesToGo[side]--;
    }
    let move;
    try {
      move = parseMove(variant, game.position, answer.move);
    } catch (err) {
      return lose(side, `played an illegal move ${answer.move}: ${err instanceof Error ? err.message : String(err)}`);
    }
    game.play(move);
    moves.push(formatMove(variant, move, [], 'hub'));
  }
}

