// The text mode as a person uses it, driven through stdin of the built CLI.

import { afterEach, describe, expect, it } from 'vitest';
import { EngineProcess } from './helpers/engine-process.ts';

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
    expect(moves.split(' ').length).toBeGreaterThan(2);
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
});
