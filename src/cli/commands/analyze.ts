import { parseEvalKind } from '../../eval/position-evaluator.ts';
import { readWeightsFile } from '../../eval/read-weights.ts';
import { Command } from 'commander';
import { Game } from '../../game/game.ts';
import { formatMove, parseMove } from '../../notation/move-text.ts';
import type { Limits } from '../../search/types.ts';
import { defaultLookupText } from '../../egdb/table-dirs.ts';
import { WorkerEngine } from '../../engine/worker-engine.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { positionFromFen } from '../position-option.ts';
import { formatInfo } from '../search-output.ts';
import { parseSearchThreads, searchThreadsOption } from '../threads-option.ts';
import { formatScore } from '../../search/score-text.ts';
import { resolveVariant, variantOption } from '../variant-option.ts';
import { type BookOptionValues, addBookOptions, bookSettings, commandLineBook } from '../book-options.ts';

interface AnalyzeOptions extends BookOptionValues { variant: string; fen?: string; moves?: string; depth?: string; time?: string; nodes?: string; ttSize: string; eval: string; weights?: string; egdbPath?: string; threads: string }

export function analyzeCommand(): Command {
  // Analysis searches, as the Hub's go analyze does; --book asks the book first, as the engine does in a game.
  return addBookOptions(new Command('analyze'), false)
    .description('search a position and print each iteration and the best move')
    .addOption(variantOption())
    .option('-f, --fen <fen>', 'PDN FEN of the position (default: the starting position)')
    .option('-m, --moves <moves>', 'moves played from that position first, e.g. "32-28 19-23"')
    .option('-d, --depth <n>', 'search to this depth')
    .option('-t, --time <seconds>', 'search for this long')
    .option('-n, --nodes <n>', 'search about this many nodes')
    .option('--tt-size <mb>', 'transposition table size in MB', '64')
    .option('--eval <kind>', 'evaluation: learned (the network where one ships, else the patterns), pattern, network or classic (hand-set)', 'learned')
    .option('--weights <file>', 'weights file for the learned evaluation, as "damka train fit" or "fit-network" writes (default: the shipped one)')
    .option('--egdb-path <dir>', `endgame table directory, or "none" (default: ${defaultLookupText()})`)
    .addOption(searchThreadsOption())
    .action(guarded(async (opts: AnalyzeOptions) => {
      const variant = resolveVariant(opts.variant);
      const game = new Game(variant, positionFromFen(variant, opts.fen));
      const moves = opts.moves?.trim() ? opts.moves.trim().split(/[\s,]+/) : [];
      moves.forEach((text, i) => {
        try {
          game.play(parseMove(variant, game.position, text));
        } catch (err) {
          throw new UsageError(`--moves: move ${i + 1} (${text}): ${err instanceof Error ? err.message : String(err)}`);
        }
      });
      const status = game.status();
      if (status.result !== '*') throw new UsageError(`the game is over: ${status.result} (${status.reason})`);
      const limits: Limits = {};
      if (opts.depth !== undefined) limits.depth = parseIntOption('depth', opts.depth, 1, 100);
      if (opts.nodes !== undefined) limits.nodes = parseIntOption('nodes', opts.nodes, 1, Number.MAX_SAFE_INTEGER);
      if (opts.time !== undefined) {
        const t = Number(opts.time);
        if (!Number.isFinite(t) || t <= 0) throw new UsageError(`--time must be a positive number of seconds, got "${opts.time}"`);
        limits.moveTime = t;
      }
      if (limits.depth === undefined && limits.nodes === undefined && limits.moveTime === undefined) {
        throw new UsageError('give a limit: --depth N, --time SECONDS or --nodes N');
      }
      const book = commandLineBook(bookSettings(opts, false)).choose(variant, game.position, game.ply);
      if (book) {
        let pos = game.position;
        const line = book.line.map((m) => {
          const text = formatMove(variant, m, variant.legalMoves(pos));
          pos = variant.play(pos, m);
          return text;
        }).join(' ');
        process.stdout.write(`book line ${line}\nbest move ${formatMove(variant, book.move, game.legalMoves(), 'pdn')} score ${formatScore(book.score)} book depth ${book.depth}\n`);
        return;
      }
      const engine = new WorkerEngine(parseIntOption('tt-size', opts.ttSize, 1, 4096), parseSearchThreads(opts.threads));
      // Read here too, so that a bad file is refused with its reason before any worker starts.
      if (opts.weights !== undefined) readWeightsFile(opts.weights, variant);
      engine.setEvaluation(parseEvalKind(opts.eval), opts.weights);
      const egdbPath = opts.egdbPath === 'none' ? null : opts.egdbPath;
      engine.setEndgameTables(egdbPath);
      let result;
      try {
        // Workers warmed up and small table sets read before the clock starts.
        await engine.start(variant);
        result = await engine.search(
          { variant, root: game.position, history: game.historyKeys(), counters: game.drawCounters, limits, analyze: true, egdbPath },
          (info) => process.stdout.write(`${formatInfo(variant, info)}\n`),
        );
      } finally {
        await engine.close();
      }
      if (!result.move) throw new UsageError('the position has no legal move');
      const legal = game.legalMoves();
      const ponder = result.ponder ? ` ponder ${formatMove(variant, result.ponder, [], 'pdn')}` : '';
      process.stdout.write(`best move ${formatMove(variant, result.move, legal, 'pdn')}${ponder} score ${formatScore(result.score)} depth ${result.depth}\n`);
    }));
}
