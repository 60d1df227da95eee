// The book builder: drop-out expansion picks the leaf its formula says, inner nodes carry the
// negamax of their children, a transposition is one node, and a build killed mid-way leaves a
// valid book that a resumed build extends to the very book an unbroken build makes.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BookBuilder } from '../src/book/book-builder.ts';
import { type Book, loadBook } from '../src/book/book-file.ts';
import { BookGraph, type BookNode } from '../src/book/book-graph.ts';
import { nextLeaf, nextLeafToDeepen, prioritise, scoreNodes } from '../src/book/expansion.ts';
import { bookRoots, gameRoots, openingPositions } from '../src/book/book-roots.ts';
import { bookStats } from '../src/book/book-stats.ts';
import { searchLeaf } from '../src/book/leaf-search.ts';
import type { LeafSearcher } from '../src/book/leaf-searcher.ts';
import type { LeafJob } from '../src/book/types.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';

const CLI = fileURLToPath(new URL('../dist/damka.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'damka-book-build-'));

/** Leaf searches in this thread: the builder takes any LeafSearcher. */
const inProcess: LeafSearcher = { run: async (job: LeafJob) => searchLeaf(job), close: async () => {} };
const scored = (node: BookNode, score: number) => { node.search = { score, move: 'x', depth: 1, nodes: 1 }; };

describe('drop-out expansion', () => {
  // The start expanded; its best move (for the side to move, 10 centi-men) expanded too, with
  // its own best reply holding that score; the second-best move 5 centi-men worse. The best
  // reply's child is 2 plies deep with no drop; the second move 1 ply deep with a drop of 5:
  // at weight 0.1 its priority is 1 + 0.5 = 1.5 < 2, at weight 0.3 it is 2.5 > 2.
  function smallGraph() {
    const graph = new BookGraph(ENGLISH);
    const root = graph.node(ENGLISH.startPosition());
    scored(root, 0);
    const children = graph.expand(root);
    children.forEach((c, i) => scored(c, i === 3 ? -10 : i === 5 ? -5 : 40 + i));
    graph.settle();
    const best = children[3];
    const replies = graph.expand(best);
    replies.forEach((c, i) => scored(c, i === 1 ? 10 : 50 + i));
    graph.settle();
    return { graph, root, best, second: children[5], bestReply: replies[1] };
  }

  it('expands the leaf of the smallest depth + weight × centi-men worse', () => {
    const g = smallGraph();
    expect(nextLeaf(g.graph, [{ node: g.root, ply: 0 }], 0.1)).toBe(g.second);
    expect(g.second.priority).toBeCloseTo(1.5, 9);
    expect(g.bestReply.priority).toBeCloseTo(2, 9);
    expect(nextLeaf(g.graph, [{ node: g.root, ply: 0 }], 0.3)).toBe(g.bestReply);
    expect(g.second.priority).toBeCloseTo(2.5, 9);
    expect(g.root.value).toBe(10);
    expect(g.best.value).toBe(-10);
    expect(g.root.height).toBe(2);
  });

  it('never expands a position without moves or one the search saw won or lost', () => {
    const g = smallGraph();
    g.second.search = { score: 29_950, move: '1-5', depth: 3, nodes: 10 };
    g.bestReply.search = { score: -30_000, move: '', depth: 0, nodes: 0 };
    const pick = nextLeaf(g.graph, [{ node: g.root, ply: 0 }], 0.1)!;
    expect(pick).not.toBe(g.second);
    expect(pick).not.toBe(g.bestReply);
    expect(pick.terminal).toBe(false);
  });

  it('makes one node of a transposition, with both parents leading to it', () => {
    const graph = new BookGraph(ENGLISH);
    const start = ENGLISH.startPosition();
    const line = (moves: string[]) => moves.reduce((pos, m) => ENGLISH.play(pos, parseMove(ENGLISH, pos, m)), start);
    const a = line(['9-13', '24-20']), b = line(['10-14', '24-20']);
    graph.expand(graph.node(a));
    graph.expand(graph.node(b));
    const viaA = graph.node(a).children!.find((c) => c.move === '10-14')!.node;
    const viaB = graph.node(b).children!.find((c) => c.move === '9-13')!.node;
    expect(viaA).toBe(viaB);
    // Both positions, their moves' positions, the shared one once.
    expect(graph.nodes.size).toBe(2 + ENGLISH.legalMoves(a).length + ENGLISH.legalMoves(b).length - 1);
  });
});

/** Every expanded position's value is the negamax of its children's; a leaf's its search's. */
function checkNegamax(book: Book): number {
  let inner = 0;
  for (let i = 0; i < book.size; i++) {
    if (!book.expanded(i)) { expect(book.value(i)).toBe(book.searchAt(i).score); expect(book.height(i)).toBe(0); continue; }
    inner++;
    const moves = book.movesAt(i);
    // + 0: a child's 0 negated is -0, which toBe tells from 0.
    const best = Math.max(...moves.map((m) => -book.value(m.child))) + 0;
    expect(book.value(i)).toBe(best);
    expect(-book.value(moves[0].child) + 0).toBe(best);
    expect(book.height(i)).toBe(1 + book.height(moves[0].child));
  }
  return inner;
}

describe('building a book', () => {
  it('scores every inner position by the negamax of its children', async () => {
    const path = join(dir, 'negamax.book');
    const r = await new BookBuilder({ variant: INTERNATIONAL, path, limits: { depth: 2 }, searcher: inProcess, positions: 120, roots: 'start' }).run();
    expect(r.positions).toBe(120);
    const book = loadBook(path, 'international');
    expect(book.size).toBe(120);
    expect(checkNegamax(book)).toBeGreaterThan(5);
    expect(book.params).toMatchObject({ limits: { depth: 2 }, searches: 120, weight: 1, roots: 'the start position' });
  });

  it('grows from every English ballot', async () => {
    const path = join(dir, 'ballots.book');
    await new BookBuilder({ variant: ENGLISH, path, limits: { depth: 1 }, searcher: inProcess, positions: 250 }).run();
    const book = loadBook(path, 'english');
    // Roots first: the start, the positions after one and two moves, then the 157 ballots.
    for (const ballot of ['9-13 21-17 5-9', '11-15 23-19 9-14', '12-16 24-20 8-12']) {
      const pos = ballot.split(' ').reduce((p, m) => ENGLISH.play(p, parseMove(ENGLISH, p, m)), ENGLISH.startPosition());
      expect(book.find(pos.keyLo, pos.keyHi)).toBeGreaterThanOrEqual(0);
    }
    checkNegamax(book);
  });

  it('grows from every shipped International opening, each from its own plies from the start', async () => {
    const path = join(dir, 'openings.book');
    const openings = openingPositions(INTERNATIONAL);
    expect(openings.length).toBe(100);
    const roots = bookRoots(INTERNATIONAL);
    // The roots are searched first, shallowest first: the start, then the openings' positions ply by ply.
    expect(roots[0]).toMatchObject({ ply: 0 });
    expect(roots.map((r) => r.ply)).toEqual([...roots.map((r) => r.ply)].sort((a, b) => a - b));
    await new BookBuilder({ variant: INTERNATIONAL, path, limits: { depth: 1 }, searcher: inProcess, positions: roots.length + 30 }).run();
    const book = loadBook(path, 'international');
    expect(book.params).toMatchObject({ roots: 'the start and every position of the openings in openings/international.txt' });
    for (const pos of openings) expect(book.find(pos.keyLo, pos.keyHi)).toBeGreaterThanOrEqual(0);
    expect(bookStats(INTERNATIONAL, book).openingDepths.every((d) => d >= 0)).toBe(true);
    // Each opening's position expands at priority 4 (its plies), however much worse the line
    // from the start that reaches it, so each grows from its own best line.
    const graph = BookGraph.fromBook(INTERNATIONAL, book, path);
    const rootNodes = roots.map((r) => ({ node: graph.node(r.pos), ply: r.ply }));
    scoreNodes(graph);
    prioritise(graph, rootNodes);
    for (const pos of openings) expect(graph.node(pos).priority).toBeLessThanOrEqual(4);
    expect(nextLeaf(graph, rootNodes)!.priority).toBeLessThanOrEqual(4);
    checkNegamax(book);
  });

  it('makes the same book with several searches at once as with one, whichever search ends first', async () => {
    // Searches that end in a random order, three at a time, as a pool's do.
    let running = 0, most = 0;
    const shuffled = (seed: number): LeafSearcher => {
      let s = seed;
      return {
        parallel: 3,
        run: async (job: LeafJob) => {
          running++;
          most = Math.max(most, running);
          s = (Math.imul(s, 1103515245) + 12345) >>> 0;
          await new Promise((resolve) => setTimeout(resolve, (s >>> 16) % 15));
          running--;
          return searchLeaf(job);
        },
        close: async () => {},
      };
    };
    const one = join(dir, 'one-at-a-time.book');
    await new BookBuilder({ variant: ENGLISH, path: one, limits: { depth: 2 }, searcher: inProcess, positions: 90, roots: 'start' }).run();
    const want = contents(loadBook(one, 'english'));
    for (const seed of [1, 2]) {
      const three = join(dir, `three-at-a-time-${seed}.book`);
      await new BookBuilder({ variant: ENGLISH, path: three, limits: { depth: 2 }, searcher: shuffled(seed), positions: 90, roots: 'start' }).run();
      expect(contents(loadBook(three, 'english'))).toEqual(want);
      // Deepening too: each leaf searched again before its expansion, in the same order.
      const deeper = join(dir, `three-deeper-${seed}.book`);
      await new BookBuilder({ variant: ENGLISH, path: deeper, from: loadBook(three, 'english'), limits: { depth: 3 }, searcher: shuffled(seed + 10), positions: 40, roots: 'start', deepen: true }).run();
      const deeperOne = join(dir, `one-deeper-${seed}.book`);
      await new BookBuilder({ variant: ENGLISH, path: deeperOne, from: loadBook(one, 'english'), limits: { depth: 3 }, searcher: inProcess, positions: 40, roots: 'start', deepen: true }).run();
      expect(contents(loadBook(deeper, 'english'))).toEqual(contents(loadBook(deeperOne, 'english')));
    }
    // The searches did run three at a time.
    expect(most).toBe(3);
  });

  it('with overlap, chooses the next leaf while searches run, keeping every worker busy', async () => {
    let running = 0;
    const waits: number[] = [];
    const slow: LeafSearcher = {
      parallel: 3,
      run: async (job: LeafJob) => {
        waits.push(running);
        running++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return searchLeaf(job);
      },
      close: async () => {},
    };
    // How many of a build's 60 searches started beside two others.
    const busy = async (overlap: boolean) => {
      waits.length = 0;
      const path = join(dir, `overlap-${overlap}.book`);
      const r = await new BookBuilder({ variant: ENGLISH, path, limits: { depth: 2 }, searcher: slow, positions: 60, roots: 'start', overlap }).run();
      expect(r.searched).toBe(60);
      checkNegamax(loadBook(path, 'english'));
      return waits.filter((w) => w === 2).length;
    };
    // Without overlap the workers wait at the end of every expansion (English's have 1 to 10
    // children); with it only the start's first searches do.
    const waiting = await busy(false), overlapping = await busy(true);
    expect(overlapping).toBeGreaterThan(waiting);
    expect(overlapping).toBeGreaterThan(50);
  });
});

describe('deepening a book', () => {
  const keyOf = (book: Book, i: number) => `${book.keyHiAt(i)}:${book.keyLoAt(i)}`;

  it('searches again, deeper, the leaves expansion ranks first, expanding nothing, until none is shallower', async () => {
    const path = join(dir, 'deepen.book');
    await new BookBuilder({ variant: INTERNATIONAL, path, limits: { depth: 2 }, searcher: inProcess, positions: 60, roots: 'start' }).run();
    const before = loadBook(path, 'international');
    // The leaf drop-out expansion would expand next is the first one searched again.
    const graph = BookGraph.fromBook(INTERNATIONAL, before, path);
    const roots = [{ node: graph.node(INTERNATIONAL.startPosition()), ply: 0 }];
    const first = nextLeafToDeepen(graph, roots, 1, () => true)!;
    expect(first).toBe(nextLeaf(graph, roots, 1));

    const r = await new BookBuilder({ variant: INTERNATIONAL, path, from: before, limits: { depth: 4 }, searcher: inProcess, positions: 10, roots: 'start', deepen: true, expand: false }).run();
    expect(r.searched).toBe(10);
    const after = loadBook(path, 'international');
    expect(after.size).toBe(before.size);
    let deeper = 0;
    for (let i = 0; i < after.size; i++) {
      expect(keyOf(after, i)).toBe(keyOf(before, i));
      expect(after.expanded(i)).toBe(before.expanded(i));
      const was = before.searchAt(i), now = after.searchAt(i);
      if (now.depth !== was.depth) { deeper++; expect(before.expanded(i)).toBe(false); expect(now.depth).toBe(4); }
    }
    expect(deeper).toBe(10);
    const i = after.find(first.pos.keyLo, first.pos.keyHi);
    expect(after.searchAt(i).depth).toBe(4);
    checkNegamax(after);
    expect(after.params).toMatchObject({ limits: { depth: 4 }, searches: 70, researched: 10, searchesByLimits: { '{"depth":2}': 60, '{"depth":4}': 10 } });

    // To the end: every leaf the start reaches is searched to depth 4; a second run finds none left.
    const rest = await new BookBuilder({ variant: INTERNATIONAL, path, from: after, limits: { depth: 4 }, searcher: inProcess, roots: 'start', deepen: true, expand: false }).run();
    expect(rest.stopped).toBe('complete');
    const done = loadBook(path, 'international');
    const unreachable = bookStats(INTERNATIONAL, done).unreachable;
    let shallow = 0;
    for (let k = 0; k < done.size; k++) if (!done.expanded(k) && done.searchAt(k).depth < 4 && Math.abs(done.searchAt(k).score) < 29_000) shallow++;
    expect(shallow).toBeLessThanOrEqual(unreachable);
    expect(Number(done.params.researched)).toBe(10 + rest.searched);
    const again = await new BookBuilder({ variant: INTERNATIONAL, path, from: done, limits: { depth: 4 }, searcher: inProcess, roots: 'start', deepen: true, expand: false }).run();
    expect(again.searched).toBe(0);
  });

  it('growing, searches a shallow leaf again before it expands it', async () => {
    const path = join(dir, 'deepen-grow.book');
    await new BookBuilder({ variant: INTERNATIONAL, path, limits: { depth: 2 }, searcher: inProcess, positions: 40, roots: 'start' }).run();
    const before = loadBook(path, 'international');
    const r = await new BookBuilder({ variant: INTERNATIONAL, path, from: before, limits: { depth: 4 }, searcher: inProcess, positions: 60, roots: 'start', deepen: true }).run();
    expect(r.searched).toBe(60);
    const after = loadBook(path, 'international');
    const researched = Number(after.params.researched);
    expect(researched).toBeGreaterThan(0);
    expect(after.size).toBe(before.size + 60 - researched);
    // Every position expanded now and not before, and every new one, has the deeper search.
    let grown = 0;
    for (let i = 0; i < after.size; i++) {
      const was = before.find(after.keyLoAt(i), after.keyHiAt(i));
      const mate = Math.abs(after.searchAt(i).score) > 29_000;
      if (was < 0 && !mate) expect(after.searchAt(i).depth).toBe(4);
      if (was >= 0 && after.expanded(i) && !before.expanded(was)) { grown++; if (!mate) expect(after.searchAt(i).depth).toBe(4); }
    }
    expect(grown).toBeGreaterThan(0);
    checkNegamax(after);
    // Deterministic: the same run from the same book makes the same book.
    const twin = join(dir, 'deepen-grow-twin.book');
    await new BookBuilder({ variant: INTERNATIONAL, path: twin, from: before, limits: { depth: 4 }, searcher: inProcess, positions: 60, roots: 'start', deepen: true }).run();
    expect(contents(loadBook(twin, 'international'))).toEqual(contents(after));
  });

  it('is given by book build --deepen, which wants --book and a --nodes or --depth', () => {
    const path = join(dir, 'deepen-cli.book');
    const run = (...more: string[]) => spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'international', '--workers', '1', '--roots', 'start', ...more], { encoding: 'utf8' });
    expect(run('--out', path, '--depth', '2', '--positions', '30').status).toBe(0);
    const noBook = run('--out', join(dir, 'other.book'), '--depth', '3', '--deepen');
    expect(noBook.status).toBe(2);
    expect(noBook.stderr).toMatch(/--deepen goes with --book/);
    for (const limits of [[], ['--time', '1']]) {
      const r = run('--book', path, '--deepen', ...limits);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--deepen needs the deeper search per leaf as --nodes N or --depth D/);
    }
    const ok = run('--book', path, '--depth', '3', '--deepen', '--no-expand', '--positions', '4');
    expect(ok.status, ok.stderr).toBe(0);
    const stats = spawnSync(process.execPath, [CLI, 'book', 'stats', path], { encoding: 'utf8' });
    expect(stats.stdout).toMatch(/built: 34 leaf searches \(4 of them leaves searched again, deeper\), 30 of \{"depth":2\}, 4 of \{"depth":3\}/);
    expect(stats.stdout).toMatch(/30 positions/);
  });
});

