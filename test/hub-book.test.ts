// A Hub session playing from an opening book: book moves at once (no search), `book` in its
// info line, the book's parameters obeyed, and a bad book reported once and then done without.

import { afterEach, describe, expect, it } from 'vitest';
import type { BookReader } from '../src/book/book-player.ts';
import type { BookProbe } from '../src/book/types.ts';
import { WorkerEngine } from '../src/engine/worker-engine.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { EngineBackend } from '../src/protocols/hub/engine-backend.ts';
import { HubSession } from '../src/protocols/hub/session.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { memoryBook } from './helpers/memory-book.ts';
import { writeOneMoveBook } from './helpers/book-file.ts';
import { EngineProcess } from './helpers/engine-process.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START = formatHubPosition(ENGLISH, ENGLISH.toBoard(ENGLISH.startPosition()));

/** Black's first moves, White's replies to 11-15 and Black's answer to 11-15 23-19. */
const BOOK: BookProbe = memoryBook(ENGLISH, [
  { after: [], moves: [{ move: '11-15', score: 5, depth: 2 }, { move: '9-14', score: 2, depth: 0 }, { move: '10-15', score: 0, depth: 0 }, { move: '12-16', score: -40, depth: 0 }] },
  { after: ['11-15'], moves: [{ move: '23-19', score: -3, depth: 1 }, { move: '22-18', score: -9, depth: 0 }] },
  { after: ['11-15', '23-19'], moves: [{ move: '8-11', score: 4, depth: 0 }] },
]);

const sessions: HubSession[] = [];
const processes: EngineProcess[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) p.kill();
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

/** A session in this process on a real engine, its book read by `reader`, after init. */
async function session(reader: BookReader, params: string[] = []) {
  const lines: string[] = [];
  let wake: (() => void) | null = null;
  const s = new HubSession((line) => { lines.push(line); wake?.(); }, new EngineBackend(new WorkerEngine(16)), () => undefined, reader);
  sessions.push(s);
  let read = 0;
  /** The lines up to the first matching `pattern` not yet read. */
  const until = async (pattern: RegExp): Promise<string[]> => {
    for (;;) {
      const i = lines.findIndex((l, k) => k >= read && pattern.test(l));
      if (i >= 0) {
        const out = lines.slice(read, i + 1);
        read = i + 1;
        return out;
      }
      await new Promise<void>((resolve) => { wake = resolve; });
    }
  };
  for (const line of ['hub', 'set-param name=variant value=english', ...params, 'init']) s.handle(line);
  const start = await until(/^ready$/);
  return { s, until, start, lines };
}

const pos = (moves: string[]) => `pos pos=${START}${moves.length ? ` moves="${moves.join(' ')}"` : ''}`;
/** An info line flagged as a book move. */
const isBook = (l: string) => /^info .* book( |$)/.test(l);
const doneMove = (line: string) => /^done move=(\S+)/.exec(line)![1];

