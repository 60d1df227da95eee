// The built command line as a user runs it: output, exit codes, and errors without stack traces.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { damka } from './helpers/engine-process.ts';


describe('damka perft', () => {
  it('prints counts per depth with time and speed', () => {
    const r = damka('perft', '--variant', 'english', '--depth', '5');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').filter((l) => l.startsWith('depth'));
    expect(lines.map((l) => Number(l.split(' ')[3]))).toEqual([7, 49, 302, 1469, 7361]);
    expect(lines[4]).toMatch(/^depth 5 leaves 7361 time \d+\.\d{3}s \d+\.\d+ Mleaves\/s$/);
  });

  it('divides by root move in PDN notation', () => {
    const r = damka('perft', '--variant', 'normal', '--depth', '3', '--divide');
    expect(r.code).toBe(0);
    expect(r.out).toContain('32-28 ');
    expect(r.out).toMatch(/moves 9 leaves 658 /);
  });

  it('counts the same with threads, from a FEN', () => {
    const fen = 'W:W31-50:B1-20';
    const one = damka('perft', '--fen', fen, '--depth', '5');
    const two = damka('perft', '--fen', fen, '--depth', '5', '--threads', '2');
    const leaves = (out: string) => out.split('\n').filter((l) => l.startsWith('depth')).map((l) => l.split(' ')[3]);
    expect(two.code).toBe(0);
    expect(leaves(two.out)).toEqual(leaves(one.out));
    expect(leaves(two.out).at(-1)).toBe('27117');
  });
});

describe('damka moves', () => {
  it('lists the legal moves one a line', () => {
    const r = damka('moves', '--variant', 'english');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toEqual(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']);
  });

  it('prints captures, with the long form where two share start and end', () => {
    // A white king on 46 can take 28 and 19? Use a position with a simple forced capture.
    const r = damka('moves', '--variant', 'international', '--fen', 'W:W28:B23');
    expect(r.out.trim()).toBe('28x19');
  });
});

describe('the other games', () => {
  it('perft, moves and analyze take --variant brazilian, russian and turkish', () => {
    for (const [variant, moves] of [['brazilian', 7], ['russian', 7], ['turkish', 8]] as const) {
      const perft = damka('perft', '--variant', variant, '--depth', '4');
      expect(perft.code, perft.err).toBe(0);
      expect(perft.out).toMatch(new RegExp(`depth 4 leaves ${variant === 'turkish' ? 7538 : 1469} `));
      expect(damka('moves', '--variant', variant).out.trim().split('\n')).toHaveLength(moves);
    }
    const r = damka('analyze', '--variant', 'turkish', '--fen', 'W:WKd1:Bd3,f6,g4,b3,h8', '--depth', '3');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/best move d1xd6xg6xg3xa3 /);
  });

  it('dxp refuses any game but International, saying why', () => {
    const r = damka('dxp', '--variant', 'turkish', '--listen');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/DXP plays International draughts only/);
  });
});

describe('errors', () => {
  it.each([
    [['perft', '--variant', 'chess', '--depth', '3'], /unknown variant "chess"/],
    [['perft', '--depth', 'x'], /--depth must be a whole number/],
    [['perft', '--depth', '0'], /--depth must be between 1 and 40/],
    [['perft'], /required option/],
    [['moves', '--fen', 'W:W31-50:B1-55'], /square 55 is off the board/],
    [['moves', '--fen', 'X:W31:B1'], /side to move must be W or B/],
    [['frobnicate'], /unknown command/],
  ])('damka %j fails cleanly', (args, message) => {
    const r = damka(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('a reader that stops early', () => {
  it('ends the command quietly, as `damka ... | head -1` does', () => {
    // perft writes its lines after head has exited: without the guard, an EPIPE stack trace.
    const r = spawnSync('sh', ['-c', 'node dist/damka.js perft --variant international --depth 5 --divide | head -c 10'], { encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/EPIPE|Error/);
    expect(r.stdout).toBe('perft inte');
  });
});
