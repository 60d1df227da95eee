// `damka train fit-network`: a network evaluation (src/eval/network/) fitted to self-play
// data, written as a network file that `--weights` (or the Hub's `weights`) loads.

import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { NETWORK_VARIANTS, networkBoard } from '../../eval/network/inputs.ts';
import { type NetworkPhase, UNIT_GROUP, decodeNetwork, encodeNetwork } from '../../eval/network/network-file.ts';
import { readNetworkFile } from '../../eval/read-weights.ts';
import { getVariant } from '../../rules/variants.ts';
import { fitTargets } from '../../train/dataset.ts';
import { FloatNetwork, blendTeacher, fitNetwork, initialNetwork, networkLoss, splitRows } from '../../train/network-fit.ts';
import { networkRows } from '../../train/network-rows.ts';
import { guarded, parseIntOption } from '../errors.ts';
import { parseResultWeight, readDataFiles, targetsLine } from './train-options.ts';

/** `--pieces`: "min-max", 1 to the most pieces of a board (24 on 8x8, 40 on 10x10). */
export function parsePieceRange(text: string, most = 24): [number, number] {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(text);
  const lo = m ? Number(m[1]) : NaN, hi = m ? Number(m[2]) : NaN;
  if (!(lo >= 1 && hi <= most && lo <= hi)) throw new Error(`--pieces wants a range of piece counts like 13-${most} (1 to ${most}, low first), got "${text}"`);
  return [lo, hi];
}

const say = (line: string) => process.stdout.write(`${line}\n`);

export function fitNetworkCommand(): Command {
  return new Command('fit-network')
    .description('fit a network evaluation (English or International) to data from "damka train selfplay"; load it with --weights')
    .addOption(new Option('-v, --variant <name>', `the game (networks are for ${NETWORK_VARIANTS.join(' and ')} draughts)`).default('english'))
    .requiredOption('-d, --data <files>', 'data files from "damka train selfplay" or "train import", comma-separated')
    .requiredOption('-o, --out <file>', 'network file to write')
    .option('--hidden <h1,h2>', `units of the two hidden layers, multiples of ${UNIT_GROUP} (default: 64,16, or --init's)`)
    .option('--init <file>', 'start from this network file (its layer sizes) instead of random weights: new data for a network already fitted')
    .option('--lr <x>', 'Adam learning rate (halved after each epoch that does not improve the held-out loss)', '0.001')
    .option('--batch <n>', 'positions a step', '256')
    .option('--epochs <n>', 'most epochs', '30')
    .option('--patience <n>', 'epochs without a better held-out loss before stopping', '4')
    .option('--teacher <file>', 'distil: blend this network\'s verdicts (any size) into the training targets')
    .option('--teacher-weight <x>', 'share of the teacher\'s verdict in a training target (with --teacher; default 0.5)')
    .option('--seed <n>', 'seed of the starting weights and the shuffles', '1')
    .option('--pieces <min-max>', 'fit only positions with this many pieces on the board (one phase of a phased network, see "train join-networks"); the scale is still all the data\'s')
    .option('--result-weight <x>', 'share of the game result in the target (the rest: the self-play search score)', '0.25')
    .action(guarded(async (o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      const board = networkBoard(variant), inputs = board.inputs;
      // The networks named are read before the data, so that a bad name fails at once.
      const start = o.init === undefined ? null : readNetworkFile(o.init, variant);
      const teacher = o.teacher === undefined ? null : readNetworkFile(o.teacher, variant);
      for (const [option, w] of [['--init', start], ['--teacher', teacher]] as const) {
        if (w?.phases) throw new Error(`${option} ${option === '--init' ? o.init : o.teacher} has phases (one network a phase of the game): give a network of one phase`);
      }
      const teacherWeight = Number(o.teacherWeight ?? '0.5');
      if (teacher === null && o.teacherWeight !== undefined) throw new Error('--teacher-weight needs --teacher');
      if (!(teacherWeight > 0 && teacherWeight <= 1)) throw new Error(`--teacher-weight must be a number above 0, at most 1, got "${o.teacherWeight}"`);
      const hidden = (o.hidden ?? (start ? start.hidden.join(',') : '64,16')).split(',').map((s) => Number(s.trim()));
      if (hidden.length !== 2 || !hidden.every((h) => Number.isInteger(h) && h >= UNIT_GROUP && h <= 1024 && h % UNIT_GROUP === 0)) {
        throw new Error(`--hidden wants two sizes, multiples of ${UNIT_GROUP} from ${UNIT_GROUP} to 1024 (like 64,16), got "${o.hidden}"`);
      }
      if (start !== null && (start.hidden[0] !== hidden[0] || start.hidden[1] !== hidden[1])) {
        throw new Error(`--init ${o.init} is a ${inputs}-${start.hidden.join('-')}-1 network, not the ${inputs}-${hidden.join('-')}-1 that --hidden asks for`);
      }
      const lr = Number(o.lr);
      if (!(lr > 0 && lr < 1)) throw new Error(`--lr must be a number between 0 and 1, got "${o.lr}"`);
      const resultWeight = parseResultWeight(o.resultWeight);
      const batch = parseIntOption('batch', o.batch, 1, 1_000_000), maxEpochs = parseIntOption('epochs', o.epochs, 1, 10_000);
      const patience = parseIntOption('patience', o.patience, 1, 1000), seed = parseIntOption('seed', o.seed, 0, 2 ** 31 - 1);
      const pieces = o.pieces === undefined ? null : parsePieceRange(o.pieces, board.maxPieces);
      const { files, records } = readDataFiles(o.data, variant);
      const rows = networkRows(records, variant);
      const [h1, h2] = hidden;
      say(`${rows.count} positions from ${files.length} file(s); network ${inputs}-${h1}-${h2}-1`);
      const targets = fitTargets(records, variant, rows, resultWeight), scale = targets.scale;
      say(targetsLine(targets, resultWeight));
      const isValidation = (row: number) => rows.game[row] % 10 === 0;
      const include = pieces === null ? undefined : (row: number) => {
        const n = rows.offsets[row + 1] - rows.offsets[row];
        return n >= pieces[0] && n <= pieces[1];
      };
      // The fit's own split (with --pieces, of its phase's rows only), so that the teacher's loss compares with the fit's.
      const split = splitRows(rows.count, isValidation, include);
      if (include) say(`${split.train.length + split.valid.length} of them with ${pieces![0]} to ${pieces![1]} pieces`);
      if (teacher !== null) {
        const net = new FloatNetwork(inputs, teacher.hidden[0], teacher.hidden[1], teacher.parameters);
        say(`teacher ${o.teacher} (${inputs}-${teacher.hidden.join('-')}-1): held-out loss ${networkLoss(net, rows, split.valid).toFixed(5)}; ` +
          `training targets ${teacherWeight} its verdict (held-out ones unchanged)`);
        blendTeacher(rows, net, teacherWeight, (row) => !isValidation(row));
      }
      const started = performance.now();
      const fit = fitNetwork(rows, start?.parameters ?? initialNetwork(inputs, h1, h2, seed), {
        inputs, hidden: [h1, h2], learningRate: lr, batch, maxEpochs, patience, seed,
        isValidation, include,
        onStart: (vl) => { if (start !== null) say(`${o.init} as it starts: held-out loss ${vl.toFixed(5)}`); },
        onEpoch: (e, tl, vl, s) => say(`epoch ${e}: training loss ${tl.toFixed(5)}, held-out loss ${vl.toFixed(5)} (${s.toFixed(0)} s)`),
      });
      const about = {
        command: `damka train fit-network ${process.argv.slice(4).join(' ')}`,
        positions: rows.count, trainPositions: fit.trainRows, heldOutPositions: fit.validRows,
        scale: Number(scale.toFixed(2)), resultWeight, epochs: fit.epochs, bestEpoch: fit.bestEpoch,
        ...(o.init !== undefined ? { init: o.init } : {}),
        ...(pieces !== null ? { pieces } : {}),
        ...(teacher !== null ? { teacher: o.teacher, teacherWeight } : {}),
        trainLoss: fit.bestEpoch === 0 ? null : Number(fit.trainLoss.toFixed(5)), heldOutLoss: Number(fit.validLoss.toFixed(5)),
      };
      const file = encodeNetwork({ kind: 'network', variant: variant.name, inputs, hidden: [h1, h2], scale, parameters: fit.parameters }, about);
      writeFileSync(o.out, `${JSON.stringify(file)}\n`);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      // The scale (centi-men a unit of output) is this data's, as for any fit, not the start's.
      if (fit.bestEpoch === 0) say(`no epoch beat the starting weights (held-out loss ${fit.validLoss.toFixed(5)}): their parameters written unchanged, with this data's scale (${seconds} s) -> ${o.out}`);
      else say(`best epoch ${fit.bestEpoch}: training loss ${fit.trainLoss.toFixed(5)}, held-out loss ${fit.validLoss.toFixed(5)} (${seconds} s) -> ${o.out}`);
    }));
}

