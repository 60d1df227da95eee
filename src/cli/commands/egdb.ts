// damka egdb build|probe|check: endgame tables made by retrograde analysis (src/egdb/).

import { setPriority, totalmem } from 'node:os';
import { Command, Option } from 'commander';
import { type Balance, balanceName, balancesUpTo, defaultPieces, parseBalanceName, pieces as pieceCount } from '../../egdb/balance.ts';
import { buildTables, largestPair } from '../../egdb/build.ts';
import { DISTANCE_SATURATED } from '../../egdb/generate.ts';
import { adoptBuildLock, takeBuildLock } from '../../egdb/build-lock.ts';
import { defaultTableDir } from '../../egdb/cache-dir.ts';
import { defaultLookupText, defaultTableDirs, shippedTableDir } from '../../egdb/table-dirs.ts';
import { balanceOf } from '../../egdb/orient.ts';
import { EndgameTables, tablesPossible } from '../../egdb/tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN, valueName } from '../../egdb/values.ts';
import { checkTable } from '../../egdb/verify.ts';
import { formatMove } from '../../notation/move-text.ts';
import type { Variant } from '../../rules/variant.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { positionFromFen } from '../position-option.ts';
import { Progress } from '../progress.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';

const dirOption = () => new Option('--dir <dir>', `table directory (default: ${defaultLookupText()})`);
const buildDirOption = () => new Option('--dir <dir>', `table directory to write (default: ${defaultTableDir()})`);
const piecesOption = () => new Option('-p, --pieces <n>', 'most pieces on the board (default: English 5, International 4)');

const MAX_PIECES = 8;

function piecesFor(variant: Variant, text: string | undefined): number {
  return text === undefined ? defaultPieces(variant.geometry.squares) : parseIntOption('pieces', text, 2, MAX_PIECES);
}

