// Tactics: the search finds winning shots at a small depth and does not walk into one, on
// the shipped suites (bench/suites). Every position is first re-checked by the simple
// material search (test/reference), so that the data cannot drift from what it claims.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../src/notation/fen.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import type { EvalKind } from '../src/eval/position-evaluator.ts';
import { MAN, material, rootValues } from './reference/material-search.ts';

interface Tactic { kind: 'shot' | 'avoid'; fen: string; moves: string[]; id: string }

function readTactics(variant: Variant): Tactic[] {
  const text = readFileSync(new URL(`../bench/suites/${variant.name}.txt`, import.meta.url), 'utf8');
  let kind: Tactic['kind'] | null = null;
  const out: Tactic[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line === '[shot]' || line === '[avoid]') { kind = line.slice(1, -1) as Tactic['kind']; continue; }
    const [fen, moves, id] = line.split(' ; ');
    if (!kind || !id) throw new Error(`bad tactics line: ${line}`);
    out.push({ kind, fen, moves: moves.split(','), id });
  }
  return out;
}

/** At least 10, and no more than one in ten missed. */
const minShots = (n: number) => Math.max(10, Math.ceil(n * 0.9));

// Shots are searched with each learned evaluation that ships. English's network, its default,
// misses one more at depth 8 than its pattern weights (en-shot-05, 09, 12 and 21, against 09, 12
// and 21); at depth 12 both miss the same two, 05 and 09, and both then prefer 4-8 to 05's
// shot. So the network is held to the one miss more it makes, the patterns to their one in ten.
const SETTINGS: { variant: Variant; shotDepth: number; avoidDepth: number; shotEvals: { kind: EvalKind; allowance: number }[] }[] = [
  { variant: ENGLISH, shotDepth: 8, avoidDepth: 6, shotEvals: [{ kind: 'learned', allowance: 1 }, { kind: 'pattern', allowance: 0 }] },
  { variant: INTERNATIONAL, shotDepth: 6, avoidDepth: 5, shotEvals: [{ kind: 'learned', allowance: 0 }] },
];

for (const { variant, shotDepth, avoidDepth, shotEvals } of SETTINGS) {
  const tactics = readTactics(variant);
  const shots = tactics.filter((t) => t.kind === 'shot');
  const avoids = tactics.filter((t) => t.kind === 'avoid');

  describe(`${variant.name} tactics`, () => {
    it('has at least 10 positions of each kind', () => {
      expect(shots.length).toBeGreaterThanOrEqual(10);
      expect(avoids.length).toBeGreaterThanOrEqual(10);
    });

    for (const t of shots) {
      it(`${t.id}: the shot ${t.moves[0]} is the one move that wins material (material search)`, () => {
        const pos = variant.fromBoard(parseFen(variant, t.fen));
        const legal = variant.legalMoves(pos);
        const key = formatMove(variant, parseMove(variant, pos, t.moves[0]), legal, 'long');
        const values = rootValues(variant, pos, 5);
        const best = values.find((v) => formatMove(variant, v.move, legal, 'long') === key)!;
        expect(best.value).toBeGreaterThanOrEqual(material(pos) + MAN);
        for (const v of values) if (v !== best) expect(v.value, formatMove(variant, v.move, legal, 'pdn')).toBeLessThan(best.value);
      });
    }

    for (const t of avoids) {
      it(`${t.id}: ${t.moves.join(' and ')} lose a man to a shot (material search)`, () => {
        const pos = variant.fromBoard(parseFen(variant, t.fen));
        const legal = variant.legalMoves(pos);
        const bad = t.moves.map((m) => formatMove(variant, parseMove(variant, pos, m), legal, 'long'));
        const values = rootValues(variant, pos, 3);
        const best = Math.max(...values.map((v) => v.value));
        for (const v of values) {
          if (bad.includes(formatMove(variant, v.move, legal, 'long'))) expect(v.value).toBeLessThanOrEqual(best - MAN);
        }
        expect(best).toBeGreaterThanOrEqual(material(pos));
      });
    }

    // The engine at a small depth: most shots found and most blunders avoided. The thresholds
    // are what this search achieves (see the note of each miss); a weaker search fails here.
    for (const { kind, allowance } of shotEvals) {
      const least = minShots(shots.length) - allowance;
      it(`finds at least ${least} of ${shots.length} shots at depth ${shotDepth} (${kind} evaluation)`, () => {
        const missed: string[] = [];
        for (const t of shots) {
          const pos = variant.fromBoard(parseFen(variant, t.fen));
          const legal = variant.legalMoves(pos);
          const r = new Searcher(variant, 8, {}, createEvaluator(variant, { kind })).search(pos, { limits: { depth: shotDepth }, analyze: true });
          const found = formatMove(variant, r.move!, legal, 'long');
          if (found !== formatMove(variant, parseMove(variant, pos, t.moves[0]), legal, 'long')) missed.push(`${t.id} (played ${formatMove(variant, r.move!, legal, 'pdn')})`);
        }
        expect(shots.length - missed.length, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(least);
      });
    }

    it(`avoids the losing move in at least ${minShots(avoids.length)} of ${avoids.length} positions at depth ${avoidDepth}`, () => {
      const fell: string[] = [];
      for (const t of avoids) {
        const pos = variant.fromBoard(parseFen(variant, t.fen));
        const legal = variant.legalMoves(pos);
        const bad = t.moves.map((m) => formatMove(variant, parseMove(variant, pos, m), legal, 'long'));
        const r = new Searcher(variant, 8).search(pos, { limits: { depth: avoidDepth }, analyze: true });
        if (bad.includes(formatMove(variant, r.move!, legal, 'long'))) fell.push(`${t.id} (played ${formatMove(variant, r.move!, legal, 'pdn')})`);
      }
      expect(avoids.length - fell.length, `fell for: ${fell.join(', ')}`).toBeGreaterThanOrEqual(minShots(avoids.length));
    });
  });
}
