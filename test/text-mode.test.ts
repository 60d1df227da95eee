// The text mode as a person uses it, driven through stdin of the built CLI.

import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { EngineProcess, damkaFed } from './helpers/engine-process.ts';

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

function textMode(args: string[]): EngineProcess {
  const p = new EngineProcess(args);
  running.push(p);
  return p;
}

describe('text mode', () => {
  it('plays moves, explains an illegal one, lets the engine reply, takes back', async () => {
    const p = textMode(['play', '--variant', 'english']);
    await p.expect(/text mode: english draughts/);
    p.send('11-15', '11-15');
    expect(await p.expect(/no piece|not legal|illegal/i)).toMatch(/11/);
    p.send('depth 3');
    await p.expect(/engine depth: 3/);
    p.send('go');
    const reply = await p.expect(/^engine plays /);
    expect(reply).toMatch(/^engine plays \d+[-x]\d+/);
    p.send('moves');
    const moves = await p.expect(/^\d+[-x]\d+( \d+[-x]\d+)*$/);
    // Black's legal moves after 11-15 and the engine's reply, whatever the engine chose.
    const game = new Game(ENGLISH);
    game.play(parseMove(ENGLISH, game.position, '11-15'));
    game.play(parseMove(ENGLISH, game.position, reply.split(' ')[2]));
    const legal = game.legalMoves();
    expect(moves.split(' ').sort()).toEqual(legal.map((m) => formatMove(ENGLISH, m, legal)).sort());
    p.send('undo');
    p.send('undo');
    p.send('moves');
    // Back at the start: Black's seven opening moves.
    expect((await p.expect(/^\d+[-x]\d+( \d+[-x]\d+)*$/)).split(' ').sort()).toEqual(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16'].sort());
    p.send('undo');
    expect(await p.expect(/nothing to take back/)).toBeTruthy();
    p.send('help');
    await p.expect(/Commands:/);
    p.send('launch');
    await p.expect(/unknown command "launch"/);
    p.send('quit');
    expect(await p.exited).toBe(0);
  });

  it('explains an ambiguous move and accepts the long form', async () => {
    const p = textMode(['play', '--variant', 'english']);
    await p.expect(/text mode: english draughts/);
    // 26 takes two men and lands on 10 by two routes (over 22 and 14, or over 23 and 15).
    p.send('fen W:W24,26,27:B1,8,14,15,22,23');
    p.send('26x10');
    expect(await p.expect(/ambiguous/)).toBe('ambiguous move "26x10": it could be 26x17x10 or 26x19x10');
    p.send('26x19x10', 'moves');
    // Black to move after the capture: the game went on with the chosen route.
    const moves = await p.expect(/^\d+[-x]\d+( \d+[-x]\d+)*$/);
    expect(moves.split(' ')).not.toContain('26x17x10');
    p.send('quit');
    expect(await p.exited).toBe(0);
  });

  it('starts with no arguments, and the engine plays a side', async () => {
    const p = textMode([]);
    await p.expect(/text mode: international draughts/);
    p.send('depth 2', '1');
    await p.expect(/engine plays Black/);
    p.send('32-28');
    const reply = await p.expect(/^engine plays /);
    expect(reply).toMatch(/^engine plays \d+[-x]\d+/);
    p.send('new', 'numbers');
    await p.expect(/ 21 +22 +23/);
    p.child.stdin.end();
    expect(await p.exited).toBe(0);
  });

  it('lets the engine play both sides to the end, every move legal', async () => {
    const p = textMode(['play', '--variant', 'english']);
    await p.expect(/text mode: english draughts/);
    p.send('depth 1', '2');
    const lines = await p.collect(/^game over: /);
    const game = new Game(ENGLISH);
    for (const line of lines) {
      const m = line.match(/^engine plays (\d\S*)/);
      if (m) game.play(parseMove(ENGLISH, game.position, m[1]));
    }
    const status = game.status();
    expect(status.result).not.toBe('*');
    expect(lines.at(-1)).toBe(`game over: ${status.result} (${status.reason})`);
    p.send('9-13');
    expect(await p.expect(/game is over/)).toMatch(/"undo" or "new"/);
    p.send('quit');
    expect(await p.exited).toBe(0);
  });

  it('sets time, replays a take-back, runs perft, sets up and shows FENs, switches variant', async () => {
    const p = textMode([]);
    await p.expect(/text mode: international draughts/);
    p.send('perft 2');
    expect(await p.expect(/^depth 2 /)).toMatch(/^depth 2 leaves 81 /);
    p.send('time 0.1', 'go');
    expect(await p.expect(/^engine (time|plays)/)).toBe('engine time: 0.1 s a move');
    const reply = (await p.expect(/^engine plays /)).split(' ')[2];
    p.send('undo', 'moves');
    expect((await p.expect(/^\d+[-x]\d+( \d+[-x]\d+)*$/)).split(' ')).toHaveLength(9);
    p.send('redo', 'fen');
    const fen = await p.expect(/^[WB]:/);
    expect(fen.startsWith('B:')).toBe(true);
    p.send('redo');
    await p.expect(/nothing to replay/);
    for (const [bad, why] of [['time 0', /time needs a positive number/], ['depth 2.5', /depth needs a positive whole number/],
      ['perft x', /perft depth needs/], ['fen W:W99:B1', /bad FEN/], ['variant xiangqi', /unknown variant "xiangqi"/],
      ['55-50', /bad move|off the board/], ['32x28', /illegal|not/]] as const) {
      p.send(bad);
      expect(await p.expect(/./), bad).toMatch(why);
    }
    p.send('variant english', 'perft 3');
    expect(await p.expect(/^depth 3 /)).toMatch(/^depth 3 leaves 302 /);
    p.send('fen');
    expect(await p.expect(/^[WB]:/)).toBe('B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
    expect(reply).toMatch(/^\d+[-x]\d+/);
    p.send('quit');
    expect(await p.exited).toBe(0);
  });

  it('quits at once while the engine is playing both sides', async () => {
    const p = textMode(['play', '--variant', 'english']);
    await p.expect(/text mode: english draughts/);
    p.send('time 0.2', '2');
    await p.expect(/^engine plays /);
    const t0 = performance.now();
    p.send('quit');
    expect(await p.exited).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('runs every line of input that arrives at once, in order, and quits after them', () => {
    const { code, out, err } = damkaFed('board\nmoves\n32-28\ngo\nquit\n');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    // Boards: at the start, for "board", after 32-28 and after the engine's move.
    expect(lines.filter((l) => /^(White|Black) to move$/.test(l))).toEqual(['White to move', 'White to move', 'Black to move', 'White to move']);
    const moves = lines.indexOf('31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30');
    const played = lines.findIndex((l) => /^engine plays \d+[-x]\d+/.test(l));
    expect(moves, out).toBeGreaterThan(0);
    expect(played, out).toBeGreaterThan(moves);
  });

  it('stops the engine playing on by itself when a quit is waiting, and runs nothing after quit', () => {
    const { code, out } = damkaFed('variant english\ndepth 1\n2\nquit\nmoves\n');
    expect(code).toBe(0);
    // The line "2" has the engine make its move; playing on would wait for the game's end.
    expect(out.split('\n').filter((l) => /^engine plays \d/.test(l))).toHaveLength(1);
    expect(out).not.toMatch(/^\d+[-x]\d+( \d+[-x]\d+)*$/m);
  });
});
