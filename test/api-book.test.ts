// The library's engine with an opening book: createEngine({ book }) answers a book position
// from the book (no search, the result flagged), searches everywhere else, and reports a book
// it cannot read once, through onWarning.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DamkaError, type DraughtsEngine, DraughtsGame, createEngine } from '../src/api/index.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { writeOneMoveBook } from './helpers/book-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-api-book-'));
const file = join(dir, 'english.book');
// 9-13 is the book's best and 10-14 two centi-men behind; the other moves far behind.
writeOneMoveBook(file, ENGLISH, ENGLISH.startPosition(), (move) => (move === '9-13' ? 30 : move === '10-14' ? 28 : -50));

const engines: DraughtsEngine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));
const made = (options: Parameters<typeof createEngine>[0]) => {
  const e = createEngine({ tableMb: 8, ...options });
  engines.push(e);
  return e;
};

describe('library engine: the book', () => {
  it('plays the book move, flagged, with no search; the reply too (a leaf\'s move); out of the book it searches', async () => {
    const engine = made({ book: { file } });
    const game = DraughtsGame.create('english');
    const result = await engine.search(game, { depth: 6 }).result;
    expect(result).toMatchObject({ book: true, depth: 0, nodes: 0, score: 30 });
    expect(result.move!.text).toBe('9-13');
    expect(result.pv[0]).toBe('9-13');
    game.play('9-13');
    expect((await engine.search(game, { depth: 6 }).result).book).toBe(true);
    game.play(game.legalMoves()[0].text);
    game.play(game.legalMoves()[0].text);
    const searched = await engine.search(game, { depth: 4 }).result;
    expect(searched).toMatchObject({ book: false, depth: 4 });
  });

  it('searches without the book option (the default), and past lastPly', async () => {
    const plain = await made({}).search(DraughtsGame.create('english'), { depth: 4 }).result;
    expect(plain).toMatchObject({ book: false, depth: 4 });
    const game = DraughtsGame.create('english');
    game.play('9-13');
    const late = await made({ book: { file, lastPly: 0 } }).search(game, { depth: 4 }).result;
    expect(late).toMatchObject({ book: false, depth: 4 });
  });

  it('varies its first move within the margin', async () => {
    const engine = made({ book: { file, margin: 5 } });
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add((await engine.search(DraughtsGame.create('english'), { depth: 2 }).result).move!.text);
    expect([...seen].sort()).toEqual(['10-14', '9-13']);
  });

  it('reports a book it cannot read once, and searches', async () => {
    const bad = join(dir, 'bad.book');
    writeFileSync(bad, 'this is not a book, and it is longer than a book header would be: sixty-four bytes');
    const warnings: string[] = [];
    const engine = made({ book: { file: bad }, onWarning: (m) => warnings.push(m) });
    for (let i = 0; i < 2; i++) expect((await engine.search(DraughtsGame.create('english'), { depth: 3 }).result).book).toBe(false);
    expect(warnings).toEqual([`book ${bad}: not a Damka book file; playing without a book`]);
  });

  it('refuses bad book options', () => {
    for (const book of [{ margin: -1 }, { margin: 2.5 }, { lastPly: -2 }, 'yes']) {
      expect(() => createEngine({ book: book as never })).toThrow(DamkaError);
    }
  });
});