describe('hub: playing from the book', () => {
  it('answers a book position with the book move in under 50 ms, with book and its score in info', async () => {
    const { s, until, start } = await session(() => BOOK);
    expect(start.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(start).toContain('param name=book value=true type=bool');
    expect(start).toContain('param name=book-ply value=9999 type=int min=0 max=9999');
    expect(start).toContain('param name=book-margin value=0 type=int min=0 max=10000');
    expect(start).toContain('param name=book-file value="" type=string');
    const t0 = performance.now();
    s.handle(pos([]));
    s.handle('level move-time=5');
    s.handle('go think');
    const lines = await until(/^done /);
    expect(performance.now() - t0).toBeLessThan(50);
    // The book's line as pv: its best move, the best reply, and the answer to that.
    expect(lines).toEqual(['info depth=0 score=0.05 nodes=0 time=0.000 pv="11-15 23-19 8-11" book book-depth=2', 'done move=11-15 ponder=23-19']);
    // White's turn after 11-15: the book's best reply, from the mover's own view.
    s.handle(pos(['11-15']));
    s.handle('go think');
    expect(await until(/^done /)).toEqual(['info depth=0 score=-0.03 nodes=0 time=0.000 pv="23-19 8-11" book book-depth=1', 'done move=23-19 ponder=8-11']);
  });

  it('searches with book=false, under go analyze, and out of the book', async () => {
    const { s, until } = await session(() => BOOK);
    const searched = async (lines: string[]) => {
      const infos = lines.filter((l) => l.startsWith('info'));
      expect(infos.length).toBeGreaterThan(0);
      expect(infos.every((l) => !isBook(l) && /depth=[1-9]/.test(l))).toBe(true);
      return doneMove(lines.at(-1)!);
    };
    s.handle('level depth=3');
    s.handle(pos([]));
    s.handle('go analyze');
    await searched(await until(/^done /));
    // Out of the book: 9-13 is not in it.
    s.handle(pos(['9-13']));
    s.handle('go think');
    await searched(await until(/^done /));
    s.handle('set-param name=book value=false');
    s.handle(pos([]));
    s.handle('go think');
    await searched(await until(/^done /));
    s.handle('set-param name=book value=true');
    s.handle(pos([]));
    s.handle('go think');
    expect(doneMove((await until(/^done /)).at(-1)!)).toBe('11-15');
  });

  it('obeys book-ply: the book up to that ply, a search after it', async () => {
    const { s, until } = await session(() => BOOK, ['set-param name=book-ply value=1', 'level depth=3']);
    s.handle(pos(['11-15']));
    s.handle('go think');
    expect(isBook((await until(/^done /))[0])).toBe(true);
    s.handle(pos(['11-15', '23-19']));
    s.handle('go think');
    const lines = await until(/^done /);
    expect(lines.some(isBook)).toBe(false);
    expect(lines.filter((l) => l.startsWith('info')).length).toBeGreaterThan(0);
    s.handle('set-param name=book-ply value=all');
    s.handle('go think');
    expect(await until(/^done /)).toEqual(['info depth=0 score=0.04 nodes=0 time=0.000 pv=8-11 book book-depth=0', 'done move=8-11']);
  });

  it('varies its moves with book-margin, towards the best, never outside the margin; always the best at 0', async () => {
    const { s, until } = await session(() => BOOK, ['set-param name=book-margin value=6']);
    const seen = new Map<string, number>();
    for (let game = 0; game < 60; game++) {
      s.handle('new-game');
      s.handle(pos([]));
      s.handle('go think');
      const move = doneMove((await until(/^done /)).at(-1)!);
      seen.set(move, (seen.get(move) ?? 0) + 1);
    }
    // 11-15 (5), 9-14 (2) and 10-15 (0) are within 6 of the best; 12-16 (-40) is not.
    expect([...seen.keys()].sort()).toEqual(['10-15', '11-15', '9-14']);
    expect(seen.get('11-15')!).toBeGreaterThan(seen.get('10-15')!);
    s.handle('set-param name=book-margin value=0');
    for (let game = 0; game < 10; game++) {
      s.handle(pos([]));
      s.handle('go think');
      expect(doneMove((await until(/^done /)).at(-1)!)).toBe('11-15');
    }
    s.handle('set-param name=book-margin value=lots');
    expect((await until(/^error /))[0]).toMatch(/book-margin must be a whole number/);
  });

  it('reports a book it cannot read once, and searches as before', async () => {
    let reads = 0;
    const broken: BookReader = (file) => { reads++; throw new Error(`book ${file || 'shipped'}: file is damaged (CRC mismatch)`); };
    const { s, until, start, lines } = await session(broken, ['level depth=3']);
    expect(start.filter((l) => l.startsWith('error'))).toEqual(['error message="book shipped: file is damaged (CRC mismatch); playing without a book"']);
    for (let i = 0; i < 3; i++) {
      s.handle(pos([]));
      s.handle('go think');
      parseMove(ENGLISH, ENGLISH.startPosition(), doneMove((await until(/^done /)).at(-1)!));
    }
    expect(lines.filter((l) => l.startsWith('error'))).toHaveLength(1);
    expect(reads).toBe(1);
    // Another file is tried (and reported) at once.
    s.handle('set-param name=book-file value=/tmp/other.book');
    expect((await until(/^error /))[0]).toBe('error message="book /tmp/other.book: file is damaged (CRC mismatch); playing without a book"');
  });

  it('refuses another variant\'s book, and never plays a book move the rules refuse', async () => {
    const international = { ...BOOK, variant: 'international' };
    const wrong = await session(() => international, ['level depth=3']);
    expect(wrong.start.filter((l) => l.startsWith('error'))).toEqual(['error message="book (shipped) for english: a book for international, not for english; playing without a book"']);
    wrong.s.handle(pos([]));
    wrong.s.handle('go think');
    expect((await wrong.until(/^done /)).some(isBook)).toBe(false);

    // The book's best is illegal (a piece that is not there); the next is 6 below: searched at margin 0, played at 6.
    const damaged = memoryBook(ENGLISH, [{ after: [], moves: [{ move: '21-17', score: 8, depth: 0 }, { move: '9-14', score: 2, depth: 0 }] }]);
    const { s, until } = await session(() => damaged, ['level depth=3']);
    s.handle(pos([]));
    s.handle('go think');
    const lines = await until(/^done /);
    expect(lines[0]).toMatch(/^error message="the book's move 21-17 in B:W21,22,.* is not played: /);
    expect(lines.some(isBook)).toBe(false);
    s.handle('set-param name=book-margin value=6');
    s.handle('go think');
    // Reported once only.
    expect(await until(/^done /)).toEqual(['info depth=0 score=0.02 nodes=0 time=0.000 pv=9-14 book book-depth=0', 'done move=9-14']);
  });

  it('answers a ponder search from the book at once, and takes the ponder-hit after it', async () => {
    const { s, until, lines } = await session(() => BOOK);
    s.handle(pos(['11-15']));
    s.handle('level move-time=1');
    s.handle('go ponder');
    expect(doneMove((await until(/^done /)).at(-1)!)).toBe('23-19');
    s.handle('ponder-hit');
    s.handle('ping');
    await until(/^pong$/);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});

describe('damka hub: a book file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-hub-book-'));
  // 9-13 is the book's choice (the search's is another): a move from the book is told apart.
  const file = join(dir, 'english.book');
  writeOneMoveBook(file, ENGLISH, ENGLISH.startPosition(), (move) => (move === '9-13' ? 30 : 0));

  async function hub(variant: string, params: string[]): Promise<{ p: EngineProcess; start: string[] }> {
    const p = new EngineProcess(['hub']);
    processes.push(p);
    p.send('hub', `set-param name=variant value=${variant}`, ...params, 'init');
    return { p, start: await p.collect(/^ready$/) };
  }

  it('plays the book file\'s move at once, and its leaf\'s move after it', async () => {
    const { p, start } = await hub('english', [`set-param name=book-file value=${file}`]);
    expect(start.filter((l) => l.startsWith('error'))).toEqual([]);
    p.send(pos([]), 'level move-time=5');
    const t0 = performance.now();
    p.send('go think');
    const lines = await p.collect(/^done /);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(lines[0]).toMatch(/^info depth=0 score=0\.30 nodes=0 time=0\.000 pv="9-13 \S+" book book-depth=0$/);
    expect(lines[1]).toMatch(/^done move=9-13 ponder=/);
    p.send(pos(['9-13']), 'go think');
    expect(isBook((await p.collect(/^done /))[0])).toBe(true);
  });

  it('reports a damaged file, and one for another game, once each, and searches', async () => {
    const damaged = join(dir, 'damaged.book');
    const bytes = readFileSync(file);
    bytes[bytes.length - 5] ^= 0xff;
    writeFileSync(damaged, bytes);
    const { p, start } = await hub('english', [`set-param name=book-file value=${damaged}`, 'level depth=3']);
    expect(start.filter((l) => l.startsWith('error'))).toEqual([`error message="book ${damaged}: file is damaged (CRC mismatch); playing without a book"`]);
    for (let i = 0; i < 2; i++) {
      p.send(pos([]), 'go think');
      const lines = await p.collect(/^done /);
      expect(lines.some(isBook)).toBe(false);
      expect(lines.filter((l) => l.startsWith('info')).length).toBeGreaterThan(0);
    }
    expect(p.lines.filter((l) => l.startsWith('error'))).toHaveLength(1);

    const other = await hub('normal', [`set-param name=book-file value=${file}`, 'level depth=2']);
    expect(other.start.filter((l) => l.startsWith('error'))).toEqual([`error message="book ${file}: a book for english, not for international; playing without a book"`]);
    other.p.send(`pos pos=${formatHubPosition(INTERNATIONAL, INTERNATIONAL.toBoard(INTERNATIONAL.startPosition()))}`, 'go think');
    expect((await other.p.collect(/^done /)).some(isBook)).toBe(false);
    p.send('quit');
    other.p.send('quit');
    expect(p.stderr + other.p.stderr).toBe('');
  });
});
