// The network evaluation: the WebAssembly kernel against the floating-point network it
// approximates, colour symmetry, the file format's checks, and the fit.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileKernel } from '../scripts/build-kernel.mjs';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { formatPdnGame } from '../src/notation/pdn.ts';
import { NetworkEvaluator } from '../src/eval/network/evaluator.ts';
import { FIRST, firstLayerFits, instantiateNetwork } from '../src/eval/network/kernel.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';
import { KERNEL_WASM } from '../src/eval/network/kernel-wasm.ts';
import { NETWORK_VERSION, type NetworkWeights, decodeNetwork, encodeNetwork, networkLayout } from '../src/eval/network/network-file.ts';
import { PatternEvaluator } from '../src/eval/pattern/evaluator.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { readPatternWeightsFile, readWeightsFile } from '../src/eval/read-weights.ts';
import { BLACK_MAN, type Board, WHITE_MAN } from '../src/rules/board.ts';
import { type Position, popcount } from '../src/rules/position.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { FloatNetwork, type NetworkRows, blendTeacher, fitNetwork, initialNetwork, networkLoss } from '../src/train/network-fit.ts';
import { networkBoard, networkInputs } from '../src/eval/network/inputs.ts';
import { networkRows } from '../src/train/network-rows.ts';
import { loadRecordFiles } from '../src/train/records.ts';
import { damka } from './helpers/engine-process.ts';
import { randomGame } from './helpers/random-game.ts';
import { kernelError, randomNetwork } from './helpers/random-network.ts';
import { manUpAtStart, mirror, samplePositions } from './helpers/sample-positions.ts';

const EN = networkBoard(ENGLISH);
const positions = samplePositions(ENGLISH, 2000, 7).map((b) => ENGLISH.fromBoard(b));

