// `damka hub` as a GUI drives it, where time does not matter: the evaluation and weights
// parameters, bad input of every kind, the other games' positions, a whole game, stdout's
// lines. The built CLI as a child process, line by line; hub-session.test.ts has the timed part.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { BRAZILIAN, ENGLISH, INTERNATIONAL, RUSSIAN, TURKISH } from '../src/rules/variants.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatternFeatures } from '../src/eval/pattern/features.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { type PatternWeights, encodeWeights } from '../src/eval/pattern/weights-file.ts';
import { encodeNetwork } from '../src/eval/network/network-file.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';
import { EngineProcess } from './helpers/engine-process.ts';
import { expectErrors, hubName, hubString, playDone, started, startString, engines, stopEngines, track } from './helpers/hub-session.ts';

afterEach(stopEngines);

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
    for (const p of engines()) expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
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
    track(late);
    late.send('hub', `set-param name=weights value=${international}`, `set-param name=variant value=${hubName(ENGLISH)}`, 'init');
    expect(await late.expect(/^error /)).toMatch(/made for .international., not english; searching with the shipped weights/);
    await late.expect(/^ready$/);
    expect(await nodes(late)).toBe(await nodes(await started(ENGLISH)));
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
    track(p);
    p.send('hub', 'go think');
    expect(await p.expect(/^error/)).toMatch(/before init/);
    p.send('init');
    await p.expect(/^ready$/);
    p.send('go think');
    expect(await p.expect(/^error/)).toMatch(/without a position/);
  });
});

describe('damka hub: the other games', () => {
  it.each([BRAZILIAN, RUSSIAN, TURKISH])('$name: takes its RULES.md position text and moves, answers a legal move', async (variant) => {
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

describe('damka hub: whole game', () => {
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

  it('writes only protocol lines on stdout', async () => {
    const p = await started(ENGLISH);
    p.send(`pos pos=${startString(ENGLISH)}`, 'level depth=5', 'go think', 'ping', 'bogus', 'quit');
    await p.exited;
    for (const line of p.lines) expect(line).toMatch(/^(id|param|wait|ready|info|done|pong|error) ?/);
  });
});
