// Text mode for a person at a terminal: see the board, enter moves in PDN notation, let the
// engine move or play one side or both, take back and replay, set up positions, run perft.
// Bad input is explained and the game goes on.

import type { BookPlayer } from '../../book/book-player.ts';
import { Game } from '../../game/game.ts';
import { formatFen, parseFen } from '../../notation/fen.ts';
import { formatMove, parseMove, sortedMoveTexts } from '../../notation/move-text.ts';
import type { Move } from '../../rules/move.ts';
import type { Position } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import { getVariant, variantNames } from '../../rules/variants.ts';
import { PerftRunner } from '../../tools/perft.ts';
import type { HubLevel } from '../hub/level.ts';
import type { HubBackend, HubInfo } from '../hub/session.ts';
import { formatScore } from '../../search/score-text.ts';
import { diagram } from './diagram.ts';

const HELP = `Commands:
  <move>            play a move in PDN notation: 32-28, 28x19, 28x19x10 (Turkish d3-d4, d4xd6xf6)
  go (g)            the engine plays the side to move
  0 | 1 | 2         engine players: 0 none, 1 the other side (you keep the move), 2 both
  undo (u)          take back one ply          redo (r)   replay it
  new               a new game                 fen <FEN>  set up a position
  variant <name>    ${variantNames().join(', ')}
  time <seconds>    engine time a move         depth <n>  engine depth a move instead
  board (b)         show the board             numbers    square numbers on/off
  moves             list the legal moves       perft <n>  count leaves to depth n
  help (h)          this text                  quit (q)   leave`;

export class TextMode {
  private variant: Variant;
  private game: Game;
  private numbers = false;
  private level: HubLevel = { kind: 'move-time', seconds: 1 };
  /** Which sides the engine plays: 0 none, 1 the side not to move when set, 2 both. */
  private computer = { white: false, black: false };
  private busy = false;
  /** A quit is waiting: the engine no longer plays on by itself. */
  private ownPlayEnding = false;
  /** Whether the running search is the engine playing on by itself rather than a line's move. */
  private playingOn = false;

  constructor(
    private readonly print: (text: string) => void,
    private readonly engine: HubBackend,
    private readonly quit: () => void,
    variant = 'international',
    /** The opening book the engine plays from (none: it always searches). */
    private readonly books: BookPlayer | null = null,
  ) {
    this.variant = getVariant(variant);
    this.game = new Game(this.variant);
  }

  start(): void {
    this.print(`Damka text mode: ${this.variant.name} draughts. Type "help" for commands.`);
    this.show();
  }

  /** Handles one input line; resolves when any engine moves it started are done. */
  async handle(line: string): Promise<void> {
    const text = line.trim();
    if (text === '') return;
    if (this.busy) {
      this.print('the engine is thinking; wait for its move');
      return;
    }
    const [word, ...rest] = text.split(/\s+/);
    const arg = rest.join(' ');
    try {
      switch (word.toLowerCase()) {
        case 'help': case 'h': case '?': this.print(HELP); return;
        case 'quit': case 'q': case 'exit': this.quit(); return;
        case 'board': case 'b': this.show(); return;
        case 'numbers': this.numbers = !this.numbers; this.show(); return;
        case 'new': this.game = new Game(this.variant); this.engine.newGame(); this.show(); return;
        case 'variant': return this.setVariant(arg);
        case 'fen': return this.setFen(arg);
        case 'moves': return this.listMoves();
        case 'undo': case 'u': return this.undo();
        case 'redo': case 'r': return this.redo();
        case 'time': this.level = { kind: 'move-time', seconds: positive(arg, 'time', false) }; this.print(`engine time: ${arg} s a move`); return;
        case 'depth': this.level = { kind: 'depth', depth: positive(arg, 'depth', true) }; this.print(`engine depth: ${arg}`); return;
        case 'perft': return this.perft(arg);
        case 'go': case 'g': return await this.engineMoves(true);
        case '0': case '1': case '2': return await this.setComputer(Number(word));
        default:
          // Moves start with a square: a number, or a name such as d3 (Turkish, Lasca).
          if (/^(\d|[a-z]\d)/i.test(word)) return await this.playMove(text);
          this.print(`unknown command "${word}"; type "help" for the list`);
      }
    } catch (err) {
      this.print(err instanceof Error ? err.message : String(err));
    }
  }

  private show(): void {
    this.print(diagram(this.variant.geometry, this.variant.toBoard(this.game.position), this.numbers));
    const status = this.game.status();
    if (status.result !== '*') this.print(`game over: ${status.result} (${status.reason})`);
  }

