// `damka hub` as a GUI drives it, where time matters: the built CLI as a child process, line
// by line; moves within their limits, stops at once, pondering, threads, quitting mid-search.
// Timed, so it runs in the serial group (vitest.config.ts); hub-protocol.test.ts has the rest.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatMove } from '../src/notation/move-text.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { availableParallelism } from 'node:os';
import { EngineProcess } from './helpers/engine-process.ts';
import { expectErrors, hubName, hubString, playDone, sleep, started, startString, stopEngines, track } from './helpers/hub-session.ts';

afterEach(stopEngines);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Ponders on the reply to the first legal move for `waitMs` (no move may come), then sends
 * ponder-hit: the move must come in the 0.3 s move time, not at once and not late.
 */
async function pondersUntilHit(p: EngineProcess, variant: Variant, waitMs: number): Promise<void> {
  const game = new Game(variant);
  const first = game.legalMoves()[0];
  game.play(first);
  p.send(`pos pos=${startString(variant)} moves="${formatMove(variant, first, [], 'hub')}"`, 'level move-time=0.3', 'go ponder');
  await sleep(waitMs);
  expect(p.drain().filter((l) => l.startsWith('done'))).toEqual([]);
  const t0 = performance.now();
  p.send('ponder-hit');
  const done = await p.expect(/^done /);
  const ms = performance.now() - t0;
  expect(ms).toBeGreaterThan(200);
  expect(ms).toBeLessThan(600);
  playDone(game, done);
}

describe('damka hub: start-up', () => {
  it('announces itself, its real parameters, and gets ready', async () => {
    const p = new EngineProcess(['hub']);
    track(p);
    p.send('hub');
    expect(await p.expect(/^id /)).toMatch(/^id name=Damka version=\S+/);
    const params = [await p.expect(/^param /), await p.expect(/^param /), await p.expect(/^param /), await p.expect(/^param /), await p.expect(/^param /)];
    expect(params[0]).toBe('param name=variant value=normal type=enum values="normal english brazilian russian turkish lasca pool czech spanish italian thai killer losing bt frisian frysk canadian"');
    expect(params[1]).toMatch(/^param name=tt-size value=64 type=int min=1 max=\d+$/);
    expect(params[2]).toBe(`param name=threads value=1 type=int min=1 max=${availableParallelism()}`);
    expect(params[3]).toBe('param name=eval value=learned type=enum values="learned pattern network classic"');
    expect(params[4]).toBe('param name=weights value="" type=string');
    await p.expect(/^wait$/);
    p.send('init');
    await p.expect(/^ready$/);
    p.send('quit');
    expect(await p.exited).toBe(0);
    // Clients such as pydraughts read stderr merged into stdout: it must stay quiet.
    expect(p.stderr).toBe('');
  });

  it('runs a search sent along with init after ready, its move time all its own; a stop sent with it still ends it', async () => {
    // With the warm-up that the tests otherwise skip.
    const p = new EngineProcess(['hub'], { DAMKA_WARM_UP: '1' });
    track(p);
    p.send('hub');
    await p.expect(/^wait$/);
    // The warm-up takes about a second here, more than the move: counted against it, the
    // move came at once after ready, from a search of a few plies.
    p.send(`set-param name=variant value=${hubName(ENGLISH)}`, 'set-param name=book value=false', 'init', `pos pos=${startString(ENGLISH)}`, 'level move-time=0.3', 'go think', 'ping');
    const upToReady = await p.collect(/^ready$/);
    expect(upToReady.filter((l) => l.startsWith('info') || l.startsWith('done'))).toEqual([]);
    expect(upToReady.filter((l) => l.startsWith('error'))).toEqual([]);
    const t0 = performance.now();
    const search = await p.collect(/^done /);
    expect(performance.now() - t0).toBeGreaterThan(250);
    const infos = search.filter((l) => l.startsWith('info'));
    expect(Number(infos.at(-1)!.match(/ time=([\d.]+)/)![1])).toBeLessThan(0.4);
    playDone(new Game(ENGLISH), search.at(-1)!);
    // ping is answered at once, not held behind the search.
    expect([...upToReady, ...search]).toContain('pong');

    const q = new EngineProcess(['hub'], { DAMKA_WARM_UP: '1' });
    track(q);
    q.send('hub', `set-param name=variant value=${hubName(ENGLISH)}`, 'init', `pos pos=${startString(ENGLISH)}`, 'level infinite', 'go analyze', 'stop', 'ping');
    const lines = await q.collect(/^done /);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(lines.indexOf('ready')).toBeGreaterThan(-1);
    expect(lines).toContain('pong');
    playDone(new Game(ENGLISH), lines.at(-1)!);
  });
});

