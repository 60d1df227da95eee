// The command line's book options: analyze --book (no book unless asked), play --book, and the
// options' bad values refused.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGLISH } from '../src/rules/variants.ts';
import { writeOneMoveBook } from './helpers/book-file.ts';
import { CLI, EngineProcess, damka } from './helpers/engine-process.ts';
import { gameAfter } from './helpers/memory-book.ts';

const file = join(mkdtempSync(join(tmpdir(), 'damka-cli-book-')), 'english.book');
writeOneMoveBook(file, ENGLISH, ENGLISH.startPosition(), (move) => (move === '9-13' ? 30 : 0));

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

describe('damka analyze --book', () => {
  it('answers from the book when given one, and searches without', () => {
    const booked = damka('analyze', '--variant', 'english', '--depth', '4', '--book', file);
    expect(booked.code).toBe(0);
    expect(booked.out).toMatch(/^book line 9-13 \d+-\d+\nbest move 9-13 score 0\.30 book depth 0\n$/);
    for (const args of [[], ['--book', 'none']]) {
      const searched = damka('analyze', '--variant', 'english', '--depth', '4', ...args);
      expect(searched.code).toBe(0);
      expect(searched.out).toMatch(/^depth 4\/\d+ /m);
      expect(searched.out).not.toMatch(/book/);
    }
    // Past --book-ply: a search.
    const late = damka('analyze', '--variant', 'english', '--depth', '3', '--moves', '9-13', '--book', file, '--book-ply', '0');
    expect(late.out).toMatch(/^depth 3\/\d+ /m);
  });

  it('reports a book it cannot read on stderr and searches; refuses bad values', () => {
    const missing = damka('analyze', '--variant', 'english', '--depth', '3', '--book', join(tmpdir(), 'no-such.book'));
    expect(missing.code).toBe(0);
    expect(missing.err).toMatch(/^damka: book \S+no-such\.book: no such file; playing without a book\n$/);
    expect(missing.out).toMatch(/^best move /m);
    for (const [args, why] of [
      [['--book-margin', 'wide'], /--book-margin must be a whole number of centi-men/],
      [['--book-ply', '-3'], /--book-ply must be a ply from 0 or "all"/],
    ] as const) {
      const r = damka('analyze', '--variant', 'english', '--depth', '3', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(why);
    }
  });
});

describe('damka play --book', () => {
  it('plays the book move, saying so, and searches with --book none', async () => {
    const p = new EngineProcess(['play', '--variant', 'english', '--book', file]);
    running.push(p);
    p.send('depth 3', 'go');
    expect(await p.expect(/^engine plays /)).toBe('engine plays 9-13 (book, score 0.30)');
    const q = new EngineProcess(['play', '--variant', 'english', '--book', 'none']);
    running.push(q);
    q.send('depth 3', 'go');
    expect(await q.expect(/^engine plays /)).toMatch(/^engine plays \d+-\d+ \(score -?\d+\.\d\d, depth 3\)$/);
  });
});

describe('damka match -p N:book=...', () => {
  it('gives the book to one Damka engine and not the other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'damka-match-book-'));
    const openings = join(dir, 'openings.txt');
    writeFileSync(openings, '11-15\n');
    const after = join(dir, 'after-11-15.book');
    writeOneMoveBook(after, ENGLISH, gameAfter(ENGLISH, ['11-15']).position, (move) => (move === '21-17' ? 30 : 0));
    const pdn = join(dir, 'games.pdn');
    const engine = `${process.execPath} ${CLI} hub`;
    const r = spawnSync(process.execPath, [CLI, 'match', '--variant', 'english', '-e', engine, '-e', engine, '--depth', '1', '--games', '2', '--max-plies', '10',
      '--openings', openings, '--pdn', pdn, '-p', `1:book-file=${after}`, '-p', `2:book-file=${after}`, '-p', '2:book=false'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // White's first reply in each game: the book's 21-17 from engine 1, a search's other move from engine 2.
    const replies = Object.fromEntries(readFileSync(pdn, 'utf8').split(/\n\n(?=\[)/).map((game) => [/\[White "([^"]*)"\]/.exec(game)![1], /1\. 11-15 (\S+)/.exec(game)![1]]));
    expect(replies['Damka (1)']).toBe('21-17');
    expect(replies['Damka (2)']).toMatch(/^\d+-\d+$/);
    expect(replies['Damka (2)']).not.toBe('21-17');
  });
});
