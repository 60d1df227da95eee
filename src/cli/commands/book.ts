// damka book build|probe|stats: opening books grown by drop-out expansion (src/book/).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { Command, Option } from 'commander';
import { type BuildProgress, BookBuilder, buildParams } from '../../book/book-builder.ts';
import { type Book, loadBook } from '../../book/book-file.ts';
import { type BookStats, bookStats } from '../../book/book-stats.ts';
import { type GameRoots, type RootChoice, gameRoots, openingsLabel } from '../../book/book-roots.ts';
import { EXPANSION_WEIGHT } from '../../book/expansion.ts';
import { type LeafSearcher, LocalLeafSearcher, defaultLeafWorkers } from '../../book/leaf-searcher.ts';
import { QueueLeafSearcher } from '../../queue/queue-leaf-searcher.ts';
import { type QueueFlags, openQueue, queueCheckOption, queueOption, runName, runOption } from '../queue-options.ts';
import { leafLimits } from '../../book/leaf-search.ts';
import { shippedBookPath } from '../../book/shipped.ts';
import type { LeafLimits } from '../../book/types.ts';
import { formatMove, parseMove } from '../../notation/move-text.ts';
import type { Position } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import { formatScore } from '../../search/score-text.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { positionFromFen } from '../position-option.ts';
import { Progress } from '../progress.ts';
import { readProblem } from '../../tools/file-error.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';

interface BuildFlags {
  variant: string; out?: string; book?: string; positions?: string; minutes?: string;
  time?: string; nodes?: string; depth?: string; workers: string; overlap?: boolean; weight?: string; roots: string; checkpoint: string;
  games?: string; gamePlies: string; gamesPlayer?: string; mixSearches?: boolean; expand: boolean; deepen?: boolean;
}

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`--${name} must be a positive number, got "${text}"`);
  return n;
}

/** The leaf limits asked for; with --book, those the book was built with unless the same are given. */
function limitsOf(o: BuildFlags, book: Book | undefined): LeafLimits {
  const given = (['time', 'nodes', 'depth'] as const).filter((k) => o[k] !== undefined);
  if (given.length > 1) throw new UsageError(`give one of --time, --nodes or --depth, not ${given.map((k) => `--${k}`).join(' and ')}`);
  const built = book ? buildParams(book).limits : undefined;
  let limits: LeafLimits | undefined;
  if (o.nodes !== undefined) limits = { nodes: parseIntOption('nodes', o.nodes, 1, 2_000_000_000) };
  else if (o.depth !== undefined) limits = { depth: parseIntOption('depth', o.depth, 1, 100) };
  else if (o.time !== undefined) limits = { time: positive('time', o.time) };
  if (limits === undefined) {
    if (built === undefined) throw new UsageError('give the search per leaf: --nodes N, --depth D or --time S');
    limits = built;
  }
  if (o.deepen) {
    if (limits.time !== undefined || given.length === 0) throw new UsageError('--deepen needs the deeper search per leaf as --nodes N or --depth D (a leaf searched with less is known by its nodes or depth)');
  } else if (built !== undefined && JSON.stringify(built) !== JSON.stringify(limits) && !o.mixSearches) {
    throw new UsageError(`the book was searched with ${JSON.stringify(built)}: extend it with the same search per leaf (or none), not ${JSON.stringify(limits)}, or give --mix-searches`);
  }
  leafLimits(limits);
  return limits;
}

