// The Lasca evaluation: colour symmetry, and each term pulling the way its comment says.

import { describe, expect, it } from 'vitest';
import { LascaEvaluator } from '../src/eval/lasca.ts';
import { formatLascaPosition, parseLascaPosition } from '../src/notation/lasca-text.ts';
import { LASCA } from '../src/rules/lasca/lasca.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import { rng } from './reference/random-positions.ts';

const evaluator = new LascaEvaluator();
const score = (text: string) => evaluator.evaluate(parseLascaPosition(text));

/** The same position seen from the other side: board turned round, colours and side swapped. */
function mirror(text: string): string {
  const [side, body] = text.split(':');
  const swap = (c: string) => c.replace(/[wbWB]/g, (ch) => ({ w: 'b', b: 'w', W: 'B', B: 'W' })[ch]!);
  const items = body.split(',').map((item) => {
    const file = String.fromCharCode(97 + 6 - (item.charCodeAt(0) - 97));
    const rank = String(8 - Number(item[1]));
    return file + rank + swap(item.slice(2));
  });
  return `${side === 'W' ? 'B' : 'W'}:${items.join(',')}`;
}

describe('Lasca evaluation', () => {
  it('scores the start 0 and every position as its mirror image does', () => {
    expect(evaluator.evaluate(LASCA.startPosition())).toBe(0);
    // Positions from random games, so columns, prisoners and officers all occur.
    const random = rng(7);
    const list = new MoveList();
    let checked = 0;
    for (let game = 0; game < 20; game++) {
      let pos = LASCA.startPosition();
      for (let ply = 0; ply < 60; ply++) {
        const n = LASCA.generate(pos, list);
        if (n === 0) break;
        const next = new Position();
        LASCA.make(next, pos, list, Math.floor(random() * n));
        pos = next;
        const text = formatLascaPosition(pos);
        expect(score(mirror(text)), text).toBe(score(text));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('values command, prisoners, reserves, officers and advance', () => {
    // Holding a black soldier prisoner is better than its being free elsewhere.
    expect(score('W:c3wb,g7b,a1w')).toBeGreaterThan(score('W:c3w,g7bb,a1w'));
    // Our piece beneath the commander counts (a capture does not lose the column), though less
    // than a column of its own.
    expect(score('W:c3ww,g7b')).toBeGreaterThan(score('W:c3w,g7b'));
    expect(score('W:c3w,a1w,g7b')).toBeGreaterThan(score('W:c3ww,g7b'));
    // An officer is worth more than a soldier on the same square.
    expect(score('W:d4W,g7b')).toBeGreaterThan(score('W:d4w,g7b'));
    // A soldier nearer promotion is worth more.
    expect(score('W:b6w,g7b')).toBeGreaterThan(score('W:b2w,g7b'));
    // Scores are from the side to move.
    expect(score('B:d4W,g7b')).toBe(-score('W:d4W,g7b'));
  });

  it('says when the side to move has no step', () => {
    evaluator.evaluate(parseLascaPosition('W:g5w,f6b,e7b'));
    expect(evaluator.sideToMoveStuck).toBe(true);
    evaluator.evaluate(parseLascaPosition('B:g5w,f6b,e7b'));
    expect(evaluator.sideToMoveStuck).toBe(false);
  });
});
