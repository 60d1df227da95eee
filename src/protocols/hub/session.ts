// A Hub protocol session (version 2, docs/PROTOCOLS.md): reads GUI lines, answers on the
// output. Searches run elsewhere (a worker behind HubBackend), so this object stays
// responsive: during a search it answers ping, ponder-hit and stop, and refuses the rest.
// Every bad line gets `error message="..."` and the session goes on.

import { EVAL_KINDS, type EvalKind, parseEvalKind } from '../../eval/position-evaluator.ts';
import { planEvaluation } from '../../eval/evaluators.ts';
import type { LearnedWeights } from '../../eval/learned-weights.ts';
import { readWeightsFile } from '../../eval/read-weights.ts';
import type { DrawCounters } from '../../game/draw-rules.ts';
import { Game } from '../../game/game.ts';
import { NotationError } from '../../notation/errors.ts';
import { parseHubPosition } from '../../notation/hub-position.ts';
import { formatMove, parseMove } from '../../notation/move-text.ts';
import { hubVariantNames, variantOfHubName } from './variant-name.ts';
import type { Move } from '../../rules/move.ts';
import type { Position } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import { type HubLevel, parseLevel } from './level.ts';
import { type HubLine, HubSyntaxError, formatHubLine, parseHubLine } from './line.ts';
import { mateIn } from '../../search/score.ts';
import type { SearchInfo } from '../../search/types.ts';
import { availableParallelism } from 'node:os';
import { BookPlayer, type BookChoice, type BookReader } from '../../book/book-player.ts';
import { bookParamLines, isBookParam, setBookParam } from './book-params.ts';

export type HubMode = 'think' | 'ponder' | 'analyze';

export interface HubSearchRequest {
  variant: Variant;
  root: Position;
  /** Zobrist keys of the game since its last irreversible move, oldest first, root last. */
  history: { lo: Int32Array; hi: Int32Array };
  counters?: DrawCounters;
  level: HubLevel;
  mode: HubMode;
  /** Endgame table directory: null for none, undefined for the default. */
  egdbPath?: string | null;
}

/** What an `info` line says: a search's progress (its deepest ply optional, as a book move has none), or a book move. */
export interface HubInfo extends Omit<SearchInfo, 'selDepth'> {
  /** The deepest ply reached (quiescence included); not Scan's mean-depth, an average. */
  selDepth?: number;
  /** The move came from the opening book (no search): `score` is the book's, `bookDepth` the plies of book below it. */
  book?: boolean;
  bookDepth?: number;
}

export interface HubBackend {
  /** Ready to search: workers started and warmed up, the endgame tables of `egdbPath` read. */
  init(options: { variant: Variant; ttMb: number; threads: number; egdbPath: string | null | undefined }): Promise<void>;
  /** Hash table size in MB for the next search (a set-param after init). */
  setTableSize(mb: number): void;
  /** The evaluation of the next searches and its weights file (undefined: the shipped weights); a set-param at any time. */
  setEvaluation(kind: EvalKind, weightsPath?: string): void;
  /** Workers searching each position from the next search on (a set-param after init). */
  setThreads(n: number): void;
  search(request: HubSearchRequest, onInfo: (info: HubInfo) => void): Promise<{ move: Move | null; ponder: Move | null }>;
  stop(): void;
  ponderHit(): void;
  newGame(): void;
  close(): Promise<void>;
}

export const ENGINE_NAME = 'Damka';
export const ENGINE_VERSION = '0.1.0';
/** What the GUI may send during a search (PROTOCOLS.md); quit too, to leave at once. */
const DURING_SEARCH = ['ping', 'stop', 'ponder-hit', 'quit'];
const TT_MIN = 1;
const TT_MAX = 4096;
/** One search worker a core: more would only take turns. */
const THREADS_MAX = availableParallelism();

export class HubSession {
  private variantName = 'normal';
  private ttMb = 64;
  private threads = 1;
  private evalKind: EvalKind = EVAL_KINDS[0];
  /** A weights file for the learned evaluation, read and checked when named; undefined: the shipped weights. */
  private weightsPath: string | undefined;
  /** undefined: the default lookup (the cache directory, then the shipped tables: egdb/table-dirs.ts); null: none. */
  private egdbPath: string | null | undefined = undefined;
  private initialised = false;
  private game: Game | null = null;
  private level: HubLevel = { kind: 'move-time', seconds: 1 };
  private searching: HubMode | null = null;
  /** A ponder search ended on its own (depth, nodes, a single move) before ponder-hit came. */
  private ponderEnded = false;
  /** `stop` was sent and the search has not answered yet. */
  private stopping = false;
  /**
   * `init` is still making the table and warming up: a GUI waits for `ready`, but a script may
   * send its first search along with `init`, and that search's clock must not pay for the warm-up.
   */
  private starting = false;
  /**
   * Lines held back, to run in order: those after `stop`, before its `done` (the next search,
   * set up at once: PROTOCOLS.md), and those after `init`, before `ready`.
   */
  private readonly pending: HubLine[] = [];
  private closed = false;
  /** The opening book: asked before every think or ponder search (not analysis), its problems reported as errors. */
  private readonly books: BookPlayer;