/** The played games a build grows from (--games), read and replayed before any search starts. */
function gamesOf(o: BuildFlags, variant: Variant): GameRoots | undefined {
  if (o.games === undefined) {
    if (o.gamesPlayer !== undefined) throw new UsageError('--games-player goes with --games');
    return undefined;
  }
  const plies = parseIntOption('game-plies', o.gamePlies, 1, 1000);
  let text: string;
  try {
    text = readFileSync(o.games, 'utf8');
  } catch (err) {
    throw new UsageError(`--games ${o.games}: ${readProblem(err)}`);
  }
  let roots: GameRoots;
  try {
    roots = gameRoots(variant, text, plies, o.games, o.gamesPlayer);
  } catch (err) {
    throw new UsageError(`--games ${err instanceof Error ? err.message : String(err)}`);
  }
  if (roots.games === 0) throw new UsageError(`--games ${o.games}: no games in the file`);
  if (roots.roots.length === 0) throw new UsageError(`--games ${o.games}: no positions${o.gamesPlayer === undefined ? '' : ` with ${o.gamesPlayer} to move`} in the first ${plies} plies`);
  process.stderr.write(`book build: ${roots.roots.length} positions from ${roots.games} games in ${o.games}\n`);
  return roots;
}

function progressText(p: BuildProgress): string {
  const rate = p.searched / Math.max(1, p.seconds);
  return `${p.positions} positions (+${p.searched}, ${rate.toFixed(2)}/s), deepest ${p.deepest} plies, main line ${p.mainLine.slice(0, 12).join(' ')}`;
}

function buildCommand(): Command {
  return new Command('build')
    .description('grow an opening book by drop-out expansion: every leaf a search, the roots the start and every position of the openings matches start from (English: the three-move ballots; International: openings/international.txt)')
    .addOption(variantOption())
    .option('-o, --out <file>', 'a new book to write')
    .option('-b, --book <file>', 'an existing book to extend (a build stopped goes on from its file)')
    .option('--positions <n>', 'stop after this many new leaf searches')
    .option('--minutes <m>', 'stop after this many minutes')
    .option('-n, --nodes <n>', 'search each leaf this many nodes (deterministic)')
    .option('-d, --depth <d>', 'search each leaf to this depth (deterministic)')
    .option('-t, --time <seconds>', 'search each leaf this long (not reproducible)')
    .option('--workers <n>', 'leaf searches at once, one a core', String(defaultLeafWorkers()))
    .option('--overlap', 'choose the next leaf to expand while searches still run, so that many workers (a queue) never wait; the book then depends on which search ends first (default with --queue; otherwise a --nodes or --depth build is reproducible with any --workers)')
    .option('--no-overlap', 'with --queue: wait for the running searches before choosing the next leaf, for a reproducible book')
    .option('--weight <w>', `expansion priority a centi-man a line is worse than the best (default ${EXPANSION_WEIGHT})`)
    .addOption(new Option('--roots <which>', 'grow from the start and every position of the openings matches start from, or from the start alone').choices(['openings', 'start']).default('openings'))
    .option('--games <file>', 'also grow from played games (PDN): every position of their first plies is a root, so the book learns the lines opponents play')
    .option('--game-plies <n>', 'with --games: the plies of each game taken', '24')
    .option('--games-player <name>', 'with --games: only the positions this player (a White or Black tag) was to move in')
    .option('--mix-searches', 'with --book: search the new leaves with another search per leaf than the book\'s (a deeper one for the lines --games brings); the positions already searched keep theirs')
    .option('--deepen', 'with --book: a leaf searched with fewer nodes or to a smaller depth than this build\'s --nodes or --depth is searched again before it is expanded (with --no-expand: searched again, main lines and ballots first, and nothing expanded)')
    .option('--no-expand', 'search the roots not yet in the book (with --games: the games\' positions; with --deepen: the shallower leaves) and stop, growing nothing below them')
    .addOption(new Option('--checkpoint <seconds>', 'write the book at least this often').default('60').hideHelp())
    .addOption(queueOption())
    .addOption(runOption())
    .addOption(queueCheckOption())
    .action(guarded(async (o: BuildFlags & QueueFlags) => {
      const variant = resolveVariant(o.variant);
      if ((o.out === undefined) === (o.book === undefined)) throw new UsageError('give --out FILE for a new book or --book FILE to extend one');
      const path = (o.out ?? o.book)!;
      if (o.out !== undefined && existsSync(o.out)) throw new UsageError(`${o.out} exists: extend it with --book ${o.out}, or choose another --out`);
      if (o.mixSearches && o.book === undefined) throw new UsageError('--mix-searches goes with --book');
      if (o.deepen && o.book === undefined) throw new UsageError('--deepen goes with --book');
      const from = o.book !== undefined ? loadBook(o.book, variant.name) : undefined;
      const limits = limitsOf(o, from);
      const built = from ? buildParams(from).weight : undefined;
      const weight = o.weight !== undefined ? Number(o.weight) : built ?? EXPANSION_WEIGHT;
      if (!(weight >= 0) || !Number.isFinite(weight)) throw new UsageError(`--weight must be a number of at least 0, got "${o.weight}"`);
      if (built !== undefined && built !== weight) throw new UsageError(`the book was grown with --weight ${built}: extend it with the same`);
      // With --queue, --workers is the searches kept in flight on the queue's workers.
      const workers = parseIntOption('workers', o.workers, 1, 4096);
      if (o.queue === undefined && o.run !== undefined) throw new UsageError('--run goes with --queue');
      let searcher: LeafSearcher;
      if (o.queue !== undefined) {
        const run = runName(o.run, 'book');
        searcher = new QueueLeafSearcher(await openQueue(o), run, workers);
        process.stderr.write(`book build: run ${run} on the queue\n`);
      } else searcher = new LocalLeafSearcher(Math.min(workers, 256));
      const games = gamesOf(o, variant);
      const progress = new Progress();
      const builder = new BookBuilder({
        variant, path, from, limits, searcher, weight, roots: o.roots as RootChoice, games, expand: o.expand, deepen: o.deepen, overlap: o.overlap ?? o.queue !== undefined,
        positions: o.positions === undefined ? undefined : parseIntOption('positions', o.positions, 1, 1e9),
        minutes: o.minutes === undefined ? undefined : positive('minutes', o.minutes),
        checkpointMs: positive('checkpoint', o.checkpoint) * 1000,
        onProgress: (p) => progress.update(progressText(p)),
      });
      let signal: NodeJS.Signals | null = null;
      const onSignal = (s: NodeJS.Signals) => { signal = s; builder.stop(); };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const r = await builder.run();
        progress.done();
        const why = signal !== null ? `stopped by ${signal}` : r.stopped === 'complete' ? (o.deepen && !o.expand ? 'no shallower leaf left' : 'nothing left to expand') : `${r.stopped} reached`;
        process.stdout.write(`${path}: ${r.positions} positions, ${r.searched} searched in ${r.seconds.toFixed(0)} s, deepest line ${r.deepest} plies, ${r.bytes} bytes (${why})\n`);
        if (signal !== null) process.exitCode = signal === 'SIGINT' ? 130 : 143;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        progress.done();
        await searcher.close();
      }
    }));
}