describe('growing from played games', () => {
  // Two games sharing their first two moves (a transposition of the second's third and fourth
  // moves into the first's would be one node too); the second has a FEN-less start like the first.
  const GAMES = `[White "Damka"]\n[Black "Other"]\n[GameType "21"]\n[Result "*"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 *\n\n`
    + `[White "Other"]\n[Black "Damka"]\n[GameType "21"]\n[Result "*"]\n\n1. 11-15 23-19 2. 9-14 27-23 *\n`;
  const after = (moves: string) => moves.split(' ').reduce((p, m) => ENGLISH.play(p, parseMove(ENGLISH, p, m)), ENGLISH.startPosition());

  it('takes every position of the first plies once, at the smallest ply it was reached at, in the games\' order', () => {
    const r = gameRoots(ENGLISH, GAMES, 4, 'two.pdn');
    expect(r.games).toBe(2);
    // Plies 1-4 of the first game, and plies 3-4 of the second (1-2 are the first's).
    expect(r.roots.map((x) => x.ply)).toEqual([1, 2, 3, 4, 3, 4]);
    expect(r.roots[0].pos.keyString()).toBe(after('11-15').keyString());
    expect(r.roots.map((x) => x.pos.keyString())).toContain(after('11-15 23-19 9-14 27-23').keyString());
    expect(r.roots.map((x) => x.pos.keyString())).not.toContain(after('11-15 23-19 8-11 22-17 9-13').keyString());
    expect(r.name).toBe('the positions of the first 4 plies of the 2 games in two.pdn');
  });

  it('takes only the positions a named player was to move in', () => {
    // English: Black (the first game's Other, the second's Damka) moves at the start and at every even ply.
    const r = gameRoots(ENGLISH, GAMES, 4, 'two.pdn', 'Damka');
    const keys = r.roots.map((x) => x.pos.keyString());
    // The first game's White positions, then the second's Black ones.
    expect(keys).toEqual([after('11-15').keyString(), after('11-15 23-19 8-11').keyString(), after('11-15 23-19').keyString(), after('11-15 23-19 9-14 27-23').keyString()]);
    expect(r.name).toMatch(/with Damka to move/);
  });

  it('refuses another game\'s records and an illegal move, naming the game and the move', () => {
    expect(() => gameRoots(INTERNATIONAL, GAMES, 4, 'two.pdn')).toThrow(/two\.pdn, game 1: a game of english, not international/);
    expect(() => gameRoots(ENGLISH, '1. 11-15 23-19 2. 11-16 *', 4, 'bad.pdn')).toThrow(/bad\.pdn, game 1: move 3 \(11-16\)/);
    expect(() => gameRoots(ENGLISH, '1. 11-15 [ *', 4, 'broken.pdn')).toThrow(/broken\.pdn: /);
  });

  it('searches the games\' positions after the roots, and they join the book\'s lines by position', async () => {
    const path = join(dir, 'games.book');
    const games = gameRoots(ENGLISH, GAMES, 4, 'two.pdn');
    await new BookBuilder({ variant: ENGLISH, path, limits: { depth: 1 }, searcher: inProcess, positions: 20, roots: 'start', games }).run();
    const book = loadBook(path, 'english');
    for (const { pos } of games.roots) expect(book.find(pos.keyLo, pos.keyHi)).toBeGreaterThanOrEqual(0);
    expect(book.params).toMatchObject({ roots: 'the start position, and the positions of the first 4 plies of the 2 games in two.pdn' });
    // The start was expanded after the roots were searched: 11-15's node is the game's.
    const graph = BookGraph.fromBook(ENGLISH, book, path);
    expect(graph.node(ENGLISH.startPosition()).children!.some((c) => c.node === graph.node(after('11-15')))).toBe(true);
    checkNegamax(book);
  });

  it('is given by book build --games, which refuses a file it cannot use', () => {
    const pdn = join(dir, 'two.pdn');
    writeFileSync(pdn, GAMES);
    const path = join(dir, 'cli-games.book');
    const cli = (...more: string[]) => spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'english', '--depth', '1', '--workers', '1', '--roots', 'start', ...more], { encoding: 'utf8' });
    const ok = cli('--out', path, '--games', pdn, '--game-plies', '4', '--games-player', 'Damka', '--no-expand');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/4 positions from 2 games/);
    // The start and the games' four positions, nothing grown below them.
    expect(ok.stdout).toMatch(/5 positions, 5 searched .*nothing left to expand/);
    expect(loadBook(path, 'english').params.roots).toMatch(/with Damka to move of the first 4 plies of the 2 games/);
    const missing = cli('--out', join(dir, 'none.book'), '--games', join(dir, 'missing.pdn'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--games .*missing\.pdn: no such file/);
    const nobody = cli('--out', join(dir, 'none.book'), '--games', pdn, '--games-player', 'Nobody');
    expect(nobody.status).toBe(2);
    expect(nobody.stderr).toMatch(/no positions with Nobody to move/);
    expect(cli('--out', join(dir, 'none.book'), '--games-player', 'Damka').stderr).toMatch(/--games-player goes with --games/);
  });

  it('marks the games\' positions in the file, and stats tells them from an unfinished expansion', () => {
    const pdn = join(dir, 'two-marked.pdn');
    writeFileSync(pdn, GAMES);
    const path = join(dir, 'marked.book');
    const cli = (...more: string[]) => spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'english', '--depth', '1', '--workers', '1', '--roots', 'start', ...more], { encoding: 'utf8' });
    expect(cli('--out', path, '--games', pdn, '--game-plies', '4', '--games-player', 'Damka', '--no-expand').status).toBe(0);
    const taught = loadBook(path, 'english');
    const marked = (book: Book) => Array.from({ length: book.size }, (_, i) => i).filter((i) => book.gamePosition(i)).length;
    expect(marked(taught)).toBe(4);
    expect(taught.gamePosition(taught.find(ENGLISH.startPosition().keyLo, ENGLISH.startPosition().keyHi))).toBe(false);
    expect(bookStats(ENGLISH, taught)).toMatchObject({ unreachable: 4, fromGames: 4 });
    const stats = () => spawnSync(process.execPath, [CLI, 'book', 'stats', path], { encoding: 'utf8' }).stdout;
    expect(stats()).toMatch(/4 not reached from the start: 4 of played games taught with --games or below them, 0 of an expansion a build stopped in/);

    // Growing on: the start's expansion reaches the game's first position (after 11-15), and the marks survive the rewrite.
    expect(cli('--book', path, '--positions', '6').status).toBe(0);
    const grownOn = loadBook(path, 'english');
    expect(marked(grownOn)).toBe(4);
    const s = bookStats(ENGLISH, grownOn);
    expect(s.fromGames).toBe(3);
    expect(s.unreachable).toBe(3);
    // A book with no games' positions keeps the old line.
    const plain = join(dir, 'plain-stats.book');
    expect(cli('--out', plain, '--positions', '3').status).toBe(0);
    const line = spawnSync(process.execPath, [CLI, 'book', 'stats', plain], { encoding: 'utf8' }).stdout;
    expect(line).toMatch(/\d+ not reached from the start\)/);
  });
});

