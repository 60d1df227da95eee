// `damka hub` as a GUI drives it: the built CLI as a child process, line by line.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import type { Variant } from '../src/rules/variant.ts';
import { BRAZILIAN, ENGLISH, INTERNATIONAL, RUSSIAN, TURKISH } from '../src/rules/variants.ts';
import { hubVariantName } from '../src/protocols/hub/variant-name.ts';
import { EngineProcess } from './helpers/engine-process.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatternFeatures } from '../src/eval/pattern/features.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { type PatternWeights, encodeWeights } from '../src/eval/pattern/weights-file.ts';
import { encodeNetwork } from '../src/eval/network/network-file.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

const hubName = hubVariantName;
const startString = (v: Variant) => formatHubPosition(v, v.toBoard(v.startPosition()));
const hubString = (v: Variant, fen: string) => formatHubPosition(v, parseFen(v, fen));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function started(variant: Variant, params: string[] = []): Promise<EngineProcess> {
  const p = new EngineProcess(['hub']);
  running.push(p);
  p.send('hub');
  await p.expect(/^wait$/);
  // These tests are about searching: positions near the start must not be answered from the shipped book.
  p.send(`set-param name=variant value=${hubName(variant)}`, 'set-param name=book value=false', ...params, 'init');
  await p.expect(/^ready$/);
  return p;
}

/** The move of a `done` line, checked legal in the game (and played there). */
function playDone(game: Game, line: string): string {
  const m = line.match(/^done move=(\S+)(?: ponder=(\S+))?$/);
  expect(m, line).not.toBeNull();
  const move = parseMove(game.variant, game.position, m![1]);
  game.play(move);
  if (m![2] && game.status().result === '*') parseMove(game.variant, game.position, m![2]);
  return m![1];
}

/** Each line answered by exactly one error line, and the session still answers ping. */
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