function pdn(variant: Variant, pos: Position, hub: string): string {
  try {
    return formatMove(variant, parseMove(variant, pos, hub), variant.legalMoves(pos));
  } catch {
    return `${hub} (not legal here)`;
  }
}

/** The search that scored a book move: the one at the end of its best line. */
function scoredBy(book: Book, i: number): string {
  let plies = 0;
  for (; book.expanded(i) && plies < book.size; plies++) i = book.movesAt(i)[0].child;
  const s = book.searchAt(i);
  return `search depth ${s.depth}, ${s.nodes} nodes${plies > 0 ? `, ${plies} plies down` : ''}`;
}

function probeCommand(): Command {
  return new Command('probe')
    .description('print the book moves of a position: score, plies of book below, the search that scored it')
    .addOption(variantOption())
    .option('-f, --fen <fen>', 'PDN FEN of the position (default: the starting position)')
    .option('-m, --moves <moves>', 'moves played from that position first')
    .option('-b, --book <file>', 'the book (default: the shipped one)')
    .action(guarded((o: { variant: string; fen?: string; moves?: string; book?: string }) => {
      const variant = resolveVariant(o.variant);
      const book = loadBook(o.book ?? shippedBookPath(variant.name), variant.name);
      let pos = positionFromFen(variant, o.fen);
      for (const text of (o.moves ?? '').split(/\s+/).filter(Boolean)) pos = variant.play(pos, parseMove(variant, pos, text));
      const i = book.find(pos.keyLo, pos.keyHi);
      if (i < 0) { process.stdout.write('not in the book\n'); process.exitCode = 1; return; }
      if (!book.expanded(i)) {
        const s = book.searchAt(i);
        process.stdout.write(`a leaf of the book: ${s.move ? pdn(variant, pos, s.move) : 'no move'} score ${formatScore(s.score)} (search depth ${s.depth}, ${s.nodes} nodes)\n`);
        return;
      }
      process.stdout.write(`${book.movesAt(i).length} moves, book score ${formatScore(book.value(i))}\n`);
      for (const m of book.movesAt(i)) {
        process.stdout.write(`${pdn(variant, pos, m.move).padEnd(10)} score ${formatScore(-book.value(m.child)).padStart(6)}  book ${String(book.height(m.child)).padStart(2)} plies below  (${scoredBy(book, m.child)})\n`);
      }
    }));
}

