// Builds bench/positions/<variant>.txt: the fixed positions of `damka bench`.
//
// Method: Damka plays itself at a fixed node count (deterministic) from the first openings
// of the shipped opening files; from each game it takes one opening position (ply 6 of the
// game), one middlegame (the first position with at most `mid` pieces) and one endgame (the
// first with at most `end` pieces), skipping positions where the game is already over.
//
//   node dist/make-bench-positions.js [--variant NAME] [--per-phase 12] [--nodes 20000]

import { writeFileSync } from 'node:fs';
import { formatFen } from '../src/notation/fen.ts';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { popcount } from '../src/rules/position.ts';
import type { Variant } from '../src/rules/variant.ts';
import { VARIANTS, getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('make-bench-positions', ['variant', 'per-phase', 'nodes'], 'node dist/make-bench-positions.js [--variant NAME] [--per-phase 12] [--nodes 20000]');


const PHASES: Partial<Record<string, { mid: number; end: number }>> = { english: { mid: 16, end: 8 }, international: { mid: 26, end: 12 } };

/** Other games: a middlegame from two thirds of the starting pieces, an endgame from a quarter. */
function phases(variant: Variant): { mid: number; end: number } {
  const start = variant.startPosition();
  const pieces = popcount(start.wLo) + popcount(start.wHi) + popcount(start.wEx) + popcount(start.bLo) + popcount(start.bHi) + popcount(start.bEx);
  return PHASES[variant.name] ?? { mid: Math.round((pieces * 2) / 3), end: Math.round(pieces / 4) };
}

function build(variant: Variant, perPhase: number): void {
  const { mid, end } = phases(variant);
  const openings = defaultOpenings(variant);
  const found: Record<'opening' | 'middlegame' | 'endgame', string[]> = { opening: [], middlegame: [], endgame: [] };
  const searcher = new Searcher(variant, 16);
  for (let g = 0; g < openings.length && Object.values(found).some((f) => f.length < perPhase); g++) {
    // Spread the openings used over the whole file.
    const game = openingGame(variant, openings[(g * 7) % openings.length]);
    const taken = new Set<string>();
    searcher.clear();
    while (game.status().result === '*' && game.ply < 400) {
      const pos = game.position;
      const pieces = popcount(pos.wLo) + popcount(pos.wHi) + popcount(pos.wEx) + popcount(pos.bLo) + popcount(pos.bHi) + popcount(pos.bEx);
      const fen = formatFen(variant, variant.toBoard(pos));
      const take = (phase: keyof typeof found) => {
        if (taken.has(phase) || found[phase].length >= perPhase) return;
        taken.add(phase);
        found[phase].push(`${fen} ; ${phase.slice(0, 3)}-${String(found[phase].length + 1).padStart(2, '0')} ; ${phase}, game ${g + 1} ply ${game.ply}, ${pieces} pieces`);
      };
      if (game.ply === 6) take('opening');
      if (pieces <= mid && !taken.has('middlegame') && pieces > end) take('middlegame');
      if (pieces <= end) take('endgame');
      const r = searcher.search(pos, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes } });
      game.play(r.move!);
    }
  }
  const header = [
    `# damka bench positions, ${variant.name}: made by bench/make-bench-positions.ts (see bench/positions/README.md).`,
    '# One position a line: PDN FEN ; id ; description. "#" starts a comment.',
  ];
  const lines = [...found.opening, ...found.middlegame, ...found.endgame];
  writeFileSync(packageFile(`bench/positions/${variant.name}.txt`), [...header, ...lines].join('\n') + '\n');
  console.log(`${variant.name}: ${found.opening.length} openings, ${found.middlegame.length} middlegames, ${found.endgame.length} endgames`);
}

const perPhase = Number(arg('per-phase', '12'));
const nodes = Number(arg('nodes', '20000'));
const only = arg('variant', '');
for (const variant of only ? [getVariant(only)] : VARIANTS) build(variant, perPhase);
