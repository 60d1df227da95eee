// One DXP connection: game requests and answers, moves both ways checked against our rules,
// game ends, chat, and going back a move, with the engine thinking on its own clock. Every
// problem from the peer (malformed, over-long or illegal messages, a dropped connection) is
// reported and survived; finished and broken-off games are saved to PDN. A hostile peer is
// contained: reports are throttled, a run of garbage or a peer that gets no game going within
// the idle limit is hung up on.

import { appendFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { BookPlayer } from '../../book/book-player.ts';
import type { Engine } from '../../engine/engine.ts';
import { Game, type Result } from '../../game/game.ts';
import { formatFen, parseFen } from '../../notation/fen.ts';
import { parseHubPosition } from '../../notation/hub-position.ts';
import { formatPdnGame } from '../../notation/pdn.ts';
import type { Move } from '../../rules/move.ts';
import { BLACK, WHITE } from '../../rules/position.ts';
import { INTERNATIONAL } from '../../rules/variants.ts';
import { DxpFramer } from './framing.ts';
import { DXP_VERSION, type DxpColor, DxpError, type DxpMessage, decodeDxp, encodeDxp } from './messages.ts';
import { ReportThrottle, heldNote } from './report-throttle.ts';

export interface DxpOptions {
  role: 'initiator' | 'follower';
  name: string;
  /** Initiator: games to play in this session. */
  games: number;
  /** Initiator: the time control it requests (minutes for `moves` moves). */
  minutes: number;
  moves: number;
  /** Initiator: a start position other than the initial one (PDN FEN). */
  fen?: string;
  /** Search to this depth instead of using the clock (for tests). */
  depth?: number;
  pdn?: string;
  /** Seconds a peer may stay connected without a game going (from connecting, or after a game) before we hang up; 0: no limit. */
  idleSeconds?: number;
  /** Reports for the person running the session (stdout). */
  report: (line: string) => void;
  /** Told when a game starts. */
  onGameStart?: () => void;
  /** The opening book our moves come from while it has them (none: every move searched). */
  book?: BookPlayer;
}

export interface DxpScore { wins: number; draws: number; losses: number }

const variant = INTERNATIONAL;
/** Bad messages in a row (no good game message between them) after which we hang up. */
export const MAX_BAD_IN_A_ROW = 50;
/** Chat we send stays within the 126 characters of the original DXP specification. */
const CHAT_LIMIT = 126;
const color = (side: number): DxpColor => (side === WHITE ? 'W' : 'Z');

export class DxpSession {
  private readonly framer = new DxpFramer();
  private game: Game | null = null;
  private ourSide = WHITE;
  private peerName = 'peer';
  private gamesStarted = 0;
  private endSent = false;
  /**
   * We ended the last game ourselves (by the rules) and no new one has started: the peer may
   * have sent a move before our end reached it. One such move is expected, not an error.
   */
  private peerMayStillMove = false;
  private clock = 0;
  /** Seconds this game's moves took us, for the result line: the peer's timestamps are not ours to see. */
  private used = 0;
  private ourMoves = 0;
  private minutes = 0;
  private movesPerControl = 0;
  /** Bumped whenever the position changes under a running search, so that its result is dropped. */
  private generation = 0;
  private searching = false;
  /** Which search `searching` is about: an older search finishing must not clear it. */
  private searchId = 0;
  /** Games that ended (by the rules or by agreement) in this session, not broken off. */
  completed = 0;
  /** The connection went while a game was in progress. */
  broken = false;
  private closed = false;
  /** We hung up on the peer (garbage, idle): nothing more is read or sent. */
  dropped = false;
  private badInARow = 0;
  private readonly problems = new ReportThrottle(5, 10_000);
  private readonly chats = new ReportThrottle(20, 1000);
  private idleTimer: NodeJS.Timeout | null = null;
  readonly score: DxpScore = { wins: 0, draws: 0, losses: 0 };
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;

  constructor(private readonly socket: Socket, private readonly engine: Engine, private readonly o: DxpOptions) {
    this.finished = new Promise((resolve) => { this.resolveFinished = resolve; });
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', (err) => this.o.report(`connection error: ${err.message}`));
    socket.on('close', () => this.connectionClosed());
    this.armIdleTimer();
    if (o.role === 'initiator') this.requestGame();
  }

  // --- the wire ---

  private send(m: DxpMessage): void {
    if (this.closed || this.socket.destroyed || this.socket.writableEnded) return;
    this.socket.write(`${encodeDxp(m)}\0`, 'latin1');
  }

  private chat(text: string): void {
    this.send({ type: 'chat', text: `${this.o.name}: ${text}`.slice(0, CHAT_LIMIT) });
  }

  private receive(chunk: Buffer): void {
    if (this.dropped) return;
    const { messages, errors } = this.framer.push(chunk);
    for (const e of errors) this.problem(e);
    for (const text of messages) {
      if (this.dropped) return;
      let m: DxpMessage;
      try {
        m = decodeDxp(text);
      } catch (err) {
        this.problem(`cannot read "${text.slice(0, 60)}": ${err instanceof DxpError ? err.message : String(err)}`);
        continue;
      }
      try {
        this.handle(m);
        if (m.type !== 'chat') this.badInARow = 0;
      } catch (err) {
        this.problem(`cannot handle ${m.type}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  /** A bad message from the peer: say so on both ends (a few times, then now and then) and carry on, or hang up if garbage is all that comes. */
  private problem(text: string): void {
    if (this.dropped) return;
    if (++this.badInARow >= MAX_BAD_IN_A_ROW) {
      this.hangUp(`${this.badInARow} bad messages in a row`);
      return;
    }
    const held = this.problems.take();
    if (held === null) return;
    this.o.report(`peer error: ${text}${heldNote(held)}`);
    this.chat(`error: ${text}${heldNote(held)}`);
  }

  /** Ends the connection from our side, with a word to the peer and to the log. */
  private hangUp(why: string): void {
    if (this.dropped || this.closed) return;
    this.dropped = true;
    this.o.report(`hanging up on ${this.peerName}: ${why}`);
    this.chat(`hanging up: ${why}`);
    this.socket.end();
    // A peer that never closes its side must not keep the connection, and so the server, busy.
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  /** While no game is going, the peer has idleSeconds to start one. */
  private armIdleTimer(): void {
    this.disarmIdleTimer();
    const seconds = this.o.idleSeconds ?? 0;
    if (seconds <= 0 || this.closed) return;
    this.idleTimer = setTimeout(() => {
      if (this.game === null) this.hangUp(`no game started within ${seconds} s`);
    }, seconds * 1000);
  }

  private disarmIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private handle(m: DxpMessage): void {
    switch (m.type) {
      case 'chat': {
        const held = this.chats.take();
        if (held !== null) this.o.report(`chat from ${this.peerName}: ${m.text}${heldNote(held)}`);
        return;
      }
      case 'request': return this.onRequest(m);
      case 'accept': return this.onAccept(m);
      case 'move': return this.onMove(m);
      case 'end': return this.onEnd(m);
      case 'back': return this.onBack(m);
      case 'back-accept': this.o.report(`back accept code ${m.code}`); return;
    }
  }

  // --- starting games ---

  private requestGame(): void {
    this.gamesStarted++;
    // The initiator alternates colours game by game: White in odd games.
    const followerColor: DxpColor = this.gamesStarted % 2 === 1 ? 'Z' : 'W';
    let start: { toMove: DxpColor; board: string } | null = null;
    if (this.o.fen) {
      const board = parseFen(variant, this.o.fen);
      start = { toMove: color(board.side), board: board.squares.slice(1).map((p) => 'ewWzZ'[p]).join('') };
    }
    this.send({ type: 'request', version: DXP_VERSION, name: this.o.name, followerColor, minutes: this.o.minutes, moves: this.o.moves, start });
    this.pendingColor = followerColor === 'W' ? BLACK : WHITE;
    this.pendingStart = start;
  }

  private pendingColor = WHITE;
  private pendingStart: { toMove: DxpColor; board: string } | null = null;

  private onAccept(m: Extract<DxpMessage, { type: 'accept' }>): void {
    if (this.o.role !== 'initiator') throw new Error('a game accept, but we sent no request');
    this.peerName = m.name || 'peer';
    if (m.code !== 0) {
      const why = ['', 'unknown version', 'not this game', 'no games at all'][m.code];
      this.o.report(`${this.peerName} declined the game (code ${m.code}: ${why})`);
      this.socket.end();
      return;
    }
    this.startGame(this.pendingColor, this.pendingStart, this.o.minutes, this.o.moves);
  }

  private onRequest(m: Extract<DxpMessage, { type: 'request' }>): void {
    this.peerName = m.name || 'peer';
    const decline = (code: 1 | 2 | 3, why: string) => {
      this.o.report(`declined a game request from ${this.peerName}: ${why}`);
      this.send({ type: 'accept', name: this.o.name, code });
    };
    if (this.o.role !== 'follower') return decline(3, 'we are the initiator here');
    if (this.game !== null) return decline(3, 'a game is in progress');
    if (m.version !== DXP_VERSION) return decline(1, `version ${m.version}`);
    if (m.start) {
      try {
        const board = parseHubPosition(variant, (m.start.toMove === 'W' ? 'W' : 'B') + m.start.board.replace(/z/g, 'b').replace(/Z/g, 'B'));
        if (variant.legalMoves(variant.fromBoard(board)).length === 0) return decline(2, 'the start position has no legal move');
      } catch (err) {
        return decline(2, `bad start position: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.send({ type: 'accept', name: this.o.name, code: 0 });
    this.gamesStarted++;
    this.startGame(m.followerColor === 'W' ? WHITE : BLACK, m.start, m.minutes, m.moves);
  }

  private startGame(ourSide: number, start: { toMove: DxpColor; board: string } | null, minutes: number, moves: number): void {
    const pos = start
      ? variant.fromBoard(parseHubPosition(variant, (start.toMove === 'W' ? 'W' : 'B') + start.board.replace(/z/g, 'b').replace(/Z/g, 'B')))
      : variant.startPosition();
    this.game = new Game(variant, pos);
    this.ourSide = ourSide;
    this.endSent = false;
    this.peerMayStillMove = false;
    this.minutes = minutes;
    this.movesPerControl = moves;
    this.clock = minutes * 60;
    this.used = 0;
    this.ourMoves = 0;
    this.disarmIdleTimer();
    this.o.onGameStart?.();
    this.engine.newGame();
    const white = ourSide === WHITE ? this.o.name : this.peerName;
    const black = ourSide === WHITE ? this.peerName : this.o.name;
    this.o.report(`game: ${white} (White) - ${black} (Black), ${minutes} min for ${moves || 'all'} moves${start ? `, from ${formatFen(variant, variant.toBoard(pos))}` : ''}`);
    this.afterMove();
  }

  // --- moves ---

  private onMove(m: Extract<DxpMessage, { type: 'move' }>): void {
    const game = this.game;
    if (!game && this.peerMayStillMove) {
      // Its move and our end crossed on the wire: Moby Dam moves once more when our rules end a game before its own do.
      this.peerMayStillMove = false;
      this.o.report(`ignored ${this.peerName}'s move ${m.from}${m.captured.length ? 'x' : '-'}${m.to}: it was sent before the end of the game reached it`);
      return;
    }
    if (!game) throw new Error('a move, but no game is in progress');
    if (game.position.side === this.ourSide) throw new Error(`a move (${m.from}-${m.to}) while it is our turn`);
    const want = [...m.captured].sort((a, b) => a - b).join(',');
    const move = game.legalMoves().find((l) => l.from === m.from && l.to === m.to && l.captured.join(',') === want);
    if (!move) {
      const text = `${m.from}${m.captured.length ? 'x' : '-'}${m.to}${m.captured.length ? ` taking ${m.captured.join(',')}` : ''}`;
      this.chat(`illegal move ${text}: not a legal move in this position; the game ends`);
      this.o.report(`${this.peerName} played an illegal move ${text}`);
      this.endGame(this.ourSide === WHITE ? '1-0' : '0-1', `${this.peerName} played an illegal move ${text}`, 3);
      return;
    }
    game.play(move);
    this.afterMove();
  }

  /** After any move (or a new game): end the game if the rules say so, else think if it is our turn. */
  private afterMove(): void {
    const game = this.game;
    if (!game) return;
    const status = game.status();
    if (status.result !== '*') {
      const ours = status.result === '1/2-1/2' ? 2 : (status.result === '1-0') === (this.ourSide === WHITE) ? 3 : 1;
      this.endGame(status.result, status.reason, ours as 1 | 2 | 3);
      return;
    }
    if (game.position.side === this.ourSide) void this.think();
  }

  private async think(): Promise<void> {
    const game = this.game!;
    const generation = ++this.generation;
    if (this.searching) this.engine.stop();
    this.searching = true;
    const searchId = ++this.searchId;
    const toGo = this.movesPerControl > 0 ? this.movesPerControl - (this.ourMoves % this.movesPerControl) : undefined;
    const limits = this.o.depth !== undefined ? { depth: this.o.depth } : { time: Math.max(0.05, this.clock), movesToGo: toGo };
    const t0 = performance.now();
    // A book move is played at once, on our clock like any other.
    let move: Move | null = this.o.book?.choose(variant, game.position, game.ply)?.move ?? null;
    try {
      if (!move) move = (await this.engine.search({ variant, root: game.position, history: game.historyKeys(), counters: game.drawCounters, limits })).move;
    } catch (err) {
      this.o.report(`engine error: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (this.searchId === searchId) this.searching = false;
    }
    if (generation !== this.generation || this.game !== game || this.closed) return; // taken back, or the game is over
    if (!move) return;
    const seconds = (performance.now() - t0) / 1000;
    this.clock -= seconds;
    this.used += seconds;
    this.ourMoves++;
    if (this.movesPerControl > 0 && this.ourMoves % this.movesPerControl === 0) this.clock += this.minutes * 60;
    this.send({ type: 'move', seconds, from: move.from, to: move.to, captured: move.captured });
    game.play(move);
    this.afterMove();
  }

  // --- ending games ---

  private onEnd(m: Extract<DxpMessage, { type: 'end' }>): void {
    const game = this.game;
    if (!game) {
      if (m.stop === 1) this.socket.end();
      return;
    }
    const status = game.status();
    let result: Result;
    let reason: string;
    if (status.result !== '*') { result = status.result; reason = status.reason; }
    else {
      // The peer ends the game before the rules do (a resignation, a claim): take its word.
      const weWin = m.reason === 1, weLose = m.reason === 3;
      result = m.reason === 2 ? '1/2-1/2' : weWin ? (this.ourSide === WHITE ? '1-0' : '0-1') : weLose ? (this.ourSide === WHITE ? '0-1' : '1-0') : '*';
      reason = `${this.peerName} ended the game (${['no reason given', 'it loses', 'a draw', 'it wins'][m.reason]})`;
    }
    const ours = result === '1/2-1/2' ? 2 : result === '*' ? 0 : (result === '1-0') === (this.ourSide === WHITE) ? 3 : 1;
    this.endGame(result, reason, ours as 0 | 1 | 2 | 3, m.stop === 1);
    this.peerMayStillMove = false; // the peer ended it: it knows
  }

  private endGame(result: Result, reason: string, ourReason: 0 | 1 | 2 | 3, peerStops = false): void {
    const game = this.game;
    if (!game) return;
    this.game = null;
    this.peerMayStillMove = true;
    this.generation++;
    if (this.searching) this.engine.stop();
    const last = this.o.role === 'initiator' && this.gamesStarted >= this.o.games;
    const stop: 0 | 1 = last || peerStops ? 1 : 0;
    // Saved before the peer hears of the end, so that nothing is lost if it hangs up at once.
    this.completed++;
    this.record(game, result, reason);
    if (!this.endSent) this.send({ type: 'end', reason: ourReason, stop });
    this.endSent = true;
    this.armIdleTimer();
    if (this.o.role === 'initiator') {
      if (last || peerStops) this.socket.end();
      else this.requestGame();
    } else if (peerStops) {
      this.socket.end();
    }
  }

  private record(game: Game, result: Result, reason: string): void {
    const we = this.ourSide === WHITE;
    if (result === '1/2-1/2') this.score.draws++;
    else if (result !== '*') { if ((result === '1-0') === we) this.score.wins++; else this.score.losses++; }
    const { wins, draws, losses } = this.score;
    this.o.report(`result: ${result} (${reason}), ${game.ply} plies, ${this.o.name} used ${this.used.toFixed(1)} s | ${this.o.name} +${wins} =${draws} -${losses}, score ${wins + draws / 2}-${losses + draws / 2}`);
    if (this.o.pdn) {
      const tags = {
        Event: 'DXP game', Site: 'DXP', Date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'), Round: String(this.gamesStarted || 1),
        White: we ? this.o.name : this.peerName, Black: we ? this.peerName : this.o.name, Result: result, Termination: reason,
      };
      try {
        appendFileSync(this.o.pdn, `${formatPdnGame(game, tags)}\n`);
      } catch (err) {
        this.o.report(`cannot write ${this.o.pdn}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  // --- going back ---

  private onBack(m: Extract<DxpMessage, { type: 'back' }>): void {
    const game = this.game;
    if (!game) { this.send({ type: 'back-accept', code: 2 }); return; }
    // Move numbers count from 1 at the game's start, each number a move by each side.
    const first = game.startPosition.side;
    const target = (m.moveNumber - 1) * 2 + ((m.toMove === 'W' ? WHITE : BLACK) === first ? 0 : 1);
    if (m.moveNumber < 1 || target > game.ply) { this.send({ type: 'back-accept', code: 2 }); return; }
    this.generation++;
    if (this.searching) this.engine.stop();
    while (game.ply > target) game.undo();
    this.send({ type: 'back-accept', code: 0 });
    this.o.report(`went back to move ${m.moveNumber}, ${m.toMove === 'W' ? 'White' : 'Black'} to move`);
    this.afterMove();
  }

  // --- the end of the connection ---

  private connectionClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.disarmIdleTimer();
    this.generation++;
    if (this.searching) this.engine.stop();
    const game = this.game;
    if (game) {
      this.game = null;
      this.broken = true;
      this.record(game, '*', 'the connection was lost mid-game');
    }
    const held = this.problems.held + this.chats.held;
    if (held > 0) this.o.report(`${held} more peer errors and chat lines were not shown`);
    this.o.report('connection closed');
    this.resolveFinished();
  }
}
