// The bench tools' options (bench/args.ts), through the self-play tool: --help prints the usage,
// and a misspelt option or a bad evaluation ends the run with the reason instead of playing on
// with the defaults.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

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

  it('refuses an unknown option, a bad evaluation or weights file, with the reason and exit code 2', () => {
    for (const [args, why] of [
      [['--gmaes', '4'], /unknown option --gmaes \(known: --variant --games/],
      [['--a-eval', 'nope'], /--a-eval\/--a-weights: unknown evaluation "nope"/],
      [['--variant', 'international', '--b-eval', 'network'], /--b-eval\/--b-weights: no evaluation network ships for international/],
      [['--a-weights', 'no-such-file.json'], /cannot read \(ENOENT\)/],
    ] as const) {
      const r = selfplay(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.out).toBe('');
    }
  });

  it('says in its log which evaluation each side plays', () => {
    const r = selfplay('--games', '0', '--b-eval', 'classic');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^A: .*"eval":"learned","weights":"shipped"/m);
    expect(r.out).toMatch(/^B: .*"eval":"classic"/m);
  });
});