const mb = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(2)} MB`);
const bytesText = (bytes: number) => (bytes < 1e9 ? mb(bytes) : `${(bytes / 1e9).toFixed(1)} GB`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** Processor time since `start` (this process): on a shared machine the wall time says little. */
const cpuMs = (start: NodeJS.CpuUsage) => { const u = process.cpuUsage(start); return (u.user + u.system) / 1000; };
const percent = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

interface BuildOpts { variant: string; pieces?: string; dir?: string; distances?: boolean; lockHeld?: boolean }

function buildCommand(): Command {
  return new Command('build')
    .description('solve every balance up to N pieces, smallest first, and write the tables and their distance files')
    .addOption(variantOption())
    .addOption(piecesOption())
    .addOption(buildDirOption())
    .option('--distances', 'write only the distance files where the tables are already in --dir or shipped with the package (each checked against a fresh solve)')
    // The engine's background build (build-on-demand.ts): it took the lock and handed it over.
    .addOption(new Option('--lock-held').hideHelp())
    .action(guarded((opts: BuildOpts) => {
      const variant = resolveVariant(opts.variant);
      if (!tablesPossible(variant)) throw new UsageError(`there are no endgame tables for ${variant.name}`);
      const pieces = piecesFor(variant, opts.pieces);
      const dir = opts.dir ?? defaultTableDir();
      const balances = balancesUpTo(pieces);
      // Refused before hours of work rather than failing at the largest balance.
      const largest = largestPair(variant, balances);
      if (largest.bytes > totalmem()) {
        throw new UsageError(`${pieces} pieces needs about ${bytesText(largest.bytes)} of memory to solve ${balanceName(largest.balance)} and its mirror; this machine has ${bytesText(totalmem())}`);
      }
      const lock = opts.lockHeld ? adoptBuildLock(dir, variant.name) : takeBuildLock(dir, variant.name);
      if (!('file' in lock)) throw new UsageError(`another build is writing ${variant.name} tables in ${dir} (process ${lock.heldBy}); let it finish or stop it`);
      if (opts.lockHeld) {
        try { setPriority(19); } catch { /* the lowest priority is a courtesy to the engine that asked */ }
      }
      try {
        const shipped = shippedTableDir();
        const what = opts.distances ? 'distance files' : 'tables';
        process.stdout.write(`building ${variant.name} ${what} up to ${pieces} pieces in ${dir}${opts.distances && shipped ? ` (tables also from ${shipped})` : ''} (largest pair ${balanceName(largest.balance)}: ${largest.positions} positions, about ${bytesText(largest.bytes)} of memory)\n`);
        build(variant, balances, dir, opts.distances && shipped ? [shipped] : []);
      } finally {
        lock.release();
      }
    }));
}

function build(variant: Variant, balances: Balance[], dir: string, tablesAlsoIn: string[]): void {
  const out = process.stdout;
  const progress = new Progress();
  let current = '';
  const start = performance.now(), cpuStart = process.cpuUsage();
  let positions = 0, bytes = 0, distanceBytes = 0;
  let longest: { name: string; distance: number } = { name: '', distance: 0 };
  const reports = buildTables(variant, balances, dir, {
    onStart: (pair) => { current = pair.map(balanceName).join(' + '); progress.update(`solving ${current}...`); },
    onProgress: (f) => progress.update(`solving ${current}... ${(100 * f).toFixed(0)}%`),
    onBalance: (r) => {
      progress.done();
      positions += r.positions;
      bytes += r.bytes;
      distanceBytes += r.distanceBytes;
      if (r.maxDistance > longest.distance) longest = { name: balanceName(r.balance), distance: r.maxDistance };
      const time = r.kept ? 'kept (already built)' : `${seconds(r.ms)}, ${seconds(r.cpuMs)} CPU (with its mirror)`;
      out.write(`${balanceName(r.balance).padEnd(12)} ${String(r.positions).padStart(11)} positions  win ${percent(r.wins, r.positions).padStart(6)}  draw ${percent(r.draws, r.positions).padStart(6)}  loss ${percent(r.losses, r.positions).padStart(6)}  ${mb(r.bytes).padStart(9)}  dtc <= ${String(r.maxDistance).padStart(3)} ${mb(r.distanceBytes).padStart(9)}  ${time}\n`);
    },
  }, { tablesAlsoIn });
  const kept = reports.filter((r) => r.kept).length;
  out.write(`${reports.length} tables${kept ? ` (${kept} kept)` : ''}, ${positions} positions, ${mb(bytes)} and ${mb(distanceBytes)} of distances, ${seconds(performance.now() - start)}, ${seconds(cpuMs(cpuStart))} CPU\n`);
  out.write(`longest distance to conversion: ${longest.distance} plies${longest.name ? ` (${longest.name})` : ''}${longest.distance >= DISTANCE_SATURATED ? ' or more' : ''}\n`);
}

function probeCommand(): Command {
  return new Command('probe')
    .description('print the table value of a position (and of each legal move)')
    .addOption(variantOption())
    .requiredOption('-f, --fen <fen>', 'the position, PDN FEN')
    .addOption(dirOption())
    .action(guarded((opts: { variant: string; fen: string; dir?: string }) => {
      const variant = resolveVariant(opts.variant);
      const pos = positionFromFen(variant, opts.fen);
      const problems: string[] = [];
      const tables = new EndgameTables(variant, opts.dir ?? defaultTableDirs(), (m) => problems.push(m));
      const value = tables.probe(pos);
      if (value === UNKNOWN) {
        const b = balanceOf(pos);
        const why = problems[0] ?? (tables.maxPieces === 0
          ? `no ${variant.name} tables in ${tables.dirs.join(' or ')} (run damka egdb build)`
          : `${balanceName(b)} is not in the tables (up to ${tables.maxPieces} pieces)`);
        throw new UsageError(why);
      }
      const out = process.stdout;
      const distance = (v: number, d: number) => (v === WIN || v === LOSS ? (d < 0 ? ' (no distance)' : `, converts in ${d >= DISTANCE_SATURATED ? `${d} or more` : d} ${d === 1 ? 'ply' : 'plies'}`) : '');
      out.write(`${balanceName(balanceOf(pos))} ${pos.side === 0 ? 'white' : 'black'} to move: ${valueName(value)}${distance(value, tables.distance(pos))}\n`);
      const moves = variant.legalMoves(pos);
      for (const move of moves) {
        const child = variant.play(pos, move);
        const after = tables.probe(child);
        // The value after the move is the opponent's: a loss for them is a win for the mover.
        const forMover = after === UNKNOWN ? UNKNOWN : after === WIN ? LOSS : after === LOSS ? WIN : DRAW;
        // A capture or crowning converts at once; a quiet move adds its ply to what follows.
        const converts = move.captured.length > 0 || move.crowns;
        const d = converts ? 1 : tables.distance(child) < 0 ? -1 : 1 + tables.distance(child);
        out.write(`  ${formatMove(variant, move, moves, 'pdn').padEnd(10)} ${valueName(forMover)}${distance(forMover, d)}\n`);
      }
      // Which file answered: the lookup takes each balance from the first directory holding it.
      out.write(`table ${tables.fileOf(balanceOf(pos))}\n`);
      for (const p of problems) process.stderr.write(`damka: ${p}\n`);
    }));
}

function checkCommand(): Command {
  return new Command('check')
    .description('check every table against the moves of each position (win iff a move reaches a loss, loss iff every move reaches a win)')
    .addOption(variantOption())
    .addOption(piecesOption())
    .addOption(new Option('-b, --balance <names>', 'only these balances, comma-separated (KKM-K: two kings and a man to move against a king); --pieces is then ignored'))
    .addOption(dirOption())
    .action(guarded((opts: { variant: string; pieces?: string; balance?: string; dir?: string }) => {
      const variant = resolveVariant(opts.variant);
      const balances = opts.balance === undefined ? balancesUpTo(piecesFor(variant, opts.pieces)) : parseBalances(opts.balance);
      const problems: string[] = [];
      const tables = new EndgameTables(variant, opts.dir ?? defaultTableDirs(), (m) => problems.push(m));
      const out = process.stdout;
      const progress = new Progress();
      const start = performance.now(), cpuStart = process.cpuUsage();
      let errors = 0, positions = 0;
      for (const b of balances) {
        if (!tables.has(b)) throw new UsageError(problems.at(-1) ?? `no table for ${balanceName(b)}`);
        const t0 = performance.now(), cpu0 = process.cpuUsage();
        const r = checkTable(variant, tables, b, (f) => progress.update(`checking ${balanceName(b)}... ${(100 * f).toFixed(0)}%`));
        progress.done();
        errors += r.errorCount;
        positions += r.positions;
        out.write(`${balanceName(b).padEnd(12)} ${String(r.positions).padStart(11)} positions  ${r.errorCount === 0 ? 'consistent' : `${r.errorCount} INCONSISTENT`}${r.distances ? ' (with distances)' : ' (no distances)'}  ${seconds(performance.now() - t0)}, ${seconds(cpuMs(cpu0))} CPU\n`);
        for (const e of r.errors) out.write(`  ${e}\n`);
      }
      out.write(`${balances.length} tables, ${positions} positions, ${errors} inconsistent, ${seconds(performance.now() - start)}, ${seconds(cpuMs(cpuStart))} CPU\n`);
      if (errors > 0) process.exitCode = 1;
    }));
}

function parseBalances(text: string): Balance[] {
  return text.split(',').map((name) => {
    const b = parseBalanceName(name.trim());
    if (b === null || b.myMen + b.myKings === 0 || b.theirMen + b.theirKings === 0) {
      throw new UsageError(`--balance: '${name}' is not a balance (kings then men of the side to move, a dash, the same of the other side: KKM-K)`);
    }
    if (pieceCount(b) > MAX_PIECES) throw new UsageError(`--balance: ${name} has ${pieceCount(b)} pieces, tables have at most ${MAX_PIECES}`);
    return b;
  });
}

export function egdbCommand(): Command {
  const command = new Command('egdb').description('endgame tables: build, probe, check');
  for (const sub of [buildCommand(), probeCommand(), checkCommand()]) command.addCommand(sub.exitOverride().showHelpAfterError());
  return command;
}
