// The bench tools' options (bench/args.ts): --help prints the usage, and a misspelt option (or,
// in the self-play tool, a bad evaluation) ends the run with the reason instead of running on
// with the defaults.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { writeOneMoveBook } from './helpers/book-file.ts';

const selfplay = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['dist/selfplay.js', ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('bench tool options', () => {
  it('--help prints the usage and plays nothing', () => {
    const r = selfplay('--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^node dist\/selfplay\.js \[--variant V\] \[--games N\]/);
    expect(r.out).not.toMatch(/game 1:/);
  });

  it('warns that games past two an opening replay earlier ones at fixed nodes (they do), and not under a clock', () => {
    const games = (out: string) => out.split('\n').filter((l) => l.startsWith('game ')).map((l) => l.replace(/^game \d+: /, '').replace(/ \|.*/, ''));
    const again = selfplay('--nodes', '300', '--first', '314', '--games', '316');
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/^selfplay: at fixed nodes games 315-316 repeat games 1-2 move for move \(157 openings, two games each\)/);
    const firstTwo = selfplay('--nodes', '300', '--games', '2');
    expect(firstTwo.err).toBe('');
    expect(games(again.out)).toHaveLength(2);
    expect(games(again.out)).toEqual(games(firstTwo.out));
    const timed = selfplay('--time', '0.005', '--first', '314', '--games', '316', '--max-plies', '20');
    expect(timed.code).toBe(0);
    expect(timed.err).toBe('');
  });

  it('refuses an unknown option, a bad evaluation or weights file, with the reason and exit code 2', () => {
    for (const [args, why] of [
      [['--gmaes', '4'], /unknown option --gmaes \(known: --variant --games/],
      [['--a-eval', 'nope'], /--a-eval\/--a-weights: unknown evaluation "nope"/],
      [['--b-eval', 'network', '--b-weights', 'src/eval/weights/english-patterns.json'], /--b-eval\/--b-weights: the weights file holds pattern weights, not the network asked for/],
      [['--a-weights', 'no-such-file.json'], /cannot read \(ENOENT\)/],
      [['--first', '300', '--games', '300'], /--first 300 with --games 300 plays no game: --games is the number the match ends at \(--first 300 --games 600 plays games 301-600\)/],
    ] as const) {
      const r = selfplay(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.out).toBe('');
    }
  });

  it('gives one side a book: its move there comes from the book, the other side searches; a book it cannot read ends it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'damka-selfplay-book-')), 'first-opening.book');
    writeOneMoveBook(file, ENGLISH, openingGame(ENGLISH, defaultOpenings(ENGLISH)[0]).position, () => 0);
    const r = selfplay('--nodes', '300', '--games', '2', '--max-plies', '30', '--a-book', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^A: .*"book":"[^"]*first-opening\.book"/m);
    expect(r.out).toMatch(/^B: .*"book":"none"/m);
    // A moves from the book once a game: at the opening when A moves first, else at the leaf B's searched move leads to.
    // B, with no book, never does (that would make it 2).
    const lines = r.out.split('\n').filter((l) => l.startsWith('game '));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/ plies, 1 from the book\) \|/);
    const bad = selfplay('--games', '2', '--b-book', join(tmpdir(), 'no-such.book'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--b-book: book \S+no-such\.book: no such file/);
  });

  it('--pdn writes every game with A and B as the players, and --part counts its own games', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'damka-selfplay-pdn-')), 'games.pdn');
    const r = selfplay('--nodes', '300', '--games', '4', '--part', '1/2', '--max-plies', '12', '--pdn', file);
    expect(r.code).toBe(0);
    // Part 1 of 2 plays pair 1 (games 3 and 4), its first and second games.
    expect(r.out).toMatch(/^game 3 \(1 of part 1\/2\): /m);
    expect(r.out).toMatch(/^game 4 \(2 of part 1\/2\): /m);
    const records = parsePdn(readFileSync(file, 'utf8'));
    expect(records.map((g) => [g.tags.get('Round'), g.tags.get('White'), g.tags.get('Black')])).toEqual([['3', 'A', 'B'], ['4', 'B', 'A']]);
    // Each record replays to a game of the opening's position after its 12 plies.
    for (const record of records) expect(replayPdn(record, ENGLISH).ply).toBe(12);
  });

  it('says in its log which evaluation each side plays', () => {
    const r = selfplay('--games', '0', '--b-eval', 'classic');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^A: .*"eval":"learned","weights":"shipped"/m);
    expect(r.out).toMatch(/^B: .*"eval":"classic"/m);
  });

  // Every tool that takes options, by its dist entry: each checks them before doing any work.
  const TOOLS = [
    'bench', 'book-agreement', 'book-coverage', 'browser-bench', 'check-suites', 'deopts', 'egdb-playout', 'eval-speed', 'find-tactics', 'first-moves', 'hub-latency',
    'lost-games', 'make-bench-positions', 'make-openings', 'match-rapid', 'opening-scores', 'smp', 'table-entries',
  ];
  const tool = (name: string, ...args: string[]) => {
    const r = spawnSync(process.execPath, [`dist/${name}.js`, ...args], { encoding: 'utf8', timeout: 30_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it('every tool refuses a misspelt option before it starts, naming the options it knows', () => {
    for (const name of TOOLS) {
      const r = tool(name, '--no-such-option', '1');
      expect(r.code, name).toBe(2);
      expect(r.err, name).toMatch(new RegExp(`^${name}: unknown option --no-such-option \\(known:`));
      expect(r.out, name).toBe('');
    }
  });

  it('a tool refuses an option given no value, at the end of the line or before another option', () => {
    for (const [name, args] of [
      ['eval-speed', ['--weights']],
      ['selfplay', ['--games']],
      ['selfplay', ['--games', '--variant', 'english']],
      ['smp', ['--variant', 'english', '--runs']],
    ] as const) {
      const r = tool(name, ...args);
      expect(r.code, `${name} ${args.join(' ')}`).toBe(2);
      expect(r.err).toMatch(new RegExp(`^${name}: ${args.find((a, i) => a.startsWith('--') && (args[i + 1] ?? '--').startsWith('--'))} wants a value \\(node dist/${name}\\.js`));
      expect(r.out).toBe('');
    }
  });

  it('every tool prints its usage on --help and does nothing else', () => {
    for (const name of TOOLS) {
      const r = tool(name, '--help');
      expect(r.code, name).toBe(0);
      expect(r.out, name).toMatch(name === 'bench' ? /^npm run bench/ : new RegExp(`^node dist/${name}\\.js`));
      expect(r.out.trim().split('\n').length, name).toBeLessThanOrEqual(3);
    }
  });
});