describe('network kernel', () => {
  it('the committed module is what the AssemblyScript source compiles to', async () => {
    const bytes = await compileKernel();
    expect(Buffer.from(bytes).toString('base64')).toBe(KERNEL_WASM);
  }, 60_000);

  for (const [h1, h2] of [[64, 16], [32, 32]] as const) {
    it(`${h1}-${h2}: integer kernel scores within a few centi-men of the floating-point network`, () => {
      const w = randomNetwork(h1, h2, h1 + h2);
      const e = kernelError(new NetworkEvaluator(ENGLISH, w), w, ENGLISH, positions);
      expect(e.spread).toBeGreaterThan(30);
      expect(e.mean).toBeLessThan(3);
      expect(e.worst).toBeLessThan(20);
    });
  }

  it('never answers -0, which V8 keeps as a float (one among the scores slows the search)', () => {
    // A small scale keeps the outputs near 0, so that many round to zero from either side.
    const e = new NetworkEvaluator(ENGLISH, { ...randomNetwork(64, 16, 5), scale: 0.05 });
    let zeros = 0;
    for (const pos of positions) {
      const score = e.evaluate(pos);
      expect(Object.is(score, -0)).toBe(false);
      if (score === 0) zeros++;
    }
    expect(zeros).toBeGreaterThan(100);
  });

  it('is colour-symmetric: a position and its colour-swapped mirror score the same for their side to move', () => {
    const e = new NetworkEvaluator(ENGLISH, randomNetwork(64, 16, 3));
    for (const board of samplePositions(ENGLISH, 2000, 11)) {
      const a = e.evaluate(ENGLISH.fromBoard(board)), stuckA = e.sideToMoveStuck;
      expect(e.evaluate(ENGLISH.fromBoard(mirror(board)))).toBe(a);
      expect(e.sideToMoveStuck).toBe(stuckA);
    }
  });

  it('says when the side to move has no step exactly as the pattern evaluation does', () => {
    const e = new NetworkEvaluator(ENGLISH, randomNetwork(64, 16, 4)), p = new PatternEvaluator(ENGLISH, shippedWeights(ENGLISH)!);
    let stuck = 0;
    for (const pos of positions) {
      e.evaluate(pos); p.evaluate(pos);
      expect(e.sideToMoveStuck).toBe(p.sideToMoveStuck);
      if (e.sideToMoveStuck) stuck++;
    }
    // Random positions are seldom blocked: one that is, for either side to move. White's man
    // on 32 faces Black's men on 27 and 28 (a capture is no step); Black's men on 1 and 2
    // face White's on 5, 6 and 7.
    for (const side of [0, 1] as const) {
      const squares = Array.from({ length: 33 }, () => 0);
      squares[32] = WHITE_MAN; squares[27] = BLACK_MAN; squares[28] = BLACK_MAN;
      if (side === 1) { squares[32] = 0; squares[1] = BLACK_MAN; squares[2] = BLACK_MAN; squares[27] = 0; squares[28] = 0; squares[5] = WHITE_MAN; squares[6] = WHITE_MAN; squares[7] = WHITE_MAN; }
      const blocked = ENGLISH.fromBoard({ side, squares } as unknown as Board);
      e.evaluate(blocked); p.evaluate(blocked);
      expect(e.sideToMoveStuck).toBe(true);
      expect(p.sideToMoveStuck).toBe(true);
    }
    expect(stuck).toBeLessThan(positions.length);
  });

  it('the incremental first layer scores exactly as summing it afresh, game positions and jumps between them alike', () => {
    // Positions of random games in order (a few squares change from one to the next, so the
    // kernel updates its sums), with random positions between the games (it starts afresh).
    const sequence: Position[] = [];
    for (let g = 0; g < 8; g++) {
      const game = randomGame(ENGLISH, 40 + g);
      for (let ply = 0; ply <= game.ply; ply++) sequence.push(game.positionAt(ply));
      sequence.push(...positions.slice(g * 20, g * 20 + 20));
    }
    const big = randomNetwork(32, 16, 4);
    big.parameters[networkLayout(128, 32, 16).w1 + 5] = 250; // loads, but its sums could leave 16 bits
    for (const w of [randomNetwork(64, 16, 1), randomNetwork(32, 32, 2), shippedNetwork(ENGLISH)!, big]) {
      // The updating kernel, wrapped to count the calls where fewer squares changed than there are pieces.
      const kernel = instantiateNetwork(w), last = [[0, 0, 0, 0], [0, 0, 0, 0]];
      let updates = 0;
      const updated = new NetworkEvaluator(ENGLISH, w, (side, ...boards) => {
        let changes = 0, pieces = 0;
        boards.forEach((x, t) => { changes += popcount(x ^ last[side][t]); pieces += popcount(x); last[side][t] = x; });
        if (changes < pieces) updates++;
        return kernel(side, ...boards);
      });
      const afresh = new NetworkEvaluator(ENGLISH, w, instantiateNetwork(w, false));
      for (const pos of sequence) expect(updated.evaluate(pos)).toBe(afresh.evaluate(pos));
      // Most evaluations here are updates (fewer squares change than there are pieces).
      expect(updates).toBeGreaterThan(0.7 * sequence.length);
    }
  });

  it('updates its first layer only where no sum can leave 16 bits', () => {
    const fits = (w: NetworkWeights) => {
      const [h1] = w.hidden, at = networkLayout(128, h1, w.hidden[1]);
      const W1 = Int16Array.from(w.parameters.subarray(at.w1, at.w1 + 128 * h1), (x) => Math.round(x * FIRST));
      const B1 = Int16Array.from(w.parameters.subarray(at.b1, at.b1 + h1), (x) => Math.round(x * FIRST));
      return firstLayerFits(W1, B1, h1);
    };
    expect(fits(shippedNetwork(ENGLISH)!)).toBe(true);
    const w = randomNetwork(32, 16, 4), at = networkLayout(128, 32, 16);
    expect(fits(w)).toBe(true);
    // Unit 3 alone, every other weight of it 0: 9 x 127 = 1,143 from each own man.
    const unit3 = (squares: number, weight: number) => {
      for (let input = 0; input < 128; input++) w.parameters[at.w1 + input * 32 + 3] = input < squares ? weight : 0;
      w.parameters[at.b1 + 3] = 0;
    };
    unit3(28, 9); // 32,004
    expect(fits(w)).toBe(true);
    unit3(29, 9); // 33,147
    expect(fits(w)).toBe(false);
    unit3(29, -9);
    expect(fits(w)).toBe(false);
    unit3(28, -9);
    expect(fits(w)).toBe(true);
  });

  it('refuses weights too large for the kernel\'s 16-bit integers, naming the weight', () => {
    const big = randomNetwork(32, 16, 4), at = networkLayout(128, 32, 16);
    big.parameters[at.w1 + 5] = 300; // 300 x 127 > 32767
    expect(() => new NetworkEvaluator(ENGLISH, big)).toThrow(/first-layer weight of 300 is too large for the kernel's integers/);
    big.parameters[at.w1 + 5] = 250;
    expect(() => new NetworkEvaluator(ENGLISH, big)).not.toThrow();
    big.parameters[at.w2 + 3] = -600; // -600 x 64 < -32767
    expect(() => new NetworkEvaluator(ENGLISH, big)).toThrow(/second-layer weight of -600 is too large/);
  });

  it('plays: the search with a network finds a legal move', () => {
    const e = createEvaluator(ENGLISH, { weights: randomNetwork(64, 16, 5) });
    expect(e).toBeInstanceOf(NetworkEvaluator);
    const r = new Searcher(ENGLISH, 4, {}, e).search(ENGLISH.startPosition(), { limits: { depth: 6 } });
    expect(r.move).not.toBeNull();
    expect(ENGLISH.legalMoves(ENGLISH.startPosition()).some((m) => JSON.stringify(m) === JSON.stringify(r.move))).toBe(true);
  });
});

describe('the shipped English network', () => {
  it('loads, is the default English evaluation, scores a man up as good and is colour-symmetric', () => {
    const net = shippedNetwork(ENGLISH)!;
    expect(net.variant).toBe('english');
    expect(createEvaluator(ENGLISH)).toBeInstanceOf(NetworkEvaluator);
    expect(createEvaluator(ENGLISH, { kind: 'network' })).toBeInstanceOf(NetworkEvaluator);
    expect(createEvaluator(ENGLISH, { kind: 'pattern' })).toBeInstanceOf(PatternEvaluator);
    expect(() => createEvaluator(ENGLISH, { kind: 'pattern', weights: net })).toThrow(/holds a network, not the pattern weights/);
    expect(() => createEvaluator(ENGLISH, { kind: 'network', weights: shippedWeights(ENGLISH)! })).toThrow(/holds pattern weights, not the network/);
    const e = new NetworkEvaluator(ENGLISH, net);
    for (const board of samplePositions(ENGLISH, 500, 17)) expect(e.evaluate(ENGLISH.fromBoard(mirror(board)))).toBe(e.evaluate(ENGLISH.fromBoard(board)));
    // Black moves first in English: one of White's men is taken.
    const start = ENGLISH.startPosition(), up = manUpAtStart(ENGLISH);
    expect(up.side).toBe(1);
    expect(popcount(up.wLo) + popcount(up.wHi)).toBe(11);
    expect(e.evaluate(up)).toBeGreaterThan(e.evaluate(start) + 50);
  });
});

describe('network file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-network-'));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const w = randomNetwork(32, 16, 9);
  const good = encodeNetwork(w, { note: 'test' });

  it('a good file loads exactly, and as the evaluation', () => {
    const read = readWeightsFile(write('good.json', JSON.stringify(good)), ENGLISH) as NetworkWeights;
    expect(read.kind).toBe('network');
    expect(read.hidden).toEqual([32, 16]);
    expect(Array.from(read.parameters)).toEqual(Array.from(w.parameters));
    const a = new NetworkEvaluator(ENGLISH, read), b = new NetworkEvaluator(ENGLISH, w);
    for (const pos of positions.slice(0, 200)) expect(a.evaluate(pos)).toBe(b.evaluate(pos));
  });

  it('refuses a damaged, truncated, wrong-variant or wrong-version file with its reason', () => {
    const bad = (name: string, data: unknown) => () => readWeightsFile(write(name, JSON.stringify(data)), ENGLISH);
    expect(() => readWeightsFile(write('cut.json', JSON.stringify(good).slice(0, 500)), ENGLISH)).toThrow(/not valid JSON \(truncated/);
    expect(bad('short.json', { ...good, parameters: good.parameters.slice(0, 400) })).toThrow(/holds \d+ parameters, a 128-32-16-1 network has \d+ \(truncated\?\)/);
    const flipped = good.parameters.slice(0, 100) + (good.parameters[100] === 'A' ? 'B' : 'A') + good.parameters.slice(101);
    expect(bad('damaged.json', { ...good, parameters: flipped })).toThrow(/checksum does not match/);
    expect(bad('version.json', { ...good, version: NETWORK_VERSION + 1 })).toThrow(new RegExp(`version ${NETWORK_VERSION + 1}, this build reads versions 1 to ${NETWORK_VERSION}`));
    expect(bad('hidden.json', { ...good, hidden: [30, 16] })).toThrow(/hidden layers \[30,16\]/);
    expect(() => decodeNetwork({ ...good, variant: 'international' }, ENGLISH, 'x.json')).toThrow(/made for "international", not english/);
    expect(() => decodeNetwork(good, INTERNATIONAL, 'x.json')).toThrow(/made for "english", not international/);
    expect(() => readWeightsFile(join(dir, 'none.json'), ENGLISH)).toThrow(/none\.json: cannot read \(ENOENT\)/);
    // Where pattern weights are needed (the start of a pattern fit), a network is refused by name.
    expect(() => readPatternWeightsFile(write('net.json', JSON.stringify(good)), ENGLISH)).toThrow(/a network, not pattern weights/);
  });
});

