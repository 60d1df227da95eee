import { Command } from 'commander';
import { formatMove } from '../../notation/move-text.ts';
import { PerftPool } from '../../tools/perft-parallel.ts';
import { guarded, parseIntOption } from '../errors.ts';
import { positionFromFen } from '../position-option.ts';
import { Progress } from '../progress.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';

const mps = (leaves: number, ms: number) => (ms > 0 ? leaves / ms / 1000 : 0).toFixed(2);

export function perftCommand(): Command {
  return new Command('perft')
    .description('count the leaves of the legal-move tree (move generator check and speed test)')
    .addOption(variantOption())
    .option('-f, --fen <fen>', 'start from this PDN FEN (default: the starting position)')
    .requiredOption('-d, --depth <n>', 'depth in plies')
    .option('--divide', 'print the leaf count below each root move at the final depth')
    .option('-t, --threads <n>', 'worker threads', '1')
    .action(guarded(async (opts: { variant: string; fen?: string; depth: string; divide?: boolean; threads: string }) => {
      const variant = resolveVariant(opts.variant);
      const depth = parseIntOption('depth', opts.depth, 1, 40);
      const threads = parseIntOption('threads', opts.threads, 1, 64);
      const root = positionFromFen(variant, opts.fen);
      const out = process.stdout;
      out.write(`perft ${variant.name} ${opts.fen ?? variant.startFen} threads ${threads}\n`);
      const progress = new Progress();
      const pool = new PerftPool(threads);
      try {
        if (opts.divide) {
          const moves = variant.legalMoves(root);
          progress.update(`dividing depth ${depth}...`);
          const t0 = performance.now();
          const counts = await pool.divide(variant, root, depth);
          const ms = performance.now() - t0;
          progress.done();
          // legalMoves and generate list moves in the same order.
          counts.forEach((c, i) => out.write(`${formatMove(variant, moves[i], moves, 'pdn')} ${c}\n`));
          const total = counts.reduce((a, b) => a + b, 0);
          out.write(`moves ${counts.length} leaves ${total} time ${(ms / 1000).toFixed(3)}s ${mps(total, ms)} Mleaves/s\n`);
          return;
        }
        for (let d = 1; d <= depth; d++) {
          progress.update(`depth ${d}...`);
          const t0 = performance.now();
          const leaves = await pool.run(variant, root, d);
          const ms = performance.now() - t0;
          progress.done();
          out.write(`depth ${d} leaves ${leaves} time ${(ms / 1000).toFixed(3)}s ${mps(leaves, ms)} Mleaves/s\n`);
        }
      } finally {
        await pool.close();
      }
    }));
}
