// Scores as the front ends print them (analyze, the text mode): one formatter for both.

import { describe, expect, it } from 'vitest';
import { formatScore } from '../src/search/score-text.ts';
import { MATE } from '../src/search/score.ts';
import { TABLE_WIN, TABLE_WIN_BOUND } from '../src/search/table-score.ts';

describe('formatScore', () => {
  it('prints men with two decimals, wins the search sees in plies, and table wins', () => {
    expect(formatScore(0)).toBe('0.00');
    expect(formatScore(-137)).toBe('-1.37');
    expect(formatScore(MATE - 7)).toBe('win in 7');
    expect(formatScore(-(MATE - 4))).toBe('loss in 4');
    expect(formatScore(TABLE_WIN + 321)).toBe('win (tables)');
    expect(formatScore(-TABLE_WIN_BOUND)).toBe('loss (tables)');
    expect(formatScore(TABLE_WIN_BOUND - 1)).toBe(((TABLE_WIN_BOUND - 1) / 100).toFixed(2));
  });
});
