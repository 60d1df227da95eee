// The search commands as a user runs them: analyze and bench.

import { describe, expect, it } from 'vitest';
import { damka } from './helpers/engine-process.ts';
import { Game } from '../src/game/game.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatternFeatures } from '../src/eval/pattern/features.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { encodeWeights } from '../src/eval/pattern/weights-file.ts';


describe('damka analyze', () => {
  it('prints one line per iteration and a legal best move', () => {
    const r = damka('analyze', '--variant', 'english', '--moves', '11-15 23-19', '--depth', '6');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    const iterations = lines.filter((l) => l.startsWith('depth '));
    expect(iterations.map((l) => Number(l.split(' ')[1].split('/')[0]))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(iterations[5]).toMatch(/^depth 6\/\d+ score -?\d+\.\d\d nodes \d+ time \d+\.\d{3} nps \d+ pv \d+[-x]\d+/);
    const best = lines.at(-1)!.match(/^best move (\S+) ponder (\S+) score (\S+) depth 6$/);
    expect(best).not.toBeNull();
    const game = new Game(ENGLISH);
    for (const m of ['11-15', '23-19', best![1], best![2]]) game.play(parseMove(ENGLISH, game.position, m));
  });

  it('searches with two threads: deeper and deeper depths up to the one asked, a legal best move', () => {
    const r = damka('analyze', '--variant', 'english', '--moves', '11-15 23-19', '--depth', '8', '--threads', '2');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    // A depth the helper finished first is taken over, not searched again, so one may be skipped.
    const depths = lines.filter((l) => l.startsWith('depth ')).map((l) => Number(l.split(' ')[1].split('/')[0]));
    expect(depths.at(-1)).toBe(8);
    expect(depths.every((d, i) => i === 0 || d > depths[i - 1])).toBe(true);
    const best = lines.at(-1)!.match(/^best move (\S+) ponder (\S+) score (\S+) depth 8$/);
    const game = new Game(ENGLISH);
    for (const m of ['11-15', '23-19', best![1], best![2]]) game.play(parseMove(ENGLISH, game.position, m));
  });

  it('searches with a weights file given by --weights: the shipped file searches as the default, another file otherwise', () => {
    const nodes = (...extra: string[]) => {
      const r = damka('analyze', '--variant', 'english', '--moves', '11-15 23-19', '--depth', '7', ...extra);
      expect(r.code, r.err).toBe(0);
      return r.out.match(/^depth 7\/\d+ score \S+ nodes (\d+)/m)![1];
    };
    // English's default is its network; --eval pattern plays the shipped pattern weights.
    const base = nodes();
    expect(nodes('--weights', 'src/eval/weights/english-network.json')).toBe(base);
    const pattern = nodes('--eval', 'pattern');
    expect(pattern).not.toBe(base);
    expect(nodes('--weights', 'src/eval/weights/english-patterns.json')).toBe(pattern);
    const shipped = shippedWeights(ENGLISH)!;
    const man = new PatternFeatures(ENGLISH).scalar('man');
    const other = join(mkdtempSync(join(tmpdir(), 'damka-cli-weights-')), 'other.json');
    writeFileSync(other, JSON.stringify(encodeWeights({ ...shipped, phases: shipped.phases.map((p) => Int16Array.from(p, (x, i) => (i === man ? x + 800 : x))) })));
    expect(nodes('--weights', other)).not.toBe(pattern);
  });

  it('reports a forced win as a distance', () => {
    const r = damka('analyze', '--variant', 'english', '--fen', 'B:W29:B21,22', '--depth', '4');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/best move 21-25 score win in 1 depth/);
  });

  it('refuses bad input with a clear message and exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [['analyze', '--variant', 'english'], /give a limit/],
      [['analyze', '--depth', '0'], /--depth must be between 1 and 100/],
      [['analyze', '--time', 'soon'], /--time must be a positive number/],
      [['analyze', '--depth', '2', '--threads', '0'], /--threads must be between 1 and \d+/],
      [['bench', '--threads', '999'], /--threads must be between 1 and \d+/],
      [['analyze', '--variant', 'english', '--moves', '11-15 11-15', '--depth', '2'], /--moves: move 2 \(11-15\)/],
      [['analyze', '--fen', 'W:W31-50:B1-20:X', '--depth', '2'], /./],
      [['analyze', '--variant', 'english', '--fen', 'W:W29:B25,22', '--depth', '2'], /game is over/],
      [['analyze', '--variant', 'english', '--depth', '2', '--weights', 'no-such-weights.json'], /evaluation weights no-such-weights\.json: cannot read \(ENOENT\)/],
      [['analyze', '--variant', 'english', '--depth', '2', '--weights', 'src/eval/weights/international-patterns.json'], /made for .international., not english/],
    ];
    for (const [args, message] of cases) {
      const r = damka(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});

describe('damka train fit', () => {
  it('refuses a bad L2, --l2-own without --tie-patterns and a bad --result-weight before reading any data', () => {
    for (const [args, message] of [
      [['--l2-own', 'abc', '--tie-patterns'], /--l2-own must be a number of at least 0, got "abc"/],
      [['--l2', '-1'], /--l2 must be a number of at least 0, got "-1"/],
      [['--l2-own', '1e-9'], /--l2-own goes with --tie-patterns/],
      [['--result-weight', '1.5'], /--result-weight must be between 0 and 1, got "1.5"/],
    ] as const) {
      const r = damka('train', 'fit', '--variant', 'english', '--data', 'no-such-data.bin', '--out', 'never-written.json', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

describe('damka bench', () => {
  it('prints the same node total twice (a signature of the build)', () => {
    const a = damka('bench', '--variant', 'english', '--depth', '5');
    const b = damka('bench', '--variant', 'english', '--depth', '5');
    expect(a.code).toBe(0);
    const nodes = (out: string) => out.match(/^english: (\d+) positions, depth 5, nodes (\d+), time [\d.]+ s, nps \d+$/m);
    const na = nodes(a.out), nb = nodes(b.out);
    expect(na).not.toBeNull();
    expect(Number(na![1])).toBeGreaterThanOrEqual(30);
    expect(Number(na![2])).toBeGreaterThan(1000);
    expect(nb![2]).toBe(na![2]);
    // The same searches on one worker thread of the engine: the same signature.
    const c = damka('bench', '--variant', 'english', '--depth', '5', '--threads', '1');
    expect(c.out).toMatch(new RegExp(`^english: \\d+ positions, depth 5, threads 1, nodes ${na![2]}, `, 'm'));
  });

  it('searches with a weights file given by --weights (the shipped file: the same signature), and refuses one that does not fit', () => {
    const nodes = (...extra: string[]) => {
      const r = damka('bench', '--variant', 'english', '--depth', '4', ...extra);
      expect(r.code, r.err).toBe(0);
      return r.out.match(/^english: \d+ positions, depth 4(?:, threads 1)?, nodes (\d+),/m)![1];
    };
    const base = nodes();
    expect(nodes('--weights', 'src/eval/weights/english-network.json')).toBe(base);
    expect(nodes('--weights', 'src/eval/weights/english-network.json', '--threads', '1')).toBe(base);
    const pattern = nodes('--eval', 'pattern');
    expect(pattern).not.toBe(base);
    expect(nodes('--weights', 'src/eval/weights/english-patterns.json', '--threads', '1')).toBe(pattern);
    const shipped = shippedWeights(ENGLISH)!;
    const man = new PatternFeatures(ENGLISH).scalar('man');
    const other = join(mkdtempSync(join(tmpdir(), 'damka-bench-weights-')), 'other.json');
    writeFileSync(other, JSON.stringify(encodeWeights({ ...shipped, phases: shipped.phases.map((p) => Int16Array.from(p, (x, i) => (i === man ? x + 800 : x))) })));
    expect(nodes('--weights', other)).not.toBe(pattern);
    for (const [args, message] of [
      [['--weights', other], /--weights is for one game: give --variant too/],
      [['--variant', 'international', '--weights', other], /made for .english., not international/],
      [['--variant', 'english', '--eval', 'classic', '--weights', other], /--weights is for the learned evaluation/],
    ] as const) {
      const r = damka('bench', '--depth', '2', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });

  it('covers both variants by default', () => {
    const r = damka('bench', '--depth', '3');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^english: \d+ positions/m);
    expect(r.out).toMatch(/^international: \d+ positions/m);
  });
});