/** The positions no line from the start reaches, told apart when some were taught from games. */
function unreached(s: BookStats): string {
  if (s.fromGames === 0) return `${s.unreachable} not reached from the start`;
  return `${s.unreachable} not reached from the start: ${s.fromGames} of played games taught with --games or below them, ${s.unreachable - s.fromGames} of an expansion a build stopped in`;
}

function statsCommand(): Command {
  return new Command('stats')
    .description('print what a book holds: positions, leaves, depth distribution, the main line')
    .argument('<file>', 'the book')
    .action(guarded((file: string) => {
      const t0 = performance.now();
      const book = loadBook(file);
      const loadMs = performance.now() - t0;
      const variant = resolveVariant(book.variant);
      const s = bookStats(variant, book);
      const p = buildParams(book);
      const out = (line: string) => process.stdout.write(`${line}\n`);
      out(`${file}: ${variant.name} book, ${s.positions} positions (${s.expanded} expanded, ${s.leaves} leaves, ${unreached(s)}), ${s.moves} moves, ${s.transpositions} positions reached by more than one move`);
      out(`loaded in ${loadMs.toFixed(1)} ms (${statSync(file).size} bytes)`);
      const each = Object.entries(p.byLimits);
      const searches = each.length <= 1 ? `${JSON.stringify(p.limits)} each` : each.map(([limits, n]) => `${n} of ${limits}`).join(', ');
      const again = p.researched > 0 ? ` (${p.researched} of them leaves searched again, deeper)` : '';
      out(`built: ${p.searches} leaf searches${again}, ${searches}, weight ${p.weight}, ${p.seconds} s`);
      out(`leaf searches reached depth ${s.searchDepth.min} to ${s.searchDepth.max}, median ${s.searchDepth.median}`);
      out(`positions by plies from the start: ${s.positionsAtPly.map((n, ply) => `${ply}:${n}`).join(' ')}`);
      out(`main line (${s.mainLine.moves.length} plies, score ${formatScore(s.mainLine.score)}): ${s.mainLine.moves.join(' ')}`);
      if (s.openingDepths.length > 0) {
        const d = [...s.openingDepths].sort((a, b) => a - b);
        const counts = new Map<number, number>();
        for (const x of d) counts.set(x, (counts.get(x) ?? 0) + 1);
        out(`${openingsLabel(variant)}: ${d.length}, plies of book below each along its best line: min ${d[0]}, median ${d[d.length >> 1]}, max ${d[d.length - 1]} (${[...counts].map(([k, v]) => `${k}:${v}`).join(' ')})`);
      }
    }));
}

export function bookCommand(): Command {
  const book = new Command('book').description('opening books: build one, probe a position, print what one holds');
  for (const c of [buildCommand(), probeCommand(), statsCommand()]) book.addCommand(c.exitOverride().showHelpAfterError());
  return book;
}
