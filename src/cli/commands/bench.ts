import { Command, Option } from 'commander';
import { getVariant } from '../../rules/variants.ts';
import { parseEvalKind } from '../../eval/position-evaluator.ts';
import { readWeightsFile } from '../../eval/read-weights.ts';
import { BENCH_DEPTH, benchVariants, readBenchPositions, runEngineBench, runSearchBench } from '../../tools/search-bench.ts';
import { variantHelp } from '../variant-option.ts';
import { guarded, parseIntOption } from '../errors.ts';
import { Progress } from '../progress.ts';
import { parseSearchThreads } from '../threads-option.ts';

export function benchCommand(): Command {
  return new Command('bench')
    .description('fixed-depth searches of the bench positions: total nodes (a signature of the build), time and nps')
    .addOption(new Option('-v, --variant <name>', `${variantHelp()} (default: every game)`))
    .option('-d, --depth <n>', `search depth (default: ${Object.entries(BENCH_DEPTH).map(([v, d]) => `${v} ${d}`).join(', ')})`)
    .option('--eval <kind>', 'evaluation: learned (the network where one ships, else the patterns), pattern, network or classic (hand-set)', 'learned')
    .option('--weights <file>', 'weights file for the learned evaluation, as "damka train fit" or "fit-network" writes (default: the shipped one; needs --variant)')
    .option('--threads <n>', 'search on the worker engine with this many workers a position (wall time; nodes vary above 1)')
    .action(guarded(async (opts: { variant?: string; depth?: string; eval: string; weights?: string; threads?: string }) => {
      const evalKind = parseEvalKind(opts.eval);
      const variants = opts.variant ? [getVariant(opts.variant)] : benchVariants();
      if (opts.weights !== undefined && !opts.variant) throw new Error('--weights is for one game: give --variant too');
      if (opts.weights !== undefined && evalKind === 'classic') throw new Error('--weights is for the learned evaluation, not --eval classic');
      // Read (and checked) before any search: a bad file is an error at once.
      const weights = opts.weights === undefined ? undefined : readWeightsFile(opts.weights, variants[0]);
      const threads = opts.threads === undefined ? undefined : parseSearchThreads(opts.threads);
      for (const variant of variants) {
        const depth = opts.depth ? parseIntOption('depth', opts.depth, 1, 60) : BENCH_DEPTH[variant.name];
        const positions = readBenchPositions(variant);
        const progress = new Progress();
        const onPosition = (i: number, id: string) => progress.update(`${variant.name} ${i + 1}/${positions.length} ${id}`);
        const r = threads === undefined
          ? runSearchBench(variant, depth, positions, onPosition, evalKind, weights)
          : await runEngineBench(variant, { depth }, positions, threads, onPosition, evalKind, opts.weights);
        progress.done();
        const nps = r.ms > 0 ? Math.round((r.nodes / r.ms) * 1000) : 0;
        const how = threads === undefined ? '' : `, threads ${threads}`;
        process.stdout.write(`${variant.name}: ${r.positions} positions, depth ${depth}${how}, nodes ${r.nodes}, time ${(r.ms / 1000).toFixed(2)} s, nps ${nps}\n`);
      }
    }));
}