  /** `readBook` opens a book file for a variant (none given: no book is ever found). */
  constructor(
    private readonly output: (line: string) => void,
    private readonly backend: HubBackend,
    private readonly quit: () => void,
    readBook: BookReader = () => null,
  ) {
    this.books = new BookPlayer(readBook, (message) => this.error(message));
  }

  get variant(): Variant {
    return variantOfHubName(this.variantName)!;
  }

  get isSearching(): boolean {
    return this.searching !== null;
  }

  /** Handles one input line; never throws. */
  handle(text: string): void {
    let line: HubLine | null;
    try {
      line = parseHubLine(text);
    } catch (err) {
      this.error(err instanceof HubSyntaxError ? err.message : String(err));
      return;
    }
    if (line === null) return;
    if (this.holds(line)) {
      this.pending.push(line);
      return;
    }
    this.run(line);
  }

  /** Whether `line` must wait: for a stopped search's `done`, or for `ready` (all but ping and quit, so that a `stop` still follows its `go`). */
  private holds(line: HubLine): boolean {
    if (this.starting) return line.command !== 'ping' && line.command !== 'quit';
    return this.stopping && !DURING_SEARCH.includes(line.command);
  }

  private run(line: HubLine): void {
    try {
      this.dispatch(line);
    } catch (err) {
      this.error(err instanceof Error ? err.message : String(err));
    }
  }

  private send(command: string, args: Record<string, string | number | boolean | undefined> = {}): void {
    if (!this.closed) this.output(formatHubLine(command, args));
  }

  private error(message: string): void {
    this.send('error', { message });
  }

  private dispatch(line: HubLine): void {
    const { command } = line;
    if (this.searching !== null && !DURING_SEARCH.includes(command)) {
      throw new Error(`"${command}" is not allowed during a search (only ping, ponder-hit and stop)`);
    }
    switch (command) {
      case 'hub': return this.hello();
      case 'set-param': return this.setParam(line);
      case 'init': return this.init();
      case 'new-game': return this.newGame();
      case 'pos': return this.setPosition(line);
      case 'level': this.level = parseLevel(line); return;
      case 'go': return this.go(line);
      case 'stop':
        if (this.searching === null) return;
        this.stopping = true;
        this.backend.stop();
        return;
      case 'ponder-hit': return this.ponderHit();
      case 'ping': return this.send('pong');
      case 'quit': return this.quit();
      default: throw new Error(`unknown command "${command}"`);
    }
  }

  private hello(): void {
    this.send('id', { name: ENGINE_NAME, version: ENGINE_VERSION, author: 'The Damka developers', country: '' });
    this.send('param', { name: 'variant', value: this.variantName, type: 'enum', values: hubVariantNames().join(' ') });
    this.send('param', { name: 'tt-size', value: this.ttMb, type: 'int', min: TT_MIN, max: TT_MAX });
    this.send('param', { name: 'threads', value: this.threads, type: 'int', min: 1, max: THREADS_MAX });
    this.send('param', { name: 'eval', value: this.evalKind, type: 'enum', values: EVAL_KINDS.join(' ') });
    this.send('param', { name: 'weights', value: this.weightsPath ?? '', type: 'string' });
    this.send('param', { name: 'egdb-path', value: this.egdbPath === undefined ? 'default' : this.egdbPath ?? 'none', type: 'string' });
    for (const args of bookParamLines(this.books.settings)) this.send('param', args);
    this.send('wait');
  }