describe('a network of phases', () => {
  const top = randomNetwork(32, 16, 31), middle = randomNetwork(16, 16, 32), last = randomNetwork(32, 16, 33);
  const joined: NetworkWeights = { ...top, phases: [{ maxPieces: 16, weights: middle }, { maxPieces: 6, weights: last }] };
  const file = encodeNetwork(joined);

  it('scores each position with the network of its phase, by the pieces on the board', () => {
    expect(file.version).toBe(NETWORK_VERSION);
    expect(encodeNetwork(top).version).toBe(1);
    const read = decodeNetwork(JSON.parse(JSON.stringify(file)), ENGLISH, 'phases.json');
    expect(read.phases?.map((ph) => ph.maxPieces)).toEqual([16, 6]);
    const e = new NetworkEvaluator(ENGLISH, read);
    const alone = [top, middle, last].map((w) => new NetworkEvaluator(ENGLISH, w));
    // Random games reach every phase, with both sides to move.
    const seen = new Set<number>();
    for (let g = 0; g < 30; g++) for (let ply = 0, game = randomGame(ENGLISH, 200 + g); ply <= game.ply; ply++) {
      const pos = game.positionAt(ply);
      const pieces = popcount(pos.wLo | pos.bLo), phase = pieces > 16 ? 0 : pieces > 6 ? 1 : 2;
      seen.add(phase);
      expect(e.evaluate(pos)).toBe(alone[phase].evaluate(pos));
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('refuses phases out of order, out of range, damaged or in a version 1 file, naming the phase', () => {
    const bad = (data: unknown) => () => decodeNetwork(data, ENGLISH, 'p.json');
    const [a, b] = file.phases!;
    expect(bad({ ...file, phases: [b, a] })).toThrow(/phase 2: most pieces 16: expected a whole number from 1 to 5, fewer than the phase before/);
    expect(bad({ ...file, phases: [{ ...a, maxPieces: 24 }] })).toThrow(/phase 1: most pieces 24: expected a whole number from 1 to 23/);
    expect(bad({ ...file, phases: [a, { ...b, maxPieces: 0 }] })).toThrow(/phase 2: most pieces 0/);
    expect(bad({ ...file, phases: [a, { ...b, checksum: '00000000' }] })).toThrow(/p\.json: phase 2: checksum does not match/);
    expect(bad({ ...file, phases: [a, { ...b, hidden: [16] }] })).toThrow(/phase 2: hidden layers \[16\]/);
    expect(bad({ ...file, phases: [] })).toThrow(/version 2 without phases/);
    expect(bad({ ...file, version: 1 })).toThrow(/has phases, which a version 1 file cannot hold/);
  });
});

describe('network fit', () => {
  it('learns a teacher network\'s outputs from positions labelled by it', () => {
    // Targets from a known network; a student of the same shape, started elsewhere, should
    // come close to the teacher's loss (the targets' own entropy) and to its outputs.
    const teacher = new FloatNetwork(128, 16, 16, randomNetwork(16, 16, 21).parameters);
    const boards = samplePositions(ENGLISH, 6000, 5);
    const count = boards.length, offsets = new Int32Array(count + 1), all: number[] = [], y = new Float32Array(count), game = new Int32Array(count);
    const row = new Int32Array(24);
    boards.forEach((b, i) => {
      const n = networkInputs(ENGLISH.fromBoard(b), EN, row);
      all.push(...row.subarray(0, n));
      offsets[i + 1] = all.length;
      y[i] = 1 / (1 + Math.exp(-teacher.forward(row, 0, n)));
      game[i] = i;
    });
    const rows: NetworkRows = { count, offsets, inputs: Int32Array.from(all), y, game };
    const held = Int32Array.from({ length: count }, (_, i) => i).filter((i) => i % 10 === 0);
    const floor = networkLoss(teacher, rows, held);
    const start = new FloatNetwork(128, 16, 16, initialNetwork(128, 16, 16, 99));
    const before = networkLoss(start, rows, held);
    const fit = fitNetwork(rows, start.p, { inputs: 128, hidden: [16, 16], learningRate: 0.01, batch: 64, maxEpochs: 30, patience: 4, seed: 1, isValidation: (i) => i % 10 === 0 });
    expect(fit.validLoss).toBeLessThan(before);
    // Most of the way from the start to the floor.
    expect(fit.validLoss - floor).toBeLessThan(0.25 * (before - floor));
    const student = new FloatNetwork(128, 16, 16, fit.parameters);
    let gap = 0, size = 0;
    for (const i of held) {
      const a = teacher.forward(rows.inputs, offsets[i], offsets[i + 1]);
      gap += Math.abs(student.forward(rows.inputs, offsets[i], offsets[i + 1]) - a); size += Math.abs(a);
    }
    expect(gap).toBeLessThan(0.35 * size);
  }, 60_000);

  it('reads a position\'s inputs from the side to move\'s view: the mirror has the same ones', () => {
    const a = new Int32Array(24), b = new Int32Array(24);
    for (const board of samplePositions(ENGLISH, 300, 13)) {
      const n = networkInputs(ENGLISH.fromBoard(board), EN, a), m = networkInputs(ENGLISH.fromBoard(mirror(board)), EN, b);
      expect(Array.from(b.subarray(0, m)).sort()).toEqual(Array.from(a.subarray(0, n)).sort());
    }
  });
});

/** A data file of the quiet positions of a dozen random English games in `dir` (held out by the fits: games 0 and 10). */
function randomGamesData(dir: string): string {
  const games = Array.from({ length: 12 }, (_, g) => formatPdnGame(randomGame(ENGLISH, 300 + g, 120), { Result: ['1-0', '0-1', '1/2-1/2'][g % 3] }));
  const pdn = join(dir, 'games.pdn'), data = join(dir, 'games.bin');
  writeFileSync(pdn, games.join('\n'));
  expect(damka('train', 'import', '--variant', 'english', '--pdn', pdn, '--out', data).code).toBe(0);
  return data;
}

describe('damka train fit-network --init and --teacher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-fit-network-'));
  const data = join(dir, 'games.bin'), first = join(dir, 'a.json');
  let a: ReturnType<typeof damka>;
  /** a.json's held-out loss, as its fit reported it. */
  let saved: number;
  beforeAll(() => {
    expect(randomGamesData(dir)).toBe(data);
    a = damka('train', 'fit-network', '--data', data, '--hidden', '16,16', '--epochs', '3', '--out', first);
    saved = Number(/best epoch \d+: training loss [\d.]+, held-out loss ([\d.]+)/.exec(a.out)?.[1]);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--init starts from a network file: its held-out loss is where the fit starts; another shape or pattern weights are refused', () => {
    expect(a.code).toBe(0);
    expect(saved).toBeGreaterThan(0);
    expect(a.out).not.toMatch(/as it starts/);

    const b = damka('train', 'fit-network', '--data', data, '--init', first, '--epochs', '2', '--out', join(dir, 'b.json'));
    expect(b.code).toBe(0);
    expect(b.out).toMatch(/network 128-16-16-1/);
    expect(Number(/a\.json as it starts: held-out loss ([\d.]+)/.exec(b.out)?.[1])).toBe(saved);
    const refit = readWeightsFile(join(dir, 'b.json'), ENGLISH) as NetworkWeights;
    expect(refit.hidden).toEqual([16, 16]);

    const shape = damka('train', 'fit-network', '--data', data, '--init', first, '--hidden', '32,16', '--out', join(dir, 'c.json'));
    expect(shape.code).toBe(2);
    expect(shape.err).toMatch(/a\.json is a 128-16-16-1 network, not the 128-32-16-1 that --hidden asks for/);
    const patterns = join(dir, 'p.json');
    writeFileSync(patterns, readFileSync(new URL('../src/eval/weights/english-patterns.json', import.meta.url)));
    const wrong = damka('train', 'fit-network', '--data', data, '--init', patterns, '--out', join(dir, 'd.json'));
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/p\.json: pattern weights, not a network/);
    expect(wrong.err + shape.err).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('--teacher distils a network of another size: its held-out loss on the data\'s own targets is reported, and bad use is refused', () => {
    const s = damka('train', 'fit-network', '--data', data, '--hidden', '32,16', '--teacher', first, '--teacher-weight', '0.7', '--epochs', '2', '--out', join(dir, 's.json'));
    expect(s.code).toBe(0);
    // The held-out rows keep their own targets, so the teacher scores there what its own fit reported.
    expect(Number(/teacher \S*a\.json \(128-16-16-1\): held-out loss ([\d.]+); training targets 0\.7 its verdict/.exec(s.out)?.[1])).toBe(saved);
    expect((readWeightsFile(join(dir, 's.json'), ENGLISH) as NetworkWeights).hidden).toEqual([32, 16]);
    for (const [args, message] of [
      [['--teacher-weight', '0.5'], /--teacher-weight needs --teacher/],
      [['--teacher', first, '--teacher-weight', '0'], /--teacher-weight must be a number above 0, at most 1, got "0"/],
      [['--teacher', join(dir, 'none.json')], /none\.json: cannot read/],
    ] as const) {
      const bad = damka('train', 'fit-network', '--data', data, ...args, '--out', join(dir, 'bad.json'));
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(message);
    }
  }, 60_000);
});

describe('damka train fit-network --pieces and join-networks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-phases-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fits one phase\'s positions only, and joins phases into one file that plays', () => {
    const data = randomGamesData(dir);
    const about = (name: string) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { about: Record<string, number> }).about;
    const all = damka('train', 'fit-network', '--data', data, '--hidden', '16,16', '--epochs', '1', '--out', join(dir, 'all.json'));
    const late = damka('train', 'fit-network', '--data', data, '--hidden', '16,16', '--epochs', '1', '--pieces', '1-12', '--out', join(dir, 'late.json'));
    expect(all.code).toBe(0);
    expect(late.code).toBe(0);
    const n = (a: Record<string, number>) => a.trainPositions + a.heldOutPositions;
    // Counted here from the data itself: the positions of 12 pieces or fewer, and no others.
    const rows = networkRows(loadRecordFiles([data], 'english'), ENGLISH);
    const few = Array.from({ length: rows.count }, (_, i) => rows.offsets[i + 1] - rows.offsets[i]).filter((p) => p <= 12).length;
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThan(rows.count);
    expect(n(about('all.json'))).toBe(rows.count);
    expect(n(about('late.json'))).toBe(few);
    expect(about('late.json').pieces).toEqual([1, 12]);
    expect(late.out).toMatch(new RegExp(`${n(about('late.json'))} of them with 1 to 12 pieces`));
    // The sigmoid's scale is the whole data's, so that the phases' scores mean the same.
    expect(about('late.json').scale).toBe(about('all.json').scale);

    // A teacher's held-out loss is reported on the fit's own held-out rows: with --pieces, its phase's,
    // where a fit started from the same network starts.
    const taught = damka('train', 'fit-network', '--data', data, '--hidden', '16,16', '--epochs', '1', '--pieces', '1-12', '--teacher', join(dir, 'all.json'), '--out', join(dir, 't.json'));
    const started = damka('train', 'fit-network', '--data', data, '--epochs', '1', '--pieces', '1-12', '--init', join(dir, 'all.json'), '--out', join(dir, 's.json'));
    const teacherLoss = Number(/teacher \S*all\.json \(128-16-16-1\): held-out loss ([\d.]+)/.exec(taught.out)?.[1]);
    expect(teacherLoss).toBeGreaterThan(0);
    expect(Number(/all\.json as it starts: held-out loss ([\d.]+)/.exec(started.out)?.[1])).toBe(teacherLoss);

    const joined = damka('train', 'join-networks', join(dir, 'all.json'), `${join(dir, 'late.json')}:12`, '--out', join(dir, 'joined.json'));
    expect(joined.code).toBe(0);
    const read = readWeightsFile(join(dir, 'joined.json'), ENGLISH) as NetworkWeights;
    expect(read.phases?.map((ph) => ph.maxPieces)).toEqual([12]);
    const played = damka('analyze', '--variant', 'english', '--weights', join(dir, 'joined.json'), '--depth', '4');
    expect(played.code).toBe(0);
    expect(played.out).toMatch(/best move \d+[-x]\d+/);

    for (const [args, message] of [
      [['fit-network', '--data', data, '--pieces', '13-30', '--out', join(dir, 'x.json')], /--pieces wants a range of piece counts like 13-24 \(1 to 24, low first\), got "13-30"/],
      [['fit-network', '--data', data, '--pieces', '12', '--out', join(dir, 'x.json')], /--pieces wants a range/],
      [['join-networks', join(dir, 'all.json'), join(dir, 'late.json'), '--out', join(dir, 'x.json')], /a phase is FILE:N/],
      [['join-networks', join(dir, 'all.json'), `${join(dir, 'late.json')}:8`, `${join(dir, 'late.json')}:10`, '--out', join(dir, 'x.json')], /phase 2: most pieces 10: expected a whole number from 1 to 7, fewer than the phase before/],
      [['join-networks', join(dir, 'joined.json'), `${join(dir, 'late.json')}:8`, '--out', join(dir, 'x.json')], /joined\.json already has phases/],
      [['fit-network', '--data', data, '--init', join(dir, 'joined.json'), '--out', join(dir, 'x.json')], /--init \S*joined\.json has phases \(one network a phase of the game\): give a network of one phase/],
    ] as const) {
      const bad = damka('train', ...args);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(message);
      expect(bad.err).not.toMatch(/\n\s+at /);
    }
  }, 90_000);
});

