// damka train: the pipeline that makes the learned evaluation's weights (src/eval/weights/README.md).
//   damka train selfplay: self-play games on a worker pool -> a file of quiet positions with results
//   damka train import: the games of PDN files (matches against other engines) -> a data file like self-play's
//   damka train relabel: the positions of a data file searched again, deeper -> a data file with their scores
//   damka train table-results: the results of a data file's games corrected by the endgame tables
//   damka train fit: logistic regression of those results on the pattern features -> a weights file

import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { defaultWeights } from '../../eval/weights.ts';
import { MAX_PHASES, PatternFeatures } from '../../eval/pattern/features.ts';
import { readPatternWeightsFile } from '../../eval/read-weights.ts';
import { WEIGHT_UNITS, encodeWeights, quantize } from '../../eval/pattern/weights-file.ts';
import { parseEvalKind } from '../../eval/position-evaluator.ts';
import type { Variant } from '../../rules/variant.ts';
import { getVariant } from '../../rules/variants.ts';
import { buildDataset, fitTargets } from '../../train/dataset.ts';
import { fitWeights, spreadPhases } from '../../train/fit.ts';
import { TiedPatterns } from '../../train/tied-patterns.ts';
import { RECORD_INTS, concatRecords, everyNthGame, loadRecords, saveRecords } from '../../train/records.ts';
import { importPdn } from '../../train/pdn-import.ts';
import { relabel } from '../../train/relabel.ts';
import { tableResults } from '../../train/table-results.ts';
import { defaultLookupText, tableDirsOf } from '../../egdb/table-dirs.ts';
import { EndgameTables } from '../../egdb/tables.ts';
import { runSelfPlay } from '../../train/selfplay.ts';
import { runQueueSelfPlay } from '../../queue/queue-selfplay.ts';
import { openQueue, queueCheckOption, queueOption, runName, runOption } from '../queue-options.ts';
import { guarded, parseIntOption } from '../errors.ts';
import { fitNetworkCommand, joinNetworksCommand } from './train-network.ts';
import { parseResultWeight, readDataFiles, targetsLine } from './train-options.ts';
import { Progress } from '../progress.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The --variant of every subcommand: the games the learned evaluation ships weights for. */
const trainVariantOption = () => new Option('-v, --variant <name>', 'english or international').default('international');

/** The endgame tables of `dir`; throws, saying how to make them, when it has none. */
function tablesIn(variant: Variant, dirs: string | string[]): EndgameTables {
  const tables = new EndgameTables(variant, dirs);
  if (tables.maxPieces === 0) throw new Error(`no ${variant.name} endgame tables in ${tables.dirs.join(' or ')} (make them with "damka egdb build --variant ${variant.name}")`);
  return tables;
}

function selfplayCommand(): Command {
  return new Command('selfplay')
    .description('play self-play games and save their quiet positions with the results')
    .addOption(trainVariantOption())
    .requiredOption('-o, --out <file>', 'data file to write')
    .option('-g, --games <n>', 'games to play', '1000')
    .option('-n, --nodes <n>', 'nodes a move', '3000')
    .option('--random-plies <n>', 'random moves after the opening, for variety', '4')
    .option('--max-plies <n>', 'a game this long is scored a draw', '300')
    .option('--seed <n>', 'seed of the openings and random moves', '1')
    .option('--eval <kind>', 'evaluation playing the games: classic, learned, pattern or network', 'classic')
    .option('--weights <file>', 'weights file for the learned evaluation, pattern weights or a network (default: the shipped one)')
    .option('--keep-threats', 'also keep positions where only the opponent threatens a capture')
    .option('--egdb-path <dir>', 'endgame tables for the searches; a game ends at its first position they hold, with their value as its result (default: no tables)')
    .option('-t, --threads <n>', 'worker threads', String(availableParallelism()))
    .addOption(queueOption())
    .addOption(runOption())
    .addOption(queueCheckOption())
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      if (o.queue !== undefined && (o.weights !== undefined || o.egdbPath !== undefined)) {
        throw new Error('--weights and --egdb-path name files on this machine, which queue workers do not have: with --queue, play with the shipped weights and no tables');
      }
      if (o.queue === undefined && o.run !== undefined) throw new Error('--run goes with --queue');
      if (o.egdbPath !== undefined) tablesIn(variant, o.egdbPath);
      const progress = new Progress();
      const started = performance.now();
      const games = {
        variant,
        games: parseIntOption('games', o.games, 1, 10_000_000),
        nodes: parseIntOption('nodes', o.nodes, 1, 1_000_000_000),
        randomPlies: parseIntOption('random-plies', o.randomPlies, 0, 100),
        maxPlies: parseIntOption('max-plies', o.maxPlies, 10, 10_000),
        seed: parseIntOption('seed', o.seed, 0, 2 ** 31 - 1),
        evalKind: parseEvalKind(o.eval),
        keepThreats: Boolean(o.keepThreats),
        onProgress: (done: number, w: number, d: number, b: number, positions: number) => progress.update(`games ${done}/${o.games}  White +${w} =${d} -${b}  positions ${positions}`),
      };
      let data;
      if (o.queue !== undefined) {
        const client = await openQueue(o);
        const run = runName(o.run, 'selfplay');
        process.stderr.write(`selfplay: run ${run} on the queue\n`);
        try {
          data = await runQueueSelfPlay({ ...games, client, run });
        } finally {
          await client.close();
        }
      } else {
        data = await runSelfPlay({ ...games, threads: parseIntOption('threads', o.threads, 1, 256), weightsPath: o.weights, egdbPath: o.egdbPath });
      }
      progress.done();
      saveRecords(o.out, variant.name, data.records);
      const secs = (performance.now() - started) / 1000;
      say(`${data.games} games (White +${data.whiteWins} =${data.draws} -${data.blackWins}, ${(data.plies / data.games).toFixed(0)} plies a game` +
        `${o.egdbPath !== undefined ? `, ${data.byTables} ended by the tables` : ''}), ` +
        `${data.records.length / RECORD_INTS} ${o.keepThreats ? 'positions without a capture for the side to move' : 'quiet positions'} -> ${o.out} in ${secs.toFixed(0)} s`);
    }));
}