  private setVariant(name: string): void {
    this.variant = getVariant(name || 'international');
    this.game = new Game(this.variant);
    this.engine.newGame();
    this.print(`variant: ${this.variant.name}`);
    this.show();
  }

  private setFen(fen: string): void {
    if (fen.trim() === '') {
      this.print(formatFen(this.variant, this.variant.toBoard(this.game.position)));
      return;
    }
    this.game = new Game(this.variant, this.variant.fromBoard(parseFen(this.variant, fen)));
    this.engine.newGame();
    this.show();
  }

  private listMoves(): void {
    const moves = this.game.legalMoves();
    this.print(moves.length === 0 ? 'no legal moves' : sortedMoveTexts(this.variant, moves).join(' '));
  }

  private undo(): void {
    if (!this.game.undo()) this.print('nothing to take back');
    else this.show();
  }

  private redo(): void {
    if (!this.game.redo()) this.print('nothing to replay');
    else this.show();
  }

  private perft(arg: string): void {
    const depth = positive(arg, 'perft depth', true);
    const runner = new PerftRunner(this.variant);
    for (let d = 1; d <= depth; d++) {
      const t0 = performance.now();
      const leaves = runner.run(this.game.position, d);
      this.print(`depth ${d} leaves ${leaves} time ${((performance.now() - t0) / 1000).toFixed(3)}s`);
    }
  }

  private async setComputer(players: number): Promise<void> {
    const whiteToMove = this.game.position.side === 0;
    this.computer = players === 0 ? { white: false, black: false }
      : players === 2 ? { white: true, black: true }
      : { white: !whiteToMove, black: whiteToMove };
    this.print(players === 0 ? 'engine plays no side' : players === 2 ? 'engine plays both sides' : `engine plays ${whiteToMove ? 'Black' : 'White'}`);
    await this.engineMoves(false);
  }

  private async playMove(text: string): Promise<void> {
    if (this.game.status().result !== '*') {
      this.print(`the game is over (${this.game.status().reason}); "undo" or "new"`);
      return;
    }
    this.game.play(parseMove(this.variant, this.game.position, text));
    this.show();
    await this.engineMoves(false);
  }

  /**
   * A quit is waiting behind the lines before it. Were the engine playing on by itself (both
   * sides, say), quit would wait for the game's end, so it stops: a move it is thinking about
   * by itself is dropped, while the moves lines ask for (a reply to a move, a go) are made.
   */
  stopPlayingOn(): void {
    this.ownPlayEnding = true;
    if (this.playingOn) this.engine.stop();
  }

  /** Lets the engine move: once when forced by "go", else while it plays the side to move. */
  private async engineMoves(once: boolean): Promise<void> {
    for (let first = true; ; first = false) {
      if (this.game.status().result !== '*') return;
      const white = this.game.position.side === 0;
      const its = white ? this.computer.white : this.computer.black;
      if (!(once && first) && !its) return;
      if (!first && this.ownPlayEnding) return;
      this.busy = true;
      this.playingOn = !first;
      try {
        const root = this.game.position;
        const chosen = await this.engineMove(root);
        if (!chosen || (this.playingOn && this.ownPlayEnding)) return;
        this.print(`engine plays ${formatMove(this.variant, chosen.move, this.game.legalMoves())}${chosen.note}`);
        this.game.play(chosen.move);
        this.show();
      } finally {
        this.busy = false;
        this.playingOn = false;
      }
      if (once && !its) return;
    }
  }

  /** The book's move, else the search's, with a note of where it came from (none for a move played without a search); null when the search found none. */
  private async engineMove(root: Position): Promise<{ move: Move; note: string } | null> {
    const booked = this.books?.choose(this.variant, root, this.game.ply);
    if (booked) return { move: booked.move, note: ` (book, score ${formatScore(booked.score)})` };
    let last: HubInfo | null = null;
    const result = await this.engine.search(
      { variant: this.variant, root, history: this.game.historyKeys(), counters: this.game.drawCounters, level: this.level, mode: 'think' },
      (info) => { last = info; },
    );
    if (!result.move) return null;
    const info = last as HubInfo | null;
    return { move: result.move, note: info ? ` (score ${formatScore(info.score)}, depth ${info.depth})` : '' };
  }
}

function positive(text: string, name: string, integer: boolean): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new Error(`${name} needs a positive ${integer ? 'whole ' : ''}number, got "${text}"`);
  }
  return n;
}