for (const variant of [INTERNATIONAL, ENGLISH]) {
  describe(`damka hub: searches (${variant.name})`, () => {
    it('answers every level form with a legal move, within its limit', async () => {
      const p = await started(variant, ['set-param name=tt-size value=16']);
      const lastInfo = (lines: string[]) => {
        const info = lines.filter((l) => l.startsWith('info ')).at(-1);
        expect(info).toMatch(/^info depth=\d+ sel-depth=\d+ score=-?\d+\.\d\d nodes=\d+ time=\S+/);
        return Object.fromEntries([...info!.matchAll(/(\S+)=(\S+)/g)].map((m) => [m[1], m[2]]));
      };
      // Each level with a check of what it promises: [level, check(last info, milliseconds to done)].
      const levels: [string, (info: Record<string, string>, ms: number) => void][] = [
        ['level depth=4', (info) => expect(Number(info.depth)).toBe(4)],
        ['level nodes=5000', (info) => expect(Number(info.nodes)).toBeLessThan(5000 + 2048)],
        ['level move-time=0.2', (_, ms) => expect(ms).toBeGreaterThan(150)],
        ['level time=5 inc=0.1', (_, ms) => expect(ms).toBeLessThan(5000 / 3)],
        ['level moves=40 time=10', (_, ms) => expect(ms).toBeLessThan(10_000 / 3)],
        ['level time=5', (_, ms) => expect(ms).toBeLessThan(5000 / 3)],
        // An overdrawn clock, as a GUI may send: play at once rather than refuse it.
        ['level time=-0.3 inc=0.05', (_, ms) => expect(ms).toBeLessThan(300)],
        ['level move-time=0.3', (_, ms) => { expect(ms).toBeGreaterThan(200); expect(ms).toBeLessThan(900); }],
      ];
      const game = new Game(variant);
      for (const [level, check] of levels) {
        // A single legal move is played at once (no info, no limit to check): play it here.
        while (game.legalMoves().length === 1) game.play(game.legalMoves()[0]);
        const moves = game.moves.map((m) => formatMove(variant, m, [], 'hub')).join(' ');
        const t0 = performance.now();
        p.send(`pos pos=${startString(variant)}${moves ? ` moves="${moves}"` : ''}`, level, 'go think');
        const lines = await p.collect(/^done /);
        const ms = performance.now() - t0;
        check(lastInfo(lines), ms);
        playDone(game, lines.at(-1)!);
      }
      expect(game.ply).toBeGreaterThanOrEqual(levels.length);
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    });

    it('stops an infinite search at once, and answers ping while searching', async () => {
      const p = await started(variant);
      const stops: number[] = [];
      for (const wait of [0, 120, 250, 400, 600]) {
        p.send('new-game', `pos pos=${startString(variant)}`, 'level infinite', 'go analyze');
        await p.expect(/^info depth=3 /);
        const t0 = performance.now();
        p.send('ping');
        await p.expect(/^pong$/);
        expect(performance.now() - t0).toBeLessThan(200);
        await sleep(wait);
        const t1 = performance.now();
        p.send('stop');
        const done = await p.expect(/^done /);
        stops.push(performance.now() - t1);
        playDone(new Game(variant), done);
      }
      // The issue asks for 50 ms from stop to done; the median must meet it, and even a busy
      // test machine must not be far off.
      expect(median(stops)).toBeLessThan(50);
      expect(Math.max(...stops)).toBeLessThan(250);
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    });

    it('searches a single legal move under go analyze, plays it at once under go think, and scores a win as Scan does', async () => {
      const p = await started(variant);
      // One capture, and it takes the last enemy piece: a win in one ply.
      const fen = variant === ENGLISH ? 'W:W22:B18' : 'W:W28:B23';
      const expected = variant === ENGLISH ? '22x15x18' : '28x19x23';
      p.send(`pos pos=${hubString(variant, fen)}`, 'level depth=3', 'go analyze');
      const analysed = await p.collect(/^done /);
      expect(analysed.filter((l) => l.startsWith('info ')).length).toBe(3);
      expect(analysed.at(-2)).toMatch(/^info depth=3 .*score=99\.99 /);
      expect(analysed.at(-1)).toBe(`done move=${expected}`);
      p.send('go think');
      expect(await p.collect(/^done /)).toEqual([`done move=${expected}`]);
    });

    it('after stop, takes the next search set up at once (a ponder miss)', async () => {
      const p = await started(variant);
      const game = new Game(variant);
      const expectedReply = game.legalMoves()[0];
      const actualReply = game.legalMoves()[1];
      p.send(`pos pos=${startString(variant)} moves="${formatMove(variant, expectedReply, [], 'hub')}"`, 'level move-time=0.3', 'go ponder');
      await p.expect(/^info depth=2 /);
      // The GUI does not wait for the stopped search's done before the next search.
      game.play(actualReply);
      p.send('stop', `pos pos=${startString(variant)} moves="${formatMove(variant, actualReply, [], 'hub')}"`, 'level depth=3', 'go think');
      const stopped = await p.expect(/^done /);
      const ponderGame = new Game(variant);
      ponderGame.play(expectedReply);
      playDone(ponderGame, stopped);
      playDone(game, await p.expect(/^done /));
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    });

    it('ponders without a clock until ponder-hit, then moves in its time', async () => {
      const p = await started(variant);
      await pondersUntilHit(p, variant, 700);
    });

    it('takes ponder-hit quietly when the ponder search has already ended', async () => {
      const p = await started(variant);
      const game = new Game(variant);
      game.play(game.legalMoves()[0]);
      // A depth limit ends the ponder search by itself; the protocol allows that.
      p.send(`pos pos=${startString(variant)} moves="${formatMove(variant, game.moves[0], [], 'hub')}"`, 'level depth=2', 'go ponder');
      playDone(game, await p.expect(/^done /));
      p.send('ponder-hit', 'ping');
      expect(await p.collect(/^pong$/)).toEqual(['pong']);
      // A second ponder-hit has no search to belong to.
      p.send('ponder-hit');
      expect(await p.expect(/^(error|pong)/)).toMatch(/^error message=.*ponder-hit without a ponder search/);
    });

    it('applies tt-size after init, and refuses a variant change', async () => {
      const p = await started(variant);
      const other = variant === ENGLISH ? 'normal' : 'english';
      p.send('set-param name=tt-size value=4', `set-param name=variant value=${hubName(variant)}`, `set-param name=variant value=${other}`);
      expect(await p.expect(/^error/)).toMatch(/variant cannot change after init/);
      p.send(`pos pos=${startString(variant)}`, 'level depth=3', 'go think');
      playDone(new Game(variant), await p.expect(/^done /));
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    });

    it('starts over after new-game, and quits cleanly', async () => {
      const p = await started(variant);
      p.send(`pos pos=${startString(variant)}`, 'level depth=3', 'go think');
      await p.expect(/^done /);
      p.send('new-game', `pos pos=${startString(variant)}`, 'go think');
      playDone(new Game(variant), await p.expect(/^done /));
      p.send('quit');
      expect(await p.exited).toBe(0);
    });
  });
}
describe.skipIf(availableParallelism() < 2)('damka hub: parallel search (threads 2)', () => {
  it('accepts threads within 1 and the cores, refuses the rest, before and after init', async () => {
    const p = new EngineProcess(['hub']);
    track(p);
    p.send('hub');
    await p.expect(/^wait$/);
    const max = availableParallelism();
    await expectErrors(p, ['set-param name=threads value=0', `set-param name=threads value=${max + 1}`, 'set-param name=threads value=two']);
    p.send(`set-param name=threads value=${max}`, 'set-param name=threads value=2', 'set-param name=book value=false', 'init');
    await p.expect(/^ready$/);
    await expectErrors(p, [`set-param name=threads value=${max + 1}`]);
    // Down to one thread and back, between searches.
    for (const threads of [1, 2]) {
      p.send(`set-param name=threads value=${threads}`, `pos pos=${startString(INTERNATIONAL)}`, 'level depth=5', 'go think');
      playDone(new Game(INTERNATIONAL), await p.expect(/^done /));
    }
    expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('stops within 50 ms, ponders until ponder-hit and then moves in its time', async () => {
    const p = await started(INTERNATIONAL, ['set-param name=threads value=2']);
    const stops: number[] = [];
    for (const wait of [0, 150, 300]) {
      p.send('new-game', `pos pos=${startString(INTERNATIONAL)}`, 'level infinite', 'go analyze');
      await p.expect(/^info depth=([3-9]|\d\d) /); // two threads may skip a depth the helper finished
      await sleep(wait);
      const t0 = performance.now();
      p.send('stop');
      playDone(new Game(INTERNATIONAL), await p.expect(/^done /));
      stops.push(performance.now() - t0);
    }
    expect(median(stops)).toBeLessThan(50);
    await pondersUntilHit(p, INTERNATIONAL, 500);
    expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
  });
});

describe('damka hub: shutdown', () => {
  it('quits at once on quit, even mid-search', async () => {
    const p = await started(ENGLISH);
    p.send(`pos pos=${startString(ENGLISH)}`, 'level infinite', 'go think');
    await p.expect(/^info depth=2 /);
    const t0 = performance.now();
    p.send('quit');
    expect(await p.exited).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);
    // The stopped search does not answer after quit.
    expect(p.drain().filter((l) => l.startsWith('done'))).toEqual([]);
  });

  it('exits within a second when stdin closes, even mid-search', async () => {
    const p = await started(INTERNATIONAL);
    p.send(`pos pos=${startString(INTERNATIONAL)}`, 'level infinite', 'go think');
    await p.expect(/^info depth=2 /);
    const t0 = performance.now();
    p.child.stdin.end();
    expect(await p.exited).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('exits cleanly when stdin closes while init is still preparing the workers', async () => {
    // A script piping `hub` and `init` and nothing more: the workers are ended mid-preparation,
    // which must not surface as an unhandled rejection (a stack trace and exit code 1).
    for (const threads of [1, 2]) {
      const p = new EngineProcess(['hub']);
      track(p);
      p.send('hub', 'set-param name=variant value=english', `set-param name=threads value=${threads}`, 'init');
      p.child.stdin.end();
      expect(await p.exited).toBe(0);
      expect(p.stderr).toBe('');
    }
  });
});
