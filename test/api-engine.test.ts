// The library's engine (src/api/engine.ts) on its Node worker thread: limits, progress by
// callback and async iterator, stop, one search at a time, errors, and the package entry.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DamkaError, DraughtsGame, type SearchInfo, createEngine } from '../src/api/index.ts';

const engine = createEngine({ tableMb: 8 });
afterAll(() => engine.close());

/** Whether `text` is a legal move of `game` now. */
const isLegal = (game: DraughtsGame, text: string) => game.legalMoves().some((m) => m.text === text);

/** The line replays legally from the game's position. */
function replays(game: DraughtsGame, pv: string[]): boolean {
  const copy = game.clone();
  try {
    for (const move of pv) copy.play(move);
    return true;
  } catch {
    return false;
  }
}

describe('engine', () => {
  it('searches to a depth, reporting every iteration by callback', async () => {
    const game = DraughtsGame.create('english');
    game.play('11-15');
    const infos: SearchInfo[] = [];
    const result = await engine.analyse(game, { depth: 6 }, (info) => infos.push(info));
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const info of infos) {
      expect(replays(game, info.pv), `pv ${info.pv.join(' ')}`).toBe(true);
      expect(info.selDepth).toBeGreaterThanOrEqual(info.depth);
      expect(info.mate).toBeNull();
    }
    expect(result.depth).toBe(6);
    expect(result.stopped).toBe(false);
    expect(isLegal(game, result.move!.text)).toBe(true);
    expect(result.pv[0]).toBe(result.move!.text);
    expect(result.ponder?.text).toBe(result.pv[1]);
    expect(result.nodes).toBeGreaterThanOrEqual(infos[infos.length - 1].nodes);
  });

  it('keeps to node and time limits', async () => {
    const game = DraughtsGame.create('international');
    const byNodes = await engine.analyse(game, { nodes: 20_000 });
    expect(isLegal(game, byNodes.move!.text)).toBe(true);
    // The node limit is checked between iterations and inside them: well under twice the limit.
    expect(byNodes.nodes).toBeLessThan(40_000);
    const started = performance.now();
    const byTime = await engine.analyse(game, { time: 0.3 });
    const elapsed = performance.now() - started;
    expect(isLegal(game, byTime.move!.text)).toBe(true);
    expect(elapsed).toBeGreaterThan(50);
    expect(elapsed).toBeLessThan(2000);
  });

  it('reports progress through an async iterator and ends it with the search', async () => {
    const game = DraughtsGame.create('international');
    const search = engine.search(game, { depth: 5 });
    const depths: number[] = [];
    for await (const info of search) depths.push(info.depth);
    expect(depths).toEqual([1, 2, 3, 4, 5]);
    expect((await search.result).depth).toBe(5);
  });

  it('stops an infinite search soon with its best move so far', async () => {
    const game = DraughtsGame.create('international');
    const search = engine.search(game, { infinite: true });
    const first = await search[Symbol.asyncIterator]().next();
    expect(first.done).toBe(false);
    const asked = performance.now();
    search.stop();
    const result = await search.result;
    expect(performance.now() - asked).toBeLessThan(500);
    expect(result.stopped).toBe(true);
    expect(isLegal(game, result.move!.text)).toBe(true);
  });

  it('engine.stop() stops the running search; a new search first stops the old one', async () => {
    const game = DraughtsGame.create('english');
    const old = engine.search(game, { infinite: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = engine.search(game, { depth: 3 });
    const oldResult = await old.result;
    expect(oldResult.stopped).toBe(true);
    expect(isLegal(game, oldResult.move!.text)).toBe(true);
    expect((await next.result).depth).toBe(3);
    const third = engine.search(game, { infinite: true });
    setTimeout(() => engine.stop(), 50);
    expect((await third.result).stopped).toBe(true);
  });

  it('learns between searches, and newGame() forgets: the same search costs as much as from a fresh engine', async () => {
    const fresh = createEngine({ tableMb: 2 });
    try {
      const game = DraughtsGame.create('english');
      game.play('11-15');
      const first = await fresh.analyse(game, { depth: 7 });
      // After a deeper search, the table answers much of a depth-7 search. (Depth 7 twice is no
      // test: the second search orders its moves by the first one's table, which may cost more.)
      await fresh.analyse(game, { depth: 9 });
      const again = await fresh.analyse(game, { depth: 7 });
      expect(again.nodes).toBeLessThan(first.nodes * 0.75);
      fresh.newGame();
      fresh.setTableSize(2);
      expect((await fresh.analyse(game, { depth: 7 })).nodes).toBe(first.nodes);
    } finally {
      await fresh.close();
    }
  });

  it('searches a copy: the game may change meanwhile', async () => {
    const game = DraughtsGame.create('english');
    const search = engine.search(game, { depth: 4 });
    const before = game.clone();
    game.play('9-13');
    const result = await search.result;
    expect(isLegal(before, result.move!.text)).toBe(true);
  });

  it('finds a win and scores it as one', async () => {
    const game = DraughtsGame.create('english', 'W:W14:B9');
    const result = await engine.analyse(game, { depth: 3 });
    expect(result.move?.text).toBe('14x5');
    expect(result.mate).toBe(1);
  });

  it('answers no move where the side to move has none', async () => {
    const game = DraughtsGame.create('english', 'B:WK1:B');
    const result = await engine.analyse(game, { depth: 3 });
    expect(result.move).toBeNull();
    expect(result.pv).toEqual([]);
  });

  it('refuses bad limits and table sizes, and searching once closed', async () => {
    const game = DraughtsGame.create('english');
    const bad: [object, RegExp][] = [
      [{}, /give a limit/],
      [{ depth: 0 }, /depth must be a whole number from 1 to 100/],
      [{ depth: 2.5 }, /depth/],
      [{ nodes: -1 }, /nodes must be/],
      [{ time: 0 }, /time must be/],
      [{ time: Number.NaN }, /time must be/],
      [{ infinite: 'yes' }, /infinite must be/],
    ];
    for (const [limits, message] of bad) {
      expect(() => engine.search(game, limits)).toThrow(message);
      expect(() => engine.search(game, limits)).toThrow(DamkaError);
    }
    expect(() => engine.search(game, null as unknown as object)).toThrow(/limits must be an object/);
    expect(() => engine.setTableSize(0)).toThrow(/table size/);
    expect(() => createEngine({ tableMb: 5000 })).toThrow(/table size/);
    expect(() => engine.search({} as DraughtsGame, { depth: 1 })).toThrow(/expected a DraughtsGame/);
    const closing = createEngine({ tableMb: 1 });
    const running = closing.search(game, { infinite: true });
    await closing.close();
    expect((await running.result).stopped).toBe(true);
    expect(() => closing.search(game, { depth: 1 })).toThrow(expect.objectContaining({ code: 'engine-closed' }));
  });

  it('stops by ending its worker where there is no shared memory, and then goes on with a new one', async () => {
    const isolated = Object.getOwnPropertyDescriptor(globalThis, 'crossOriginIsolated');
    Object.defineProperty(globalThis, 'crossOriginIsolated', { value: false, configurable: true });
    const plain = createEngine({ tableMb: 1 });
    if (isolated) Object.defineProperty(globalThis, 'crossOriginIsolated', isolated);
    else delete (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
    try {
      const game = DraughtsGame.create('international');
      const search = engine.search(game, { depth: 1 });
      await search.result;
      const long = plain.search(game, { infinite: true });
      const first = await long[Symbol.asyncIterator]().next();
      long.stop();
      const result = await long.result;
      expect(result.stopped).toBe(true);
      expect(result.depth).toBeGreaterThanOrEqual((first.value as SearchInfo).depth);
      expect(isLegal(game, result.move!.text)).toBe(true);
      expect((await plain.analyse(game, { depth: 3 })).depth).toBe(3);
    } finally {
      await plain.close();
    }
  });
});

describe('the package', () => {
  it("exports the API from 'damka' (the built bundle), and its engine runs on the built worker", () => {
    const script = `
      import { DraughtsGame, createEngine, variants, DamkaError } from 'damka';
      const game = DraughtsGame.create('english');
      const engine = createEngine({ tableMb: 1 });
      const result = await engine.analyse(game, { depth: 4 });
      console.log(JSON.stringify({ variants: variants().map((v) => v.name), move: result.move.text, error: typeof DamkaError }));
    `;
    const root = fileURLToPath(new URL('..', import.meta.url));
    // No close(): the worker must not keep the process alive once the search is done.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout);
    expect(out.variants).toContain('english');
    expect(DraughtsGame.create('english').legalMoves().map((m) => m.text)).toContain(out.move);
    expect(out.error).toBe('function');
    expect(run.status).toBe(0);
  });

  it('declares its types: a strict program without Node types compiles against the entry points', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/fixtures/library-consumer'], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 300_000);
});
