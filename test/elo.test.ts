// Match statistics against values worked out by hand from the formulas in src/match/elo.ts.

import { describe, expect, it } from 'vitest';
import { eloEstimate, eloFromScore, parseSprt, scoreFromElo, sprtBounds, sprtLlr, sprtVerdict } from '../src/match/elo.ts';

describe('Elo', () => {
  it('converts scores and differences both ways', () => {
    expect(eloFromScore(0.5)).toBe(0);
    // 0.75 = 1/(1+10^(-d/400)) gives d = 400 log10(3) = 190.848...
    expect(eloFromScore(0.75)).toBeCloseTo(190.849, 2);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.849, 2);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 10);
    expect(scoreFromElo(eloFromScore(0.6))).toBeCloseTo(0.6, 12);
  });

  it('estimates Elo with 95% error bars from W/D/L', () => {
    // 60 W, 20 D, 20 L: score 0.7; per-game variance (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16;
    // standard error sqrt(0.16/100) = 0.04; interval 0.7 ± 1.96*0.04 = [0.62160, 0.77840].
    const e = eloEstimate({ wins: 60, draws: 20, losses: 20 });
    expect(e.score).toBeCloseTo(0.7, 12);
    expect(e.elo).toBeCloseTo(147.19, 1);
    const expected = (eloFromScore(0.7 + 1.959964 * 0.04) - eloFromScore(0.7 - 1.959964 * 0.04)) / 2;
    expect(e.margin).toBeCloseTo(expected, 3);
    expect(e.margin!).toBeGreaterThan(60);
    expect(e.margin!).toBeLessThan(75);
    // All draws: no spread, so no margin beyond zero; all wins: no finite Elo.
    expect(eloEstimate({ wins: 0, draws: 10, losses: 0 }).margin).toBeCloseTo(0, 6);
    expect(eloEstimate({ wins: 5, draws: 0, losses: 0 }).elo).toBeNull();
  });

  it('computes SPRT bounds and the log-likelihood ratio', () => {
    // alpha = beta = 0.05: bounds ln(0.05/0.95) = -2.944 and ln(0.95/0.05) = +2.944.
    const b = sprtBounds({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(b.lower).toBeCloseTo(-2.9444, 4);
    expect(b.upper).toBeCloseTo(2.9444, 4);
    // 60/20/20 against H0 = 0, H1 = 10 Elo: s0 = 0.5, s1 = 0.514387; LLR = (s1-s0)(2*0.7-s0-s1)*100/(2*0.16).
    const s1 = scoreFromElo(10);
    expect(sprtLlr({ wins: 60, draws: 20, losses: 20 }, 0, 10)).toBeCloseTo(((s1 - 0.5) * (1.4 - 0.5 - s1) * 100) / 0.32, 6);
    // That is about 1.73: not yet past 2.944. Five times the games is five times the LLR.
    const bounds = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    expect(sprtVerdict({ wins: 60, draws: 20, losses: 20 }, bounds).verdict).toBeNull();
    expect(sprtLlr({ wins: 300, draws: 100, losses: 100 }, 0, 10)).toBeCloseTo(5 * sprtLlr({ wins: 60, draws: 20, losses: 20 }, 0, 10), 9);
    expect(sprtVerdict({ wins: 300, draws: 100, losses: 100 }, bounds).verdict).toBe('H1');
    expect(sprtVerdict({ wins: 100, draws: 100, losses: 300 }, bounds).verdict).toBe('H0');
    expect(sprtVerdict({ wins: 3, draws: 4, losses: 3 }, { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 }).verdict).toBeNull();
    // An engine that never loses: half a game of each kind stands in for the missing losses.
    const w = 30.5, d = 0.5, l = 0.5, n = 31.5, x = (w + d / 2) / n;
    const v = (w * (1 - x) ** 2 + d * (0.5 - x) ** 2 + l * x ** 2) / n;
    const s50 = scoreFromElo(50);
    expect(sprtLlr({ wins: 30, draws: 0, losses: 0 }, 0, 50)).toBeCloseTo(((s50 - 0.5) * (2 * x - 0.5 - s50) * n) / (2 * v), 9);
    expect(sprtVerdict({ wins: 30, draws: 0, losses: 0 }, { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 }).verdict).toBe('H1');
    expect(sprtLlr({ wins: 0, draws: 0, losses: 0 }, 0, 10)).toBe(0);
  });

  it('parses --sprt and refuses nonsense', () => {
    expect(parseSprt('0,5')).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    expect(parseSprt('-5,5,0.1,0.2')).toEqual({ elo0: -5, elo1: 5, alpha: 0.1, beta: 0.2 });
    for (const bad of ['5', '5,0', 'a,b', '0,5,0.6,0.1', '0,5,0.1']) expect(() => parseSprt(bad), bad).toThrow(/--sprt/);
  });
});