/** The positions of a book with their searches, to compare two books. */
function contents(book: Book): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < book.size; i++) out.set(`${book.keyHiAt(i)}:${book.keyLoAt(i)}`, JSON.stringify([book.searchAt(i), book.value(i), book.expanded(i)]));
  return out;
}

/** Waits until the book at `path` holds at least `n` positions (the machine may be slow), then returns it. */
async function grown(path: string, n: number): Promise<Book> {
  for (let waited = 0; ; waited += 100) {
    if (existsSync(path)) {
      const book = loadBook(path, 'international');
      if (book.size >= n) return book;
    }
    if (waited > 100_000) throw new Error(`${path} did not reach ${n} positions`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a build killed and resumed', () => {
  const args = ['book', 'build', '-v', 'international', '--workers', '1', '--depth', '3'];
  const build = (...more: string[]) => spawnSync(process.execPath, [CLI, ...args, ...more], { encoding: 'utf8' });

  it('keeps every search written before the kill and goes on to the book an unbroken build makes', async () => {
    const path = join(dir, 'killed.book');
    const child = spawn(process.execPath, [CLI, ...args, '--out', path, '--checkpoint', '0.1'], { stdio: 'ignore' });
    // Past the first expansions, so that the kill may fall inside one.
    await grown(path, 30);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Every search of the last write is there, each once, and the file is whole.
    const killed = loadBook(path, 'international');
    const searches = Number(killed.params.searches);
    expect(killed.size).toBe(searches);
    expect(searches).toBeGreaterThanOrEqual(30);

    const resumed = build('--book', path, '--positions', '40');
    expect(resumed.status, resumed.stderr).toBe(0);
    const after = loadBook(path, 'international');
    expect(Number(after.params.searches)).toBe(searches + 40);
    const before = contents(killed), now = contents(after);
    for (const [key, search] of before) expect(JSON.parse(now.get(key)!)[0]).toEqual(JSON.parse(search)[0]);

    const whole = join(dir, 'whole.book');
    const unbroken = build('--out', whole, '--positions', String(searches + 40));
    expect(unbroken.status, unbroken.stderr).toBe(0);
    expect(contents(loadBook(whole, 'international'))).toEqual(now);
    checkNegamax(after);
  });

  it('saves and exits on SIGINT', async () => {
    const path = join(dir, 'interrupted.book');
    const child = spawn(process.execPath, [CLI, ...args, '--out', path, '--checkpoint', '0.1'], { stdio: 'ignore' });
    const seen = (await grown(path, 5)).size;
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(130);
    const book = loadBook(path, 'international');
    expect(book.size).toBeGreaterThanOrEqual(seen);
    checkNegamax(book);
  });

  it('refuses to extend a book with another search per leaf, and an --out that exists', () => {
    const path = join(dir, 'small.book');
    expect(build('--out', path, '--positions', '5').status).toBe(0);
    const again = build('--out', path, '--positions', '5');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/exists: extend it with --book/);
    const other = spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'international', '--book', path, '--nodes', '1000', '--positions', '5'], { encoding: 'utf8' });
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/searched with \{"depth":3\}/);
    // Asked for, the new leaves get the other search and the book keeps count of each.
    const mixed = spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'international', '--book', path, '--depth', '4', '--mix-searches', '--positions', '5', '--workers', '1'], { encoding: 'utf8' });
    expect(mixed.status, mixed.stderr).toBe(0);
    const book = loadBook(path, 'international');
    expect(book.params).toMatchObject({ limits: { depth: 4 }, searches: 10, searchesByLimits: { '{"depth":3}': 5, '{"depth":4}': 5 } });
    const stats = spawnSync(process.execPath, [CLI, 'book', 'stats', path], { encoding: 'utf8' });
    expect(stats.stdout).toMatch(/built: 10 leaf searches, 5 of \{"depth":3\}, 5 of \{"depth":4\}, weight 1/);
    const wrong = spawnSync(process.execPath, [CLI, 'book', 'build', '-v', 'english', '--book', path, '--positions', '5'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/a book for international, not for english/);
  });
});