/** `damka train join-networks`: networks fitted to phases of the game (`fit-network --pieces`) as one file. */
export function joinNetworksCommand(): Command {
  return new Command('join-networks')
    .description('join networks fitted to phases of the game (fit-network --pieces) into one network file')
    .argument('<first>', 'the network for the most pieces (every position no later phase takes)')
    .argument('<phases...>', 'FILE:N, the network for positions of at most N pieces, N falling from one to the next')
    .addOption(new Option('-v, --variant <name>', 'the game').default('english'))
    .requiredOption('-o, --out <file>', 'network file to write')
    .action(guarded(async (first: string, rest: string[], o: Record<string, string>) => {
      const variant = getVariant(o.variant);
      const top = readNetworkFile(first, variant);
      if (top.phases) throw new Error(`${first} already has phases: join single networks`);
      const phases: NetworkPhase[] = rest.map((arg) => {
        const m = /^(.+):(\d+)$/.exec(arg);
        if (!m) throw new Error(`a phase is FILE:N (its network and the most pieces it scores), got "${arg}"`);
        const weights = readNetworkFile(m[1], variant);
        if (weights.phases) throw new Error(`${m[1]} already has phases: join single networks`);
        return { maxPieces: Number(m[2]), weights };
      });
      const file = encodeNetwork({ ...top, phases }, {
        command: `damka train join-networks ${process.argv.slice(4).join(' ')}`,
        phases: [first, ...rest],
      });
      // Read back as any build would read it (the phases' order and range are the file's rules), before it is written.
      decodeNetwork(file, variant, `joined (${[first, ...rest].join(' ')})`);
      writeFileSync(o.out, `${JSON.stringify(file)}\n`);
      say(`${1 + phases.length} networks: ${first} above ${phases[0].maxPieces} pieces, ${phases.map((ph, i) => `${rest[i].replace(/:\d+$/, '')} at ${ph.maxPieces} or fewer`).join(', ')} -> ${o.out}`);
    }));
}