function importCommand(): Command {
  return new Command('import')
    .description('save the positions of the finished games of PDN files with their results (then relabel them)')
    .addOption(trainVariantOption())
    .requiredOption('--pdn <files>', 'PDN files, comma-separated (from "damka match --pdn", DXP sessions or other programs)')
    .requiredOption('-o, --out <file>', 'data file to write')
    .option('--keep-threats', 'also keep positions where only the opponent threatens a capture')
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      const files = o.pdn.split(',').map((s) => s.trim()).filter(Boolean);
      const parts: Int32Array[] = [];
      let games = 0, unfinished = 0, w = 0, d = 0, b = 0;
      for (const file of files) {
        let text: string;
        try { text = readFileSync(file, 'utf8'); } catch (err) { throw new Error(`cannot read ${file}: ${(err as Error).message}`); }
        let got;
        try { got = importPdn(variant, text, { keepThreats: Boolean(o.keepThreats), firstGame: games }); } catch (err) { throw new Error(`${file}: ${(err as Error).message}`); }
        parts.push(got.records);
        games += got.games; unfinished += got.unfinished; w += got.whiteWins; d += got.draws; b += got.blackWins;
      }
      const records = concatRecords(parts);
      if (games === 0) throw new Error(`no finished ${variant.name} game in ${files.join(', ')}`);
      saveRecords(o.out, variant.name, records);
      say(`${games} games (White +${w} =${d} -${b}${unfinished ? `; ${unfinished} unfinished left out` : ''}), ` +
        `${records.length / RECORD_INTS} ${o.keepThreats ? 'positions without a capture for the side to move' : 'quiet positions'} -> ${o.out}`);
    }));
}

