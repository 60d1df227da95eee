// A game: positions and moves from a start position, with undo/redo, repetition, every
// draw rule and game end of RULES.md, and a result with its reason.

import { isKing } from '../rules/board.ts';
import { outcomeOf } from '../rules/game-end.ts';
import type { Move } from '../rules/move.ts';
import { type Position, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type DrawCounters, drawByCounters, initialCounters, nextCounters, repetitionRule } from './draw-rules.ts';

export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';

/** White's points for a result: 1, 0.5 for a draw (and for "*", which callers rule out), 0. */
export function whitePoints(result: Result): number {
  return result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
}

export interface GameStatus {
  result: Result;
  /** Why the game ended (empty while it goes on). */
  reason: string;
}

export class Game {
  private readonly positions: Position[];
  private readonly counters: DrawCounters[];
  private readonly played: Move[] = [];
  /** Moves taken back, newest last, for redo. */
  private readonly undone: Move[] = [];

  constructor(readonly variant: Variant, start: Position = variant.startPosition()) {
    this.positions = [start.clone()];
    this.counters = [initialCounters(variant, start)];
  }

  get position(): Position {
    return this.positions[this.positions.length - 1];
  }

  get ply(): number {
    return this.played.length;
  }

  get moves(): readonly Move[] {
    return this.played;
  }

  get startPosition(): Position {
    return this.positions[0];
  }

  /** The position after the first `ply` moves (0: the start). */
  positionAt(ply: number): Position {
    if (!(ply >= 0 && ply < this.positions.length)) throw new RangeError(`no position at ply ${ply} (0-${this.positions.length - 1})`);
    return this.positions[ply];
  }

  get drawCounters(): DrawCounters {
    return this.counters[this.counters.length - 1];
  }

  legalMoves(): Move[] {
    return this.variant.legalMoves(this.position);
  }

  /**
   * Plays a legal move (as from legalMoves or parseMove); throws for an illegal one, and for
   * any move once the game is over unless `pastEnd` (a record that played on past a draw).
   */
  play(move: Move, pastEnd = false): void {
    if (!pastEnd && this.status().result !== '*') throw new Error(`the game is over (${this.status().reason})`);
    const before = this.position;
    const after = this.variant.play(before, move);
    const board = this.variant.toBoard(before);
    const manMoved = !isKing(board.squares[move.from]);
    this.positions.push(after);
    this.counters.push(nextCounters(this.variant, this.drawCounters, after, manMoved, move.captured.length > 0, move.crowns));
    this.played.push(move);
    this.undone.length = 0;
  }

  undo(): Move | undefined {
    const move = this.played.pop();
    if (!move) return undefined;
    this.positions.pop();
    this.counters.pop();
    this.undone.push(move);
    return move;
  }

  redo(): Move | undefined {
    const move = this.undone.pop();
    if (!move) return undefined;
    const keep = [...this.undone];
    this.play(move);
    this.undone.push(...keep);
    return move;
  }

  /** How often the current position (with the same side to move) has occurred, this time included. */
  repetitions(): number {
    const current = this.position;
    const window = this.drawCounters.reversible;
    let count = 1;
    const last = this.positions.length - 1;
    for (let back = 2; back <= window; back += 2) {
      const p = this.positions[last - back];
      if (p.keyLo === current.keyLo && p.keyHi === current.keyHi && p.equals(current)) count++;
    }
    return count;
  }

  /** Zobrist keys of the positions since the last irreversible move, oldest first (for search). */
  historyKeys(): { lo: Int32Array; hi: Int32Array } {
    const n = this.drawCounters.reversible + 1;
    const lo = new Int32Array(n), hi = new Int32Array(n);
    const first = this.positions.length - n;
    for (let i = 0; i < n; i++) {
      lo[i] = this.positions[first + i].keyLo;
      hi[i] = this.positions[first + i].keyHi;
    }
    return { lo, hi };
  }

  status(): GameStatus {
    const pos = this.position;
    const end = outcomeOf(this.variant, pos);
    if (end) {
      const whiteWon = (pos.side === WHITE) === (end.sideToMove > 0);
      return { result: whiteWon ? '1-0' : '0-1', reason: end.reason };
    }
    const repetition = repetitionRule(this.variant);
    if (this.repetitions() >= repetition.count) return { result: '1/2-1/2', reason: repetition.reason };
    const rule = drawByCounters(this.variant, this.drawCounters);
    if (rule) return { result: '1/2-1/2', reason: rule };
    return { result: '*', reason: '' };
  }
}
