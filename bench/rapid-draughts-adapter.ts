// rapid-draughts (a devDependency) through its public API only: English perft for the speed
// comparison, and a game wrapper that lets its alpha-beta computer play against Damka.
// Its 1D positions 0..31 are our squares 1..32 (dark = Black, moving first from 1..12).

import { DraughtsStatus } from 'rapid-draughts';
import {
  EnglishDraughts,
  EnglishDraughtsComputerFactory,
  type EnglishDraughtsEngine,
  EnglishDraughtsEngineFactory,
  type EnglishDraughtsGame,
} from 'rapid-draughts/english';

function count(engine: EnglishDraughtsEngine, depth: number): number {
  const moves = engine.moves;
  if (depth === 1) return moves.length; // bulk counting, as Damka's perft does
  let total = 0;
  for (const move of moves) {
    const child = engine.clone();
    child.move(move);
    total += count(child, depth - 1);
  }
  return total;
}

/** Perft from the English start position with rapid-draughts' engine. */
export function rapidPerft(depth: number): number {
  return count(EnglishDraughtsEngineFactory.setup(), depth);
}

export interface RapidMove { from: number; to: number; captured: number[] }

/** A game in rapid-draughts, driven with our square numbers. */
export class RapidEnglishGame {
  private game: EnglishDraughtsGame = EnglishDraughts.setup();

  legalMoves(): RapidMove[] {
    return this.game.moves.map((m) => ({
      from: m.origin + 1,
      to: m.destination + 1,
      captured: m.captures.map((c) => c + 1).sort((a, b) => a - b),
    }));
  }

  /** Plays the move with these squares; the captured set settles captures sharing from and to. */
  play(move: RapidMove): void {
    const key = [...move.captured].sort((a, b) => a - b).join(',');
    const found = this.game.moves.find((m) => m.origin + 1 === move.from && m.destination + 1 === move.to &&
      m.captures.map((c) => c + 1).sort((a, b) => a - b).join(',') === key);
    if (!found) throw new Error(`rapid-draughts does not accept ${move.from}-${move.to} here`);
    this.game.move(found);
  }

  /** Its alpha-beta computer's move at the given search depth. */
  async computerMove(maxDepth: number): Promise<RapidMove> {
    const computer = EnglishDraughtsComputerFactory.alphaBeta({ maxDepth });
    const m = await computer(this.game);
    return { from: m.origin + 1, to: m.destination + 1, captured: m.captures.map((c) => c + 1).sort((a, b) => a - b) };
  }

  /**
   * rapid-draughts calls a game drawn after 40 plies without capture or man move, where our
   * rule book (RULES.md) allows 80 without capture or crowning. When only its own rule has
   * fired, this restarts its counters on the same position so that it plays on under ours.
   */
  resetDrawCounters(): void {
    const data = this.game.engine.data;
    this.game = EnglishDraughts.setup({ ...data, stats: { sinceCapture: 0, sinceNonKingAdvance: 0 } });
  }

  get over(): boolean {
    return this.game.status !== DraughtsStatus.PLAYING;
  }

  get status(): string {
    return this.game.status;
  }
}