function relabelCommand(): Command {
  return new Command('relabel')
    .description('search every position of a data file again with more nodes and keep that score as its label')
    .addOption(trainVariantOption())
    .requiredOption('-d, --data <file>', 'data file from "damka train selfplay" or "damka train import"')
    .requiredOption('-o, --out <file>', 'data file to write')
    .option('-n, --nodes <n>', 'nodes a position', '20000')
    .option('--eval <kind>', 'evaluation of the searches: learned, pattern, network or classic', 'learned')
    .option('--weights <file>', 'weights file for the learned evaluation, pattern weights or a network (default: the shipped one)')
    .option('-t, --threads <n>', 'worker threads', String(availableParallelism()))
    .option('--every <n>', 'only the games whose number is a multiple of n (2 or 5 keep every held-out game)', '1')
    .option('--warm', 'keep the table from one position to the next of a game, as in play (deeper for the same nodes)')
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      const every = parseIntOption('every', o.every, 1, 1_000_000);
      const all = loadRecords(o.data, variant.name);
      const records = every === 1 ? all : everyNthGame(all, every);
      const count = records.length / RECORD_INTS;
      const progress = new Progress();
      const started = performance.now();
      const out = await relabel({
        variant, records,
        nodes: parseIntOption('nodes', o.nodes, 1, 1_000_000_000),
        warm: Boolean(o.warm),
        threads: parseIntOption('threads', o.threads, 1, 256),
        evalKind: parseEvalKind(o.eval),
        weightsPath: o.weights,
        onProgress: (done) => progress.update(`positions ${done}/${count}`),
      });
      progress.done();
      saveRecords(o.out, variant.name, out);
      say(`${count} positions searched at ${o.nodes} nodes -> ${o.out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }));
}

function tableResultsCommand(): Command {
  return new Command('table-results')
    .description('correct the results of a data file\'s games by the endgame tables: from the first position of a game they hold, its result is the tables\' value')
    .addOption(trainVariantOption())
    .requiredOption('-d, --data <file>', 'data file from "damka train selfplay" or "damka train import"')
    .requiredOption('-o, --out <file>', 'data file to write')
    .option('--egdb-path <dir>', `endgame table directory (default: ${defaultLookupText()})`)
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      const records = loadRecords(o.data, variant.name);
      const tables = tablesIn(variant, tableDirsOf(o.egdbPath));
      const { records: out, summary } = tableResults(records, tables);
      saveRecords(o.out, variant.name, out);
      const changes = [...summary.changes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k.replace('>', ' to ')}: ${n}`).join(', ');
      say(`${summary.games} games, ${summary.reached} reach the ${tables.maxPieces}-piece tables, ${summary.changed} of them with another result there` +
        `${changes ? ` (White's score ${changes})` : ''}; ${summary.positions} of ${records.length / RECORD_INTS} positions relabelled -> ${o.out}`);
    }));
}