  private setParam(line: HubLine): void {
    const name = line.args.get('name');
    const value = line.args.get('value');
    if (typeof name !== 'string' || name === '') throw new Error('set-param needs name=...');
    if (typeof value !== 'string') throw new Error(`set-param name=${name} needs value=...`);
    if (isBookParam(name)) {
      setBookParam(this.books, name, value);
      // After init a new file is read now, so that a bad one is reported here rather than mid-game.
      if (this.initialised) this.books.book(this.variant);
      return;
    }
    switch (name) {
      case 'variant':
        if (!variantOfHubName(value)) throw new Error(`variant "${value}" is not supported (${hubVariantNames().join(', ')})`);
        if (this.initialised && value !== this.variantName) throw new Error('the variant cannot change after init');
        this.variantName = value;
        return;
      case 'tt-size':
        // The worker resizes its table at the start of the next search, so this applies at any time.
        this.ttMb = intParam(name, value, TT_MIN, TT_MAX);
        if (this.initialised) this.backend.setTableSize(this.ttMb);
        return;
      case 'eval': {
        // Checked now, as the weights are (below): a kind the game or the weights file has none
        // of (a network while the file holds pattern weights) is refused here and the
        // evaluation before stays.
        const kind = parseEvalKind(value);
        this.checkEvaluation(kind, this.readWeights(this.weightsPath));
        this.evalKind = kind;
        this.backend.setEvaluation(this.evalKind, this.weightsPath);
        return;
      }
      case 'weights': {
        // Checked now, against the variant of the moment (and again at init, if that changes
        // it), so that a bad file is refused here with its reason and the weights before stay.
        const path = value.trim() === '' || value.trim() === 'shipped' ? undefined : value;
        if (path !== undefined) this.checkEvaluation(this.evalKind, this.readWeights(path));
        this.weightsPath = path;
        this.backend.setEvaluation(this.evalKind, this.weightsPath);
        return;
      }
      case 'threads':
        this.threads = intParam(name, value, 1, THREADS_MAX);
        if (this.initialised) this.backend.setThreads(this.threads);
        return;
      case 'egdb-path':
        // Applies from the next search; "none" searches without tables, "default" (or nothing)
        // with the default lookup.
        this.egdbPath = value.trim() === 'none' ? null : value.trim() === '' || value.trim() === 'default' ? undefined : value;
        return;
      default:
        throw new Error(`unknown parameter "${name}"`);
    }
  }

  private init(): void {
    if (this.initialised) {
      this.send('ready');
      return;
    }
    this.initialised = true;
    // Both checked against another variant when they were named, if the variant was set after them.
    let weights: LearnedWeights | undefined;
    if (this.weightsPath !== undefined) {
      try {
        weights = readWeightsFile(this.weightsPath, this.variant);
      } catch (err) {
        this.error(`${err instanceof Error ? err.message : String(err)}; searching with the shipped weights`);
        this.weightsPath = undefined;
        this.backend.setEvaluation(this.evalKind, undefined);
      }
    }
    try {
      this.checkEvaluation(this.evalKind, weights);
    } catch (err) {
      this.error(`${err instanceof Error ? err.message : String(err)}; searching with the learned evaluation`);
      this.evalKind = 'learned';
      this.backend.setEvaluation(this.evalKind, this.weightsPath);
    }
    // Read before ready (a book loads in well under a second): a bad file is reported once, here.
    this.books.book(this.variant);
    this.starting = true;
    this.backend.init({ variant: this.variant, ttMb: this.ttMb, threads: this.threads, egdbPath: this.egdbPath }).then(
      () => this.send('ready'),
      (err) => this.error(`init failed: ${err instanceof Error ? err.message : String(err)}`),
    ).finally(() => {
      this.starting = false;
      this.runPending();
    });
  }

  /** The weights file at `path` read for the variant (undefined: the shipped weights); throws with the reason. */
  private readWeights(path: string | undefined): LearnedWeights | undefined {
    return path === undefined ? undefined : readWeightsFile(path, this.variant);
  }

  /** Throws, with the reason, when the variant cannot search with this evaluation and weights. */
  private checkEvaluation(kind: EvalKind, weights: LearnedWeights | undefined): void {
    planEvaluation(this.variant, { kind, weights });
  }

  private newGame(): void {
    this.game = null;
    this.backend.newGame();
  }

  private setPosition(line: HubLine): void {
    this.game = null; // a bad pos must not leave a stale position to search
    const text = line.args.get('pos');
    if (typeof text !== 'string') throw new Error('pos needs pos=<position>');
    const variant = this.variant;
    let game = new Game(variant, variant.fromBoard(parseHubPosition(variant, text)));
    const moves = line.args.get('moves');
    if (moves !== undefined && moves !== true) {
      const list = moves.trim() === '' ? [] : moves.trim().split(/\s+/);
      list.forEach((text, i) => {
        try {
          const move = parseMove(variant, game.position, text);
          // The GUI referees. If it plays on past what we count as a draw by rule or repetition
          // (pydraughts counts the king-ending rules differently), go on from this position
          // rather than refuse a legal move and leave the GUI waiting for a done that never comes.
          if (game.status().result !== '*') game = new Game(variant, game.position);
          game.play(move);
        } catch (err) {
          const why = err instanceof NotationError || err instanceof Error ? err.message : String(err);
          throw new Error(`pos: move ${i + 1} of moves (${text}): ${why}`);
        }
      });
    }
    this.game = game;
  }

