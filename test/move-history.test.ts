// The search's move-ordering memory: cut-offs teach, the moves a cut-off passed over lose,
// the previous moves give the context, and no score runs away.

import { describe, expect, it } from 'vitest';
import { HISTORY_MAX, MoveHistory, pieceTo } from '../src/search/move-history.ts';

const WHITE = 0;

describe('move history', () => {
  it('raises a move that cut off and lowers the quiet moves tried before it', () => {
    const h = new MoveHistory(16);
    h.setPlayed(0, pieceTo(20, false));
    h.startNode(1);
    h.setPlayed(1, pieceTo(9, false));
    h.tryQuiet(1, 5, 9);
    h.setPlayed(1, pieceTo(10, false));
    h.tryQuiet(1, 6, 10);
    h.setPlayed(1, pieceTo(11, false));
    h.cutOff(1, WHITE, 6, 7, 11, 12345);
    expect(h.score(1, WHITE, 7, 11, pieceTo(11, false))).toBeGreaterThan(0);
    expect(h.score(1, WHITE, 5, 9, pieceTo(9, false))).toBeLessThan(0);
    expect(h.score(1, WHITE, 6, 10, pieceTo(10, false))).toBeLessThan(0);
    // An untried move learns nothing, and the other side's history is its own.
    expect(h.score(1, WHITE, 8, 12, pieceTo(12, false))).toBe(0);
    expect(h.score(1, 1, 7, 11, pieceTo(11, false))).toBeGreaterThan(0); // the continuation tables do not know the side
    expect(h.killers[2]).toBe(12345);
  });

  it('scores a move higher after the reply it answered than after another', () => {
    const h = new MoveHistory(16);
    const move = { from: 7, to: 11, pt: pieceTo(11, false) };
    for (let k = 0; k < 5; k++) {
      h.setPlayed(2, pieceTo(30, true)); // our own move two plies up
      h.setPlayed(3, pieceTo(20, false)); // the opponent's reply
      h.startNode(4);
      h.setPlayed(4, move.pt);
      h.cutOff(4, WHITE, 8, move.from, move.to, 1);
    }
    const inContext = h.score(4, WHITE, move.from, move.to, move.pt);
    h.setPlayed(3, pieceTo(21, false));
    const otherReply = h.score(4, WHITE, move.from, move.to, move.pt);
    h.setPlayed(2, pieceTo(31, true));
    const neither = h.score(4, WHITE, move.from, move.to, move.pt);
    expect(inContext).toBeGreaterThan(otherReply);
    expect(otherReply).toBeGreaterThan(neither);
    expect(neither).toBeGreaterThan(0); // the from-to history still remembers
  });

  it('saturates: endless cut-offs stay below three tables of HISTORY_MAX, endless losses above minus that', () => {
    const h = new MoveHistory(16);
    for (let k = 0; k < 10_000; k++) {
      h.startNode(5);
      h.setPlayed(5, pieceTo(2, false));
      h.tryQuiet(5, 1, 2);
      h.setPlayed(5, pieceTo(4, false));
      h.cutOff(5, WHITE, 40, 3, 4, 1);
    }
    const top = h.score(5, WHITE, 3, 4, pieceTo(4, false)), bottom = h.score(5, WHITE, 1, 2, pieceTo(2, false));
    expect(top).toBeLessThanOrEqual(3 * HISTORY_MAX);
    expect(top).toBeGreaterThan(2 * HISTORY_MAX);
    expect(bottom).toBeGreaterThanOrEqual(-3 * HISTORY_MAX);
    expect(bottom).toBeLessThan(-2 * HISTORY_MAX);
  });

  it('without continuation: depth squared a cut-off, nothing lost, halved when large', () => {
    const h = new MoveHistory(16);
    h.continuation = false;
    h.startNode(1);
    h.setPlayed(1, pieceTo(9, false));
    h.tryQuiet(1, 5, 9);
    h.setPlayed(1, pieceTo(11, false));
    h.cutOff(1, WHITE, 6, 7, 11, 1);
    h.cutOff(1, WHITE, 3, 7, 11, 1);
    expect(h.score(1, WHITE, 7, 11, pieceTo(11, false))).toBe(36 + 9);
    expect(h.score(1, WHITE, 5, 9, pieceTo(9, false))).toBe(0);
    for (let k = 0; k < 50; k++) h.cutOff(1, WHITE, 1000, 7, 11, 1);
    expect(h.score(1, WHITE, 7, 11, pieceTo(11, false))).toBeLessThanOrEqual(20_000_000);
    h.clear();
    expect(h.score(1, WHITE, 7, 11, pieceTo(11, false))).toBe(0);
    expect(h.killers.every((k) => k === 0)).toBe(true);
  });
});
