// The search benchmark: fixed-depth searches of a fixed list of positions (bench/positions),
// each from an empty table, so that the node total is a signature of the build: the same
// code gives the same number on any machine, and a change in it shows a change in search.

import type { LearnedWeights } from '../eval/learned-weights.ts';
import { createEvaluator } from '../eval/evaluators.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { readFileSync } from 'node:fs';
import { parseFen } from '../notation/fen.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { VARIANTS } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import type { Limits } from '../search/types.ts';
import { WorkerEngine } from '../engine/worker-engine.ts';
import { packageFile } from './dist-path.ts';

export interface BenchPosition {
  id: string;
  fen: string;
  position: Position;
}

/** Default depths: a few seconds a variant on this project's 2-core machine. */
export const BENCH_DEPTH: Record<string, number> = { english: 13, international: 11, brazilian: 10, russian: 10, turkish: 6, lasca: 12, canadian: 7 };

/** The games with a bench position list, in registry order. */
export function benchVariants(): Variant[] {
  return VARIANTS.filter((v) => BENCH_DEPTH[v.name] !== undefined);
}
const BENCH_TT_MB = 16;

/** Reads `FEN ; id ; description` lines; `#` starts a comment. */
export function readBenchPositions(variant: Variant, file = packageFile(`bench/positions/${variant.name}.txt`)): BenchPosition[] {
  const out: BenchPosition[] = [];
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const [fen, id] = line.split(';').map((f) => f.trim());
    try {
      out.push({ id: id || `line ${i + 1}`, fen, position: variant.fromBoard(parseFen(variant, fen)) });
    } catch (err) {
      throw new Error(`${file}:${i + 1}: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return out;
}

export interface BenchResult {
  positions: number;
  nodes: number;
  ms: number;
}

export function runSearchBench(
  variant: Variant, depth: number, positions: BenchPosition[],
  onPosition?: (index: number, id: string, nodes: number, ms: number) => void,
  evalKind?: EvalKind,
  weights?: LearnedWeights,
): BenchResult {
  const searcher = new Searcher(variant, BENCH_TT_MB, {}, createEvaluator(variant, { kind: evalKind, weights }));
  let nodes = 0, ms = 0;
  positions.forEach((p, i) => {
    searcher.clear();
    const r = searcher.search(p.position, { limits: { depth }, analyze: true });
    nodes += r.nodes;
    ms += r.timeMs;
    onPosition?.(i, p.id, r.nodes, r.timeMs);
  });
  return { positions: positions.length, nodes, ms };
}

/**
 * The same searches on the worker engine with `threads` workers each (parallel search): time
 * is wall time from the request to the answer. With one thread the node total is the
 * signature above; with more, workers race each other and the total varies from run to run.
 */
export async function runEngineBench(
  variant: Variant, limits: Limits, positions: BenchPosition[], threads: number,
  onPosition?: (index: number, id: string, nodes: number, ms: number, depth: number) => void,
  evalKind?: EvalKind,
  weightsPath?: string,
): Promise<BenchResult> {
  const engine = new WorkerEngine(BENCH_TT_MB, threads);
  if (evalKind || weightsPath) engine.setEvaluation(evalKind ?? 'learned', weightsPath);
  // Without endgame tables, as the one-thread bench: the node count is a signature of the
  // build, not of the tables a machine happens to have (shipped or in its cache).
  engine.setEndgameTables(null);
  let nodes = 0, ms = 0;
  try {
    await engine.start(variant);
    for (const [i, p] of positions.entries()) {
      engine.newGame();
      const t0 = performance.now();
      const r = await engine.search({ variant, root: p.position, history: { lo: new Int32Array([p.position.keyLo]), hi: new Int32Array([p.position.keyHi]) }, limits, analyze: true, egdbPath: null });
      const elapsed = performance.now() - t0;
      nodes += r.nodes;
      ms += elapsed;
      onPosition?.(i, p.id, r.nodes, elapsed, r.depth);
    }
  } finally {
    await engine.close();
  }
  return { positions: positions.length, nodes, ms: Math.round(ms) };
}
