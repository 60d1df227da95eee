import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import type { Limits } from '../../search/types.ts';
import { formatMove, parseMove } from '../../notation/move-text.ts';
import { parseFen } from '../../notation/fen.ts';
import { readSuite, runSuite } from '../../tools/suite.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { Progress } from '../progress.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';

export function suiteCommand(): Command {
  return new Command('suite')
    .description('search every position of a test suite and count the solved ones')
    .argument('<file>', 'suite file (format: bench/suites/README.md)')
    .addOption(variantOption())
    .option('-t, --time <seconds>', 'search time a position')
    .option('-d, --depth <n>', 'search depth a position')
    .option('--threads <n>', 'positions searched at once (worker threads)', String(Math.max(1, Math.min(2, availableParallelism()))))
    .option('--min <n>', 'exit with code 1 when fewer positions are solved')
    .action(guarded(async (file: string, o: { variant: string; time?: string; depth?: string; threads: string; min?: string }) => {
      const variant = resolveVariant(o.variant);
      const limits: Limits = {};
      if (o.depth !== undefined) limits.depth = parseIntOption('depth', o.depth, 1, 100);
      if (o.time !== undefined) {
        const t = Number(o.time);
        if (!(t > 0)) throw new UsageError(`--time must be a positive number of seconds, got "${o.time}"`);
        limits.moveTime = t;
      }
      if (limits.depth === undefined && limits.moveTime === undefined) throw new UsageError('give --time SECONDS or --depth N');
      const min = o.min === undefined ? 0 : parseIntOption('min', o.min, 0, 1_000_000);
      const positions = readSuite(variant, file);
      const progress = new Progress();
      const t0 = performance.now();
      const results = await runSuite(variant, positions, limits, parseIntOption('threads', o.threads, 1, 64), (r, done) => {
        progress.update(`${done}/${positions.length} ${r.position.id}`);
      });
      progress.done();
      let solved = 0;
      for (const r of results) {
        const p = r.position;
        const pos = variant.fromBoard(parseFen(variant, p.fen));
        const legal = variant.legalMoves(pos);
        const pdn = (long: string) => formatMove(variant, parseMove(variant, pos, long), legal, 'pdn');
        const expected = `${p.kind === 'best' ? 'best' : 'avoid'} ${p.moves.map(pdn).join(',')}`;
        const found = r.move ? pdn(r.move) : '-';
        if (r.solved) solved++;
        const when = r.solved ? `depth ${r.solvedDepth} at ${((r.solvedMs ?? 0) / 1000).toFixed(2)} s` : `searched to depth ${r.depth}`;
        process.stdout.write(`${r.solved ? 'solved' : 'FAILED'}  ${p.id.padEnd(14)} ${expected.padEnd(20)} found ${found.padEnd(9)} ${when}\n`);
      }
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(`solved ${solved} of ${results.length} in ${seconds.toFixed(1)} s\n`);
      if (solved < min) process.exitCode = 1;
    }));
}