async function expectErrors(p: EngineProcess, bad: string[]): Promise<void> {
  for (const line of bad) {
    p.send(line, 'ping');
    const answer = await p.collect(/^pong$/);
    expect(answer, line).toHaveLength(2);
    expect(answer[0], line).toMatch(/^error message=(\S+|"[^"]*")$/);
  }
}

describe('damka hub: start-up', () => {
  it('announces itself, its real parameters, and gets ready', async () => {
    const p = new EngineProcess(['hub']);
    running.push(p);
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
    running.push(p);
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
    running.push(q);
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

describe('damka hub: evaluation', () => {
  // The same fixed-depth search from a fresh table counts the same nodes only with the same evaluation.
  const search = async (p: EngineProcess) => {
    p.send('new-game', `pos pos=${startString(INTERNATIONAL)} moves="32-28 19-23"`, 'level depth=6', 'go analyze');
    const lines = await p.collect(/^done /);
    const game = new Game(INTERNATIONAL);
    for (const m of ['32-28', '19-23']) game.play(parseMove(INTERNATIONAL, game.position, m));
    playDone(game, lines.at(-1)!);
    return lines.filter((l) => l.startsWith('info depth=6 ')).at(-1)!.match(/nodes=(\d+)/)![1];
  };
  const errors = (p: EngineProcess) => p.drain().filter((l) => l.startsWith('error'));

  // Two engines told the same evaluation, one before init and one after: their searches' node counts.
  const searchesWith = async (kind: string) => {
    const before = await started(INTERNATIONAL, [`set-param name=eval value=${kind}`]);
    const after = await started(INTERNATIONAL);
    after.send(`set-param name=eval value=${kind}`);
    const counts = [await search(before), await search(after)];
    for (const p of [before, after]) expect(errors(p)).toEqual([]);
    return counts;
  };

  it('searches with the evaluation set-param eval names, before or after init: network (International\'s default), pattern or classic', async () => {
    const learned = await started(INTERNATIONAL);
    const base = await search(learned);
    expect(errors(learned)).toEqual([]);
    const [network, pattern, classic] = [await searchesWith('network'), await searchesWith('pattern'), await searchesWith('classic')];
    expect(network).toEqual([base, base]);
    expect(pattern[1]).toBe(pattern[0]);
    expect(classic[1]).toBe(classic[0]);
    expect(new Set([base, pattern[0], classic[0]]).size).toBe(3);
  });

  it('refuses an evaluation that its weights file does not hold, and the evaluation before stays', async () => {
    const patterns = join(mkdtempSync(join(tmpdir(), 'damka-hub-eval-')), 'patterns.json');
    writeFileSync(patterns, JSON.stringify(encodeWeights(shippedWeights(INTERNATIONAL)!)));
    const p = await started(INTERNATIONAL, [`set-param name=weights value=${patterns}`]);
    p.send('set-param name=eval value=network');
    expect(await p.expect(/^error /)).toMatch(/the weights file holds pattern weights, not the network asked for/);
    const pattern = await started(INTERNATIONAL, ['set-param name=eval value=pattern']);
    expect(await search(p)).toBe(await search(pattern));
    for (const q of [p, pattern]) expect(errors(q)).toEqual([]);
  });
});

describe('damka hub: weights files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-hub-weights-'));
  const write = (name: string, w: PatternWeights) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(encodeWeights(w)));
    return path;
  };
  const shipped = shippedWeights(ENGLISH)!;
  // English's shipped evaluation (its network) as a file; the pattern weights with the man's
  // value raised: another evaluation.
  const same = join(dir, 'same.json');
  writeFileSync(same, JSON.stringify(encodeNetwork(shippedNetwork(ENGLISH)!)));
  const man = new PatternFeatures(ENGLISH).scalar('man');
  const other = write('other.json', { ...shipped, phases: shipped.phases.map((p) => Int16Array.from(p, (x, i) => (i === man ? x + 800 : x))) });
  const international = write('international.json', shippedWeights(INTERNATIONAL)!);
  const nodes = async (p: EngineProcess) => {
    p.send('new-game', `pos pos=${startString(ENGLISH)} moves="11-15 23-19"`, 'level depth=7', 'go analyze');
    const lines = await p.collect(/^done /);
    return lines.filter((l) => l.startsWith('info depth=7 ')).at(-1)!.match(/nodes=(\d+)/)![1];
  };

  it('searches with the weights file named by set-param weights, before or after init; "shipped" goes back', async () => {
    const plain = await started(ENGLISH);
    const before = await started(ENGLISH, [`set-param name=weights value=${other}`]);
    const base = await nodes(plain);
    expect(await nodes(await started(ENGLISH, [`set-param name=weights value=${same}`]))).toBe(base);
    const changed = await nodes(before);
    expect(changed).not.toBe(base);
    plain.send(`set-param name=weights value=${other}`);
    expect(await nodes(plain)).toBe(changed);
    plain.send('set-param name=weights value=shipped');
    expect(await nodes(plain)).toBe(base);
    for (const p of running) expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('refuses a missing, damaged or other-variant file with an error and keeps the weights before', async () => {
    const p = await started(ENGLISH, [`set-param name=weights value=${other}`]);
    const changed = await nodes(p);
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, JSON.stringify(encodeWeights(shipped)).slice(0, 5000));
    for (const [file, why] of [[join(dir, 'none.json'), /cannot read \(ENOENT\)/], [cut, /not valid JSON/], [international, /made for .international., not english/]] as const) {
      p.send(`set-param name=weights value=${file}`);
      expect(await p.expect(/^error /)).toMatch(why);
    }
    expect(await nodes(p)).toBe(changed);
    // Named before the variant: checked again at init, refused there, and the shipped weights search.
    const late = new EngineProcess(['hub']);
    running.push(late);
    late.send('hub', `set-param name=weights value=${international}`, `set-param name=variant value=${hubName(ENGLISH)}`, 'init');
    expect(await late.expect(/^error /)).toMatch(/made for .international., not english; searching with the shipped weights/);
    await late.expect(/^ready$/);
    expect(await nodes(late)).toBe(await nodes(await started(ENGLISH)));
  });
});

describe.skipIf(availableParallelism() < 2)('damka hub: parallel search (threads 2)', () => {
  it('accepts threads within 1 and the cores, refuses the rest, before and after init', async () => {
    const p = new EngineProcess(['hub']);
    running.push(p);
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

describe('damka hub: bad input', () => {
  /** Each line must get exactly one error line (checked by the ping after it) and nothing else. */
  it('answers each of 39 kinds of bad line with error and keeps working (International)', async () => {
    const p = await started(INTERNATIONAL);
    const start = startString(INTERNATIONAL);
    const bad = [
      'frobnicate',
      '=value',
      'pos pos="unterminated',
      'go',
      'go sideways',
      'pos',
      'pos pos=',
      'pos moves="32-28"',
      `pos pos=${start.slice(0, 40)}`,
      `pos pos=${start}x`,
      `pos pos=X${start.slice(1)}`,
      `pos pos=${start.replace('e', 'q')}`,
      `pos pos=${startString(ENGLISH)}`,
      `pos pos=${start} moves="32-28 32-28"`,
      `pos pos=${start} moves="46-41"`,
      `pos pos=${start} moves="32-28 19-23 28x19x23 14x23 11-12"`,
      `pos pos=${start} moves="32-"`,
      `pos pos=${start} moves="32-28 19-23 28-22"`, // a capture is compulsory
      `pos pos=${start} moves="51-47"`,
      'level',
      'level depth=-2',
      'level depth=x',
      'level depth=0',
      'level nodes=1.5',
      'level move-time=',
      'level move-time=-1',
      'level time=soon',
      'level moves=0 time=10',
      'level inc=1',
      'set-param name=variant value=frisian',
      'set-param name=variant value=english',
      'set-param name=variant',
      'set-param name=colour value=red',
      `set-param name=threads value=${availableParallelism() + 1}`,
      'set-param name=eval value=neural',
      'set-param name=tt-size value=0',
      'set-param name=tt-size value=big',
      'set-param value=3',
      'ponder-hit',
      'go think', // the bad pos lines above left no position
    ];
    expect(new Set(bad).size).toBe(40);
    await expectErrors(p, bad);
    // The session still works: a search after all that returns a legal move.
    p.send(`pos pos=${start}`, 'level depth=3', 'go think');
    playDone(new Game(INTERNATIONAL), await p.expect(/^done /));
    // And during a search, everything but ping, stop and ponder-hit is refused.
    p.send('level infinite', 'go think');
    await p.expect(/^info /);
    p.send('go think');
    expect(await p.expect(/^(error|done)/)).toMatch(/^error message=.*not allowed during a search/);
    p.send('pos pos=' + start);
    expect(await p.expect(/^(error|done)/)).toMatch(/^error message=.*not allowed during a search/);
    p.send('stop');
    playDone(new Game(INTERNATIONAL), await p.expect(/^done /));
  });

  it('answers English-specific bad lines with error and keeps working', async () => {
    const p = await started(ENGLISH);
    const start = startString(ENGLISH);
    // 26 takes two men and lands on 10 by two routes: "26x10" alone is ambiguous.
    const twoRoutes = hubString(ENGLISH, 'W:W24,26,27:B1,8,14,15,22,23');
    await expectErrors(p, [
      `pos pos=${startString(INTERNATIONAL)}`,
      `pos pos=${start} moves="22-18"`, // Black moves first
      `pos pos=${start} moves="11-15 24-19 15-33"`,
      `pos pos=${twoRoutes} moves="26x10"`,
      'set-param name=variant value=normal',
    ]);
    // A well-formed position whose game is over: searching it is the error.
    p.send(`pos pos=${hubString(ENGLISH, 'W:W22:B18')} moves="22x15x18"`);
    await expectErrors(p, ['go think']);
    p.send(`pos pos=${twoRoutes} moves="26x17x10"`, 'level depth=3', 'go think');
    const game = new Game(ENGLISH, ENGLISH.fromBoard(parseFen(ENGLISH, 'W:W24,26,27:B1,8,14,15,22,23')));
    game.play(parseMove(ENGLISH, game.position, '26x17x10'));
    playDone(game, await p.expect(/^done /));
    p.send(`pos pos=${start}`, 'go think');
    playDone(new Game(ENGLISH), await p.expect(/^done /));
  });

  it('refuses go before init and without a position', async () => {
    const p = new EngineProcess(['hub']);
    running.push(p);
    p.send('hub', 'go think');
    expect(await p.expect(/^error/)).toMatch(/before init/);
    p.send('init');
    await p.expect(/^ready$/);
    p.send('go think');
    expect(await p.expect(/^error/)).toMatch(/without a position/);
  });
});

describe('damka hub: the other games', () => {
  it.each([BRAZILIAN, RUSSIAN, TURKISH])('%s: takes its RULES.md position text and moves, answers a legal move', async (variant) => {
    const p = await started(variant);
    const game = new Game(variant);
    for (const text of variant === TURKISH ? ['d3-d4', 'e6-e5'] : ['22-18', '11-15']) game.play(parseMove(variant, game.position, text));
    const moves = game.moves.map((m) => formatMove(variant, m, [], 'hub')).join(' ');
    p.send(`pos pos=${startString(variant)} moves="${moves}"`, 'level depth=4', 'go think');
    playDone(game, await p.expect(/^done /));
    // A capture is on for the side to move now or soon; a few more plies exercise capture text.
    p.send(`pos pos=${formatHubPosition(variant, variant.toBoard(game.position))}`, 'level depth=2', 'go think');
    playDone(game, await p.expect(/^done /));
    p.send(`pos pos=${variant === TURKISH ? 'W:Wi9:Ba7' : `W${'e'.repeat(31)}`}`);
    expect(await p.expect(/^error/)).toMatch(variant === TURKISH ? /square i9 is off the board/ : /expected 33 characters for/);
    expect(p.stderr).toBe('');
  }, 60_000);
});

describe('damka hub: whole game and shutdown', () => {
  it('plays an English game to its end through the protocol alone, every move legal', async () => {
    const p = await started(ENGLISH);
    const game = new Game(ENGLISH);
    p.send('level depth=3');
    while (game.status().result === '*') {
      const moves = game.moves.map((m) => formatMove(ENGLISH, m, [], 'hub')).join(' ');
      p.send(`pos pos=${startString(ENGLISH)}${moves ? ` moves="${moves}"` : ''}`, 'go think');
      playDone(game, await p.expect(/^done /));
      expect(game.ply).toBeLessThan(400);
    }
    expect(['1-0', '0-1', '1/2-1/2']).toContain(game.status().result);
    expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    expect(p.stderr).toBe('');
  }, 60_000);

  it('plays on when the GUI continues past what we count as a draw', async () => {
    // Clients referee with their own draw rules (pydraughts counts the king endings differently):
    // a legal move list must be taken even if it runs past our threefold repetition.
    for (const [variant, fen, shuffle] of [
      [INTERNATIONAL, 'W:WK1,K2:BK50', '1-6 50-45 6-1 45-50'],
      [ENGLISH, 'W:WK29:BK4', '29-25 4-8 25-29 8-4'],
    ] as const) {
      const p = await started(variant);
      const moves = [shuffle, shuffle, shuffle].join(' ');
      const game = new Game(variant, variant.fromBoard(parseFen(variant, fen)));
      for (const text of moves.split(' ')) {
        if (game.status().result !== '*') break;
        game.play(parseMove(variant, game.position, text));
      }
      expect(game.status().reason).toBe('threefold repetition');
      p.send(`pos pos=${hubString(variant, fen)} moves="${moves}"`, 'level depth=4', 'go think');
      const done = await p.expect(/^(done|error)/);
      // Three shuffles lead back to the position we started from: the reply must be legal there.
      playDone(new Game(variant, variant.fromBoard(parseFen(variant, fen))), done);
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    }
  });

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
      running.push(p);
      p.send('hub', 'set-param name=variant value=english', `set-param name=threads value=${threads}`, 'init');
      p.child.stdin.end();
      expect(await p.exited).toBe(0);
      expect(p.stderr).toBe('');
    }
  });

  it('writes only protocol lines on stdout', async () => {
    const p = await started(ENGLISH);
    p.send(`pos pos=${startString(ENGLISH)}`, 'level depth=5', 'go think', 'ping', 'bogus', 'quit');
    await p.exited;
    for (const line of p.lines) expect(line).toMatch(/^(id|param|wait|ready|info|done|pong|error) ?/);
  });
});