  private go(line: HubLine): void {
    const modes: HubMode[] = ['think', 'ponder', 'analyze'];
    const mode = modes.find((m) => line.args.has(m));
    if (!mode) throw new Error('go needs think, ponder or analyze');
    if (!this.initialised) throw new Error('go before init');
    if (this.game === null) throw new Error('go without a position (send pos first)');
    const variant = this.variant;
    const root = this.game.position;
    if (variant.countMoves(root) === 0) throw new Error('the position has no legal move');
    // The book answers at once, without a search; analysis always searches (as Scan does).
    const booked = mode === 'analyze' ? null : this.books.choose(variant, root, this.game.ply);
    if (booked) return this.playBook(booked, mode);
    this.searching = mode;
    this.ponderEnded = false;
    const history = this.game.historyKeys();
    const onInfo = (info: HubInfo) => this.info(info);
    this.backend.search({ variant, root, history, counters: this.game.drawCounters, level: this.level, mode, egdbPath: this.egdbPath }, onInfo).then(
      ({ move, ponder }) => {
        // The protocol lets a ponder search end early; the GUI's ponder-hit may then still come.
        this.ponderEnded = this.searching === 'ponder' && !this.stopping;
        if (!move) this.error('the search found no move');
        else this.send('done', { move: formatMove(variant, move, [], 'hub'), ponder: ponder ? formatMove(variant, ponder, [], 'hub') : undefined });
        this.searchEnded();
      },
      (err) => {
        this.error(`search failed: ${err instanceof Error ? err.message : String(err)}`);
        this.searchEnded();
      },
    );
  }

  /** A book move: one info line (flagged `book`, with the book's score and line) and the move. */
  private playBook(choice: BookChoice, mode: HubMode): void {
    this.info({ depth: 0, score: choice.score, nodes: 0, timeMs: 0, pv: choice.line, book: true, bookDepth: choice.depth });
    const [move, ponder] = choice.line;
    this.send('done', { move: formatMove(this.variant, move, [], 'hub'), ponder: ponder ? formatMove(this.variant, ponder, [], 'hub') : undefined });
    // A ponder search may end early (PROTOCOLS.md): the GUI's ponder-hit may still come.
    this.ponderEnded = mode === 'ponder';
  }

  /** After the answer: the lines held back since `stop` run now, in order. */
  private searchEnded(): void {
    this.searching = null;
    this.stopping = false;
    this.runPending();
  }

  /**
   * The held-back lines in order, as if they arrived now: after a held-back `go` the rest meet a
   * running search, and after a held-back `stop` they wait again, for its `done`.
   */
  private runPending(): void {
    const lines = this.pending.splice(0);
    for (let i = 0; i < lines.length; i++) {
      if (this.holds(lines[i])) {
        this.pending.push(...lines.slice(i));
        return;
      }
      this.run(lines[i]);
    }
  }

  private ponderHit(): void {
    if (this.searching === null && this.ponderEnded) {
      this.ponderEnded = false; // its done line has gone out already: nothing left to do
      return;
    }
    if (this.searching !== 'ponder') throw new Error('ponder-hit without a ponder search');
    this.searching = 'think';
    this.backend.ponderHit();
  }

  private info(info: HubInfo): void {
    const seconds = info.timeMs / 1000;
    this.send('info', {
      depth: info.depth,
      // Our own field (the protocol allows them): we do not measure Scan's mean leaf depth.
      'sel-depth': info.selDepth,
      score: hubScore(info.score),
      nodes: info.nodes,
      time: seconds.toFixed(3),
      nps: seconds > 0 ? (info.nodes / seconds / 1e6).toFixed(2) : undefined,
      // Our own field: positions the endgame tables scored.
      'tb-hits': info.tbHits,
      // Our own field: plies to a capture or crowning (or the end) when the tables chose the move by distance.
      'tb-distance': info.tbDistance,
      pv: info.pv.length > 0 ? info.pv.map((m) => formatMove(this.variant, m, [], 'hub')).join(' ') : undefined,
      // Scan's flag for a move from the opening book, and our own field: the plies of book below it.
      book: info.book,
      'book-depth': info.bookDepth,
    });
  }

  /** Stops output (after stdin closed or quit) and releases the backend. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.searching !== null) this.backend.stop();
    await this.backend.close();
  }
}

/**
 * Men with two decimals. Wins and losses use Scan's convention, which clients such as
 * pydraughts decode: 100 men less the distance in plies, in hundredths (win in 7 plies: 99.93).
 */
export function hubScore(score: number): string {
  const plies = mateIn(score);
  if (plies === null) return (score / 100).toFixed(2);
  return ((Math.sign(plies) * (10000 - Math.abs(plies))) / 100).toFixed(2);
}

function intParam(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
