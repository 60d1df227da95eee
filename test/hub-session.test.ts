// `damka hub` as a GUI drives it: the built CLI as a child process, line by line.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { EngineProcess } from './helpers/engine-process.ts';

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

const hubName = (v: Variant) => (v === ENGLISH ? 'english' : 'normal');
const startString = (v: Variant) => formatHubPosition(v.toBoard(v.startPosition()));

async function started(variant: Variant, params: string[] = []): Promise<EngineProcess> {
  const p = new EngineProcess(['hub']);
  running.push(p);
  p.send('hub');
  await p.expect(/^wait$/);
  p.send(`set-param name=variant value=${hubName(variant)}`, ...params, 'init');
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

describe('damka hub: start-up', () => {
  it('announces itself, its real parameters, and gets ready', async () => {
    const p = new EngineProcess(['hub']);
    running.push(p);
    p.send('hub');
    expect(await p.expect(/^id /)).toMatch(/^id name=Damka version=\S+/);
    const params = [await p.expect(/^param /), await p.expect(/^param /), await p.expect(/^param /)];
    expect(params[0]).toBe('param name=variant value=normal type=enum values="normal english"');
    expect(params[1]).toMatch(/^param name=tt-size value=64 type=int min=1 max=\d+$/);
    expect(params[2]).toBe('param name=threads value=1 type=int min=1 max=1');
    await p.expect(/^wait$/);
    p.send('init');
    await p.expect(/^ready$/);
    p.send('quit');
    expect(await p.exited).toBe(0);
  });
});

for (const variant of [INTERNATIONAL, ENGLISH]) {
  describe(`damka hub: searches (${variant.name})`, () => {
    it('answers every level form with a legal move', async () => {
      const p = await started(variant, ['set-param name=tt-size value=16']);
      const levels = ['level depth=4', 'level nodes=5000', 'level move-time=0.2', 'level time=5 inc=0.1', 'level moves=40 time=10'];
      const game = new Game(variant);
      for (const level of levels) {
        const moves = game.moves.map((m) => formatMove(m, [], 'hub')).join(' ');
        p.send(`pos pos=${startString(variant)}${moves ? ` moves="${moves}"` : ''}`, level, 'go think');
        const single = game.legalMoves().length === 1;
        const done = await p.expect(/^done /);
        // A single legal move is played at once, without info lines.
        const infos = p.lines.filter((l) => l.startsWith('info '));
        if (!single) expect(infos.at(-1)).toMatch(/^info depth=\d+ mean-depth=\S+ score=-?\d+\.\d\d nodes=\d+ time=\S+/);
        playDone(game, done);
      }
      expect(game.ply).toBe(levels.length);
      expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
    });

    it('stops an infinite search at once, and answers ping while searching', async () => {
      const p = await started(variant);
      p.send(`pos pos=${startString(variant)}`, 'level infinite', 'go analyze');
      await p.expect(/^info depth=3 /);
      p.send('ping');
      await p.expect(/^pong$/);
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      p.send('stop');
      const done = await p.expect(/^done /);
      const ms = performance.now() - t0;
      expect(ms).toBeLessThan(100);
      playDone(new Game(variant), done);
    });

    it('ponders without a clock until ponder-hit, then moves in its time', async () => {
      const p = await started(variant);
      const game = new Game(variant);
      const first = game.legalMoves()[0];
      game.play(first);
      p.send(`pos pos=${startString(variant)} moves="${formatMove(first, [], 'hub')}"`, 'level move-time=0.3', 'go ponder');
      await new Promise((r) => setTimeout(r, 700));
      expect(p.drain().filter((l) => l.startsWith('done'))).toEqual([]);
      const t0 = performance.now();
      p.send('ponder-hit');
      const done = await p.expect(/^done /);
      const ms = performance.now() - t0;
      expect(ms).toBeGreaterThan(200);
      expect(ms).toBeLessThan(600);
      playDone(game, done);
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

describe('damka hub: bad input', () => {
  it('answers each of 26 kinds of bad line with error and keeps working', async () => {
    const p = await started(INTERNATIONAL);
    const start = startString(INTERNATIONAL);
    const bad = [
      'frobnicate',
      'go',
      'go sideways',
      `pos`,
      `pos pos=${start.slice(0, 40)}`,
      `pos pos=${start}x`,
      `pos pos=X${start.slice(1)}`,
      `pos pos=${start.replace('e', 'q')}`,
      `pos pos=${startString(ENGLISH)}`,
      `pos pos=${start} moves="32-28 32-28"`,
      `pos pos=${start} moves="46-41"`,
      `pos pos=${start} moves="32-28 19-23 28x19x23 14x23 11-12"`,
      `pos pos=${start} moves="32-"`,
      'level',
      'level depth=-2',
      'level depth=x',
      'level nodes=1.5',
      'level move-time=',
      'level time=soon',
      'set-param name=variant value=frisian',
      'set-param name=variant value=english',
      'set-param name=colour value=red',
      'set-param name=threads value=8',
      'set-param value=3',
      'ponder-hit',
      'pos pos="unterminated',
    ];
    for (const line of bad) {
      p.send(line);
      const answer = await p.expect(/^(error|ready|done|info)/);
      expect(answer, line).toMatch(/^error message=/);
    }
    // The session still works: a search after all that returns a legal move.
    p.send(`pos pos=${start}`, 'level depth=3', 'go think');
    playDone(new Game(INTERNATIONAL), await p.expect(/^done /));
    // And during a search, everything but ping, stop and ponder-hit is refused.
    p.send('level infinite', 'go think');
    await p.expect(/^info /);
    p.send('go think');
    expect(await p.expect(/^(error|done)/)).toMatch(/^error message=.*not allowed during a search/);
    p.send('stop');
    await p.expect(/^done /);
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

describe('damka hub: whole game and shutdown', () => {
  it('plays an English game to its end through the protocol alone, every move legal', async () => {
    const p = await started(ENGLISH);
    const game = new Game(ENGLISH);
    p.send('level depth=3');
    while (game.status().result === '*') {
      const moves = game.moves.map((m) => formatMove(m, [], 'hub')).join(' ');
      p.send(`pos pos=${startString(ENGLISH)}${moves ? ` moves="${moves}"` : ''}`, 'go think');
      playDone(game, await p.expect(/^done /));
      expect(game.ply).toBeLessThan(400);
    }
    expect(['1-0', '0-1', '1/2-1/2']).toContain(game.status().result);
    expect(p.drain().filter((l) => l.startsWith('error'))).toEqual([]);
  }, 60_000);

  it('exits within a second when stdin closes, even mid-search', async () => {
    const p = await started(INTERNATIONAL);
    p.send(`pos pos=${startString(INTERNATIONAL)}`, 'level infinite', 'go think');
    await p.expect(/^info depth=2 /);
    const t0 = performance.now();
    p.child.stdin.end();
    expect(await p.exited).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('writes only protocol lines on stdout', async () => {
    const p = await started(ENGLISH);
    p.send(`pos pos=${startString(ENGLISH)}`, 'level depth=5', 'go think', 'ping', 'bogus', 'quit');
    await p.exited;
    for (const line of p.lines) expect(line).toMatch(/^(id|param|wait|ready|info|done|pong|error) ?/);
  });
});
