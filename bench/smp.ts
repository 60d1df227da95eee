// Parallel search figures (issue 12), medians of several runs on a shared, noisy machine:
// - time to reach a fixed depth on the bench positions with 1 and with 2 threads (wall time
//   on the worker engine, each position from an empty table);
// - whether this machine really gives us two cores: the nodes a second of one single-thread
//   search alone, and of each of two single-thread searches running at once. If two at once
//   are much slower than one alone, the cores are shared and a 2-threads result means less.
//
// - with --move-time S instead: the depth and nodes each thread count reaches in S seconds a
//   position (what a fixed-time game gets), means over the positions and runs.
//
// - with --game-depth D instead: time to depth D move by move through whole games, as a match
//   searches them (one engine a side, the table warm from the side's previous searches). The
//   bench positions are each searched from an empty table, which overstates what a second
//   thread gives in play: in a game most of every iteration but the last is in the table.
//   One thread plays the games from the shipped openings (--games N, --plies P after the
//   opening); the positions are then searched again with 1 and with 2 threads, R runs each.
//
// - with --agree D instead: how often a search of --times S1,S2 seconds with --threads 1,2 picks
//   the move that a search to depth D picks, through whole games with warm tables (positions
//   with a single legal move left out). Paired (the same positions for every setting) and
//   cheaper than a match, though a time-limited search varies from run to run: compare means
//   of several runs. Twice the time is the yardstick. --oracle-file F keeps the games and the
//   deep search's moves (minutes of work) for the next runs.
//
// node dist/smp.js [--variant english|international] [--depth N] [--runs R] [--move-time S]
// node dist/smp.js --variant english --game-depth 15 [--games 8] [--plies 40] [--runs 3]
// node dist/smp.js --variant english --agree 19 [--games 24] [--times 0.1,0.2] [--threads 1,2] [--oracle-file F]

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Limits } from '../src/search/types.ts';
import { WorkerEngine } from '../src/engine/worker-engine.ts';
import type { Game } from '../src/game/game.ts';
import { type Opening, defaultOpenings, openingGame } from '../src/match/openings.ts';
import type { Move } from '../src/rules/move.ts';
import type { Variant } from '../src/rules/variant.ts';
import { getVariant } from '../src/rules/variants.ts';
import { BENCH_DEPTH, type BenchPosition, type BenchResult, readBenchPositions, runEngineBench } from '../src/tools/search-bench.ts';
import { arg, checkArgs } from './args.ts';
import { median } from './median.ts';

checkArgs('smp', ['variant', 'depth', 'runs', 'move-time', 'game-depth', 'games', 'plies', 'agree', 'times', 'threads', 'oracle-file'], 'node dist/smp.js [--variant english|international] [--depth N] [--runs R] [--move-time S]\n  | --variant english --game-depth 15 [--games 8] [--plies 40] [--runs 3]\n  | --variant english --agree 19 [--games 24] [--times 0.1,0.2] [--threads 1,2] [--oracle-file F]');

const RUNS = Number(arg('runs', '3'));

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

const nps = (r: BenchResult) => (r.ms > 0 ? (r.nodes / r.ms) * 1000 : 0);

/** Mean depth and nodes of `threads` workers searching each position for `seconds`, from an empty table. */
async function timedSearches(variant: Variant, positions: BenchPosition[], threads: number, seconds: number): Promise<{ depth: number; nodes: number }> {
  let depth = 0;
  const r = await runEngineBench(variant, { moveTime: seconds }, positions, threads, (_i, _id, _nodes, _ms, d) => { depth += d; });
  return { depth: depth / positions.length, nodes: r.nodes / positions.length };
}

/** `games` openings spread over the shipped ones, the same every run. */
function spreadOpenings(variant: Variant, games: number): Opening[] {
  const openings = defaultOpenings(variant);
  return Array.from({ length: games }, (_, g) => openings[Math.floor((g * openings.length) / games)]);
}

/**
 * Plays `plies` moves after the opening with two engines of `threads` (one a side) searching
 * to `limits`, or replays `moves` when given. Returns the milliseconds and nodes of all the
 * searches, the moves played, and the move each search chose (null where only one was legal).
 */