describe('blendTeacher', () => {
  it('moves the chosen rows\' targets towards the teacher\'s verdict by the weight, and no other row', () => {
    const teacher = new FloatNetwork(128, 16, 16, randomNetwork(16, 16, 8).parameters);
    const boards = samplePositions(ENGLISH, 200, 9), row = new Int32Array(24), all: number[] = [];
    const offsets = new Int32Array(boards.length + 1);
    boards.forEach((b, i) => { const n = networkInputs(ENGLISH.fromBoard(b), EN, row); all.push(...row.subarray(0, n)); offsets[i + 1] = all.length; });
    const y = Float32Array.from(boards, (_, i) => [0, 0.5, 1][i % 3]);
    const rows: NetworkRows = { count: boards.length, offsets, inputs: Int32Array.from(all), y: y.slice(), game: new Int32Array(boards.length) };
    blendTeacher(rows, teacher, 0.25, (i) => i % 4 !== 0);
    let moved = 0;
    for (let i = 0; i < rows.count; i++) {
      const verdict = 1 / (1 + Math.exp(-teacher.forward(rows.inputs, offsets[i], offsets[i + 1])));
      if (i % 4 === 0) expect(rows.y[i]).toBe(y[i]);
      else {
        expect(rows.y[i]).toBeCloseTo(0.75 * y[i] + 0.25 * verdict, 6);
        if (Math.abs(rows.y[i] - y[i]) > 0.01) moved++;
      }
    }
    expect(moved).toBeGreaterThan(50);
  });
});
