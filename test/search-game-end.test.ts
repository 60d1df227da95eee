// The search scores each game's end as the rules have it (rules/game-end.ts): Antidraughts'
// side without a move has won, Breakthrough's first crowning wins at once, Frisian's resting
// king is the position's, not the search's, to remember.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../src/notation/fen.ts';
import { formatMove } from '../src/notation/move-text.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ANTIDRAUGHTS, BREAKTHROUGH, INTERNATIONAL } from '../src/rules/variants.ts';
import { MATE, MATE_BOUND } from '../src/search/score.ts';
import { Searcher } from '../src/search/search.ts';

const search = (variant: Variant, fen: string, depth: number) =>
  new Searcher(variant, 8).search(variant.fromBoard(parseFen(variant, fen)), { limits: { depth }, analyze: true });

describe('the search follows the game end', () => {
  // White's man on 33 must step next to Black's on 23, which takes it: White is left with nothing.
  it('Antidraughts: losing every piece is a win, found as one', () => {
    const r = search(ANTIDRAUGHTS, 'W:W33:B23', 4);
    expect(r.score).toBe(MATE - 2);
    expect(search(INTERNATIONAL, 'W:W33:B23', 4).score).toBe(-(MATE - 2));
  });

  it('Antidraughts: a side that can run out of moves by giving its men away does so', () => {
    // Two White men against three: the search finds a way to have both taken, a forced win.
    const r = search(ANTIDRAUGHTS, 'W:W32,38:B22,23,5', 6);
    expect(r.score).toBeGreaterThan(MATE_BOUND);
  });

  it('Breakthrough: the crowning move wins at once', () => {
    const r = search(BREAKTHROUGH, 'W:W7,45:B20,30', 3);
    expect(r.score).toBe(MATE - 1);
    expect(['7-1', '7-2']).toContain(formatMove(BREAKTHROUGH, r.move!, [], 'pdn'));
  });

  it('Breakthrough: a crowning one move away for the opponent is a loss to stop', () => {
    // Black's man on 41 crowns next move and White's on 16 is too far to stop it or to crown first.
    const r = search(BREAKTHROUGH, 'W:W16:B41', 3);
    expect(r.score).toBe(-(MATE - 2));
  });
});