async function playGame(variant: Variant, game: Game, threads: number, limits: Limits, plies: number, moves?: Move[]): Promise<{ ms: number; nodes: number; moves: Move[]; chosen: (Move | null)[] }> {
  const engines = [new WorkerEngine(64, threads), new WorkerEngine(64, threads)];
  let ms = 0, nodes = 0;
  const played: Move[] = [], chosen: (Move | null)[] = [];
  try {
    await Promise.all(engines.map((e) => e.start(variant)));
    for (let ply = 0; ply < (moves ? moves.length : plies) && game.status().result === '*'; ply++) {
      const engine = engines[game.position.side];
      const t0 = performance.now();
      const r = await engine.search({ variant, root: game.position, history: game.historyKeys(), counters: game.drawCounters, limits });
      ms += performance.now() - t0;
      nodes += r.nodes;
      chosen.push(game.legalMoves().length > 1 ? r.move : null);
      const move = moves ? moves[ply] : r.move!;
      played.push(move);
      game.play(move);
    }
  } finally {
    await Promise.all(engines.map((e) => e.close()));
  }
  return { ms, nodes, moves: played, chosen };
}

/** The moves of one game from each opening, played by one thread a side at `depth`: the positions the measures replay. */
async function playLines(variant: Variant, openings: Opening[], depth: number, plies: number): Promise<Move[][]> {
  const lines: Move[][] = [];
  for (const [g, opening] of openings.entries()) {
    progress(`${variant.name}: playing game ${g + 1}/${openings.length} at depth ${depth}`);
    lines.push((await playGame(variant, openingGame(variant, opening), 1, { depth }, plies)).moves);
  }
  return lines;
}