function fitCommand(): Command {
  return new Command('fit')
    .description('fit the pattern evaluation to self-play data (logistic regression, Adam, L2)')
    .addOption(trainVariantOption())
    .requiredOption('-d, --data <files>', 'data files from "damka train selfplay" or "train import", comma-separated')
    .requiredOption('-o, --out <file>', 'weights file to write')
    .option('--init <file>', 'start from these weights (default: material only)')
    .option('--lr <x>', 'Adam learning rate, in centi-men', '5')
    .option('--l2 <x>', 'L2 regularisation', '1e-10')
    .option('--batch <n>', 'positions a step', '4096')
    .option('--epochs <n>', 'most epochs', '40')
    .option('--patience <n>', 'epochs without a better held-out loss before stopping', '3')
    .option('--seed <n>', 'seed of the shuffles', '1')
    .option('--result-weight <x>', 'share of the game result in the target (the rest: the self-play search score)', '0.5')
    .option('--min-count <n>', 'features seen in fewer training positions keep weight 0', '10')
    .option('--phases <n>', 'phases a weight has, spread evenly from the start to an empty board (2: opening and endgame)', '2')
    .option('--tie-patterns', 'learn each block pattern\'s weight as its own plus one shared by every block and one a half block (src/train/tied-patterns.ts)')
    .option('--l2-own <x>', 'with --tie-patterns: L2 of the blocks\' own pattern weights (default: --l2)')
    .option('--mover-patterns', 'two tables of region patterns: the side to move\'s reading and its opponent\'s')
    .option('--dense-regions', 'English: 4x4 blocks at every row and file and every pair of rows, 32 regions instead of 9 (src/eval/pattern/dense-regions.ts)')
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      // Numbers are checked before the data is read, which takes a while.
      const atLeastZero = (name: string, text: string): number => {
        const x = Number(text);
        if (!(x >= 0 && Number.isFinite(x))) throw new Error(`--${name} must be a number of at least 0, got "${text}"`);
        return x;
      };
      const l2 = atLeastZero('l2', o.l2);
      const l2Own = o.l2Own === undefined ? null : atLeastZero('l2-own', o.l2Own);
      if (l2Own !== null && !o.tiePatterns) throw new Error('--l2-own goes with --tie-patterns');
      const resultWeight = parseResultWeight(o.resultWeight);
      if (o.denseRegions && variant.geometry.rows !== 8) throw new Error(`--dense-regions is for 8x8 boards, not ${variant.name}`);
      const features = new PatternFeatures(variant, {
        phases: parseIntOption('phases', o.phases, 2, MAX_PHASES), moverPatterns: Boolean(o.moverPatterns), denseRegions: Boolean(o.denseRegions),
      });
      const { files, records } = readDataFiles(o.data, variant);
      const built = buildDataset(features, records);
      const tied = o.tiePatterns ? new TiedPatterns(features) : null;
      const data = tied ? tied.extend(built) : built;
      const isValidation = (row: number) => data.game[row] % 10 === 0;
      say(`${data.count} positions from ${files.length} file(s), ${features.size} weights a phase`);

      const targets = fitTargets(records, variant, data, resultWeight), scale = targets.scale;
      say(targetsLine(targets, resultWeight));
      let init: Float64Array[];
      if (o.init) {
        const w = readPatternWeightsFile(o.init, variant);
        if (!w.patternKings) throw new Error(`--init ${o.init}: weights of version 1 (patterns without kings) cannot start a fit of this build's features`);
        if (w.moverPatterns && !features.moverPatterns) throw new Error(`--init ${o.init}: weights with two pattern tables cannot start a fit with one (add --mover-patterns)`);
        if (w.denseRegions && !features.denseRegions) throw new Error(`--init ${o.init}: weights of dense regions cannot start a fit without them (add --dense-regions)`);
        const phases = w.phases.map((p) => features.adopt(Float64Array.from(p, (x) => x / WEIGHT_UNITS), w));
        init = spreadPhases(phases, features.phases);
      } else {
        const c = defaultWeights(variant.name);
        init = Array.from({ length: features.phases }, () => {
          const w = new Float64Array(features.size);
          w[features.scalar('man')] = c.man;
          w[features.scalar('king')] = c.king;
          return w;
        });
      }
      let l2Of: Float64Array | undefined;
      if (tied) {
        init = init.map((w) => tied.widen(w));
        if (l2Own !== null) l2Of = new Float64Array(tied.size).fill(l2).fill(l2Own, 0, features.kingBase);
      }
      const started = performance.now();
      const fitted = fitWeights(data, tied ? tied.size : features.size, init, {
        scale,
        learningRate: Number(o.lr),
        l2,
        l2Of,
        unregularised: [features.scalar('man'), features.scalar('king')],
        minCount: parseIntOption('min-count', o.minCount, 0, 1_000_000_000),
        batch: parseIntOption('batch', o.batch, 1, 10_000_000),
        maxEpochs: parseIntOption('epochs', o.epochs, 1, 10_000),
        patience: parseIntOption('patience', o.patience, 1, 1000),
        seed: parseIntOption('seed', o.seed, 0, 2 ** 31 - 1),
        isValidation,
        onEpoch: (e, tl, vl) => say(`epoch ${e}: training loss ${tl.toFixed(5)}, held-out loss ${vl.toFixed(5)}`),
      });
      const fit = tied ? { ...fitted, phases: fitted.phases.map((w) => tied.fold(w)) } : fitted;
      const about = {
        command: `damka train fit ${process.argv.slice(4).join(' ')}`,
        positions: data.count, trainPositions: fit.trainRows, heldOutPositions: fit.validRows,
        scale: Number(scale.toFixed(2)), resultWeight, learntWeights: fit.learnt, epochs: fit.epochs, bestEpoch: fit.bestEpoch,
        trainLoss: Number(fit.trainLoss.toFixed(5)), heldOutLoss: Number(fit.validLoss.toFixed(5)),
      };
      const file = encodeWeights({ variant: variant.name, phases: fit.phases.map(quantize), patternKings: features.patternKings, moverPatterns: features.moverPatterns, denseRegions: features.denseRegions }, about);
      writeFileSync(o.out, `${JSON.stringify(file)}\n`);
      const m = features.scalar('man'), k = features.scalar('king');
      const byPhase = (i: number) => fit.phases.map((p) => p[i].toFixed(0)).join('/');
      say(`best epoch ${fit.bestEpoch}: training loss ${fit.trainLoss.toFixed(5)}, held-out loss ${fit.validLoss.toFixed(5)} ` +
        `(${((performance.now() - started) / 1000).toFixed(0)} s); man ${byPhase(m)}, king ${byPhase(k)} -> ${o.out}`);
    }));
}

export function trainCommand(): Command {
  const cmd = new Command('train').description('make the learned evaluation: self-play data, then a fit (see src/eval/weights/README.md)');
  for (const sub of [selfplayCommand(), importCommand(), relabelCommand(), tableResultsCommand(), fitCommand(), fitNetworkCommand(), joinNetworksCommand()]) cmd.addCommand(sub.exitOverride().showHelpAfterError());
  return cmd;
}