async function gameDepth(variant: Variant, depth: number): Promise<void> {
  const games = Number(arg('games', '8')), plies = Number(arg('plies', '40'));
  const chosen = spreadOpenings(variant, games);
  const lines = await playLines(variant, chosen, depth, plies);
  const searches = lines.reduce((a, l) => a + l.length, 0);
  const times: Record<number, number[]> = { 1: [], 2: [] }, counts: Record<number, number[]> = { 1: [], 2: [] };
  for (let run = 1; run <= RUNS; run++) {
    for (const threads of [1, 2]) {
      let ms = 0, nodes = 0;
      for (const [g, opening] of chosen.entries()) {
        progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s), game ${g + 1}/${games}`);
        const r = await playGame(variant, openingGame(variant, opening), threads, { depth }, plies, lines[g]);
        ms += r.ms;
        nodes += r.nodes;
      }
      times[threads].push(ms);
      counts[threads].push(nodes);
    }
  }
  progress('');
  const t1 = median(times[1]), t2 = median(times[2]);
  console.log(`${variant.name}: ${searches} searches of ${games} games to depth ${depth}, tables warm, median of ${RUNS}: ` +
    `1 thread ${(t1 / searches).toFixed(1)} ms a move, 2 threads ${(t2 / searches).toFixed(1)} ms, speed-up ${(t1 / t2).toFixed(2)}, ` +
    `nodes ${(median(counts[2]) / median(counts[1])).toFixed(2)}x`);
}

/**
 * How often a search at each of `times` (seconds, with 1 and 2 threads) picks the move that a
 * deep search (--agree D, 2 threads) picks, move by move through whole games with warm tables.
 * A paired, cheaper measure of strength than a match: the same positions for every setting.
 */
async function agreement(variant: Variant, oracleDepth: number, times: number[]): Promise<void> {
  const games = Number(arg('games', '24')), plies = Number(arg('plies', '40'));
  const chosen = spreadOpenings(variant, games);
  const text = (m: Move | null) => (m === null ? '-' : `${m.from}-${m.to}x${m.captured.join(',')}`);
  const file = arg('oracle-file', '');
  const setting = { variant: variant.name, games, plies, depth: oracleDepth };
  let lines: Move[][] = [], oracle: string[][] = [];
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    if (JSON.stringify(saved.setting) !== JSON.stringify(setting)) {
      console.error(`smp: ${file} holds ${JSON.stringify(saved.setting)}, not ${JSON.stringify(setting)}: give another --oracle-file`);
      process.exit(2);
    }
    ({ lines, oracle } = saved);
  } else {
    lines = await playLines(variant, chosen, 11, plies);
    for (const [g, opening] of chosen.entries()) {
      progress(`${variant.name}: oracle at depth ${oracleDepth}, game ${g + 1}/${games}`);
      oracle.push((await playGame(variant, openingGame(variant, opening), 2, { depth: oracleDepth }, plies, lines[g])).chosen.map(text));
    }
    if (file) writeFileSync(file, JSON.stringify({ setting, lines, oracle }));
  }
  const threadCounts = arg('threads', '1,2').split(',').map(Number);
  const shares = new Map<string, number[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const seconds of times) {
      for (const threads of threadCounts) {
        let agree = 0, total = 0;
        for (const [g, opening] of chosen.entries()) {
          progress(`${variant.name} run ${run}: ${threads} thread(s) at ${seconds} s, game ${g + 1}/${games}`);
          const r = await playGame(variant, openingGame(variant, opening), threads, { moveTime: seconds }, plies, lines[g]);
          r.chosen.forEach((m, i) => {
            if (m === null) return;
            total++;
            if (text(m) === oracle[g][i]) agree++;
          });
        }
        progress('');
        const key = `${threads} thread(s) at ${seconds} s`;
        shares.set(key, [...(shares.get(key) ?? []), (100 * agree) / total]);
        console.log(`${variant.name} run ${run}: ${key}: ${agree}/${total} moves as at depth ${oracleDepth} (${((100 * agree) / total).toFixed(1)}%)`);
      }
    }
  }
  for (const [key, values] of shares) {
    const mean = values.reduce((a, v) => a + v, 0) / values.length;
    console.log(`${variant.name}: ${key}, mean of ${values.length} run(s): ${mean.toFixed(1)}% as at depth ${oracleDepth} (runs ${values.map((v) => v.toFixed(1)).join(', ')})`);
  }
}

const moveTime = Number(arg('move-time', '0'));
const agreeDepth = Number(arg('agree', '0'));
const gameDepthArg = Number(arg('game-depth', '0'));
const variants = arg('variant', '') ? [getVariant(arg('variant', ''))] : [getVariant('english'), getVariant('international')];
for (const variant of variants) {
  const depth = Number(arg('depth', String(BENCH_DEPTH[variant.name])));
  if (agreeDepth > 0) {
    await agreement(variant, agreeDepth, arg('times', '0.1,0.2').split(',').map(Number));
    continue;
  }
  if (gameDepthArg > 0) {
    await gameDepth(variant, gameDepthArg);
    continue;
  }
  const positions = readBenchPositions(variant);
  if (moveTime > 0) {
    for (const threads of [1, 2]) {
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s), ${moveTime} s a position`);
        runs.push(await timedSearches(variant, positions, threads, moveTime));
      }
      progress('');
      const depth = runs.reduce((a, r) => a + r.depth, 0) / runs.length, nodes = runs.reduce((a, r) => a + r.nodes, 0) / runs.length;
      console.log(`${variant.name}: ${positions.length} positions at ${moveTime} s, ${threads} thread(s), mean of ${RUNS} runs: depth ${depth.toFixed(2)}, nodes ${Math.round(nodes)}`);
    }
    continue;
  }
  const times: Record<number, number[]> = { 1: [], 2: [] };
  const alone: number[] = [], together: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const threads of [1, 2]) {
      progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s)`);
      times[threads].push((await runEngineBench(variant, { depth }, positions, threads)).ms);
    }
    progress(`${variant.name} run ${run}/${RUNS}: one single-thread search alone, then two at once`);
    alone.push(nps(await runEngineBench(variant, { depth }, positions, 1)));
    const pair = await Promise.all([runEngineBench(variant, { depth }, positions, 1), runEngineBench(variant, { depth }, positions, 1)]);
    together.push(...pair.map(nps));
  }
  progress('');
  const t1 = median(times[1]), t2 = median(times[2]);
  console.log(`${variant.name}: ${positions.length} positions to depth ${depth}, median of ${RUNS}: 1 thread ${(t1 / 1000).toFixed(2)} s, 2 threads ${(t2 / 1000).toFixed(2)} s, speed-up ${(t1 / t2).toFixed(2)}`);
  console.log(`${variant.name}: single-thread nps, median of ${RUNS}: alone ${Math.round(median(alone))}, two at once ${Math.round(median(together))} each (${((median(together) / median(alone)) * 100).toFixed(0)}% of alone)`);
}
