// Builds openings/<variant>.txt: short balanced openings for matches (every game but
// English, which has the three-move ballots).
//
// Method: every sequence of the first four plies (two moves each) from the start position is
// enumerated in a seeded random order; each end position is searched to a fixed depth and
// kept when the side to move has no capture pending (no half-finished exchange), the score
// lies within ±--window men, and the position is not a repeat of one
// already kept. Fixed depth and a fresh table per position make the file reproducible.
//
//   node dist/make-openings.js [--variant international] [--count 100] [--plies 4] [--depth 12] [--window 0.25] [--seed 1]

import { writeFileSync } from 'node:fs';
import { formatFen } from '../src/notation/fen.ts';
import { formatMove } from '../src/notation/move-text.ts';
import type { Move } from '../src/rules/move.ts';
import type { Position } from '../src/rules/position.ts';
import { getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { Progress } from '../src/cli/progress.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('make-openings', ['variant', 'count', 'plies', 'depth', 'window', 'seed'], 'node dist/make-openings.js [--variant international] [--count 100] [--plies 4] [--depth 12] [--window 0.25] [--seed 1]');

const count = Number(arg('count', '100'));
const plies = Number(arg('plies', '4'));
const depth = Number(arg('depth', '12'));
const window = Number(arg('window', '0.25')) * 100;
let seed = Number(arg('seed', '1')) >>> 0 || 1;
const random = () => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return (seed >>> 0) / 2 ** 32; };

const variant = getVariant(arg('variant', 'international'));
const title = variant.name[0].toUpperCase() + variant.name.slice(1);
const lines: { moves: Move[]; pos: Position }[] = [];
const walk = (pos: Position, moves: Move[]) => {
  if (moves.length === plies) { lines.push({ moves, pos }); return; }
  for (const m of variant.legalMoves(pos)) walk(variant.play(pos, m), [...moves, m]);
};
walk(variant.startPosition(), []);
for (let i = lines.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [lines[i], lines[j]] = [lines[j], lines[i]];
}

const searcher = new Searcher(variant, 32);
const seen = new Set<string>();
const kept: string[] = [];
const progress = new Progress();
let tried = 0;
for (const { moves, pos } of lines) {
  if (kept.length >= count) break;
  const key = pos.keyString();
  // An opening that stops in the middle of an exchange is not a quiet start.
  if (seen.has(key) || variant.hasCapture(pos)) continue;
  seen.add(key);
  tried++;
  searcher.clear();
  const r = searcher.search(pos, { limits: { depth }, analyze: true });
  progress.update(`tried ${tried}, kept ${kept.length}/${count}`);
  // Scores are from the side to move (White after an even number of plies).
  const white = pos.side === 0 ? r.score : -r.score;
  if (Math.abs(white) > window) continue;
  const text = moves.map((m) => formatMove(variant, m, [], 'pdn')).join(' ');
  kept.push(`${text} ; ${formatFen(variant, variant.toBoard(pos))} ; ${(white / 100).toFixed(2)}`);
}
progress.done();
const header = [
  `# Balanced short openings for ${title} draughts, made by bench/make-openings.ts${variant.name === 'international' ? '' : ` --variant ${variant.name}`}`,
  `# (${plies} plies from the start, kept when a depth-${depth} Damka search scores within ±${(window / 100).toFixed(2)} men).`,
  '# One opening a line: the moves ; the PDN FEN after them ; the search score for White in men.',
];
writeFileSync(packageFile(`openings/${variant.name}.txt`), [...header, ...kept].join('\n') + '\n');
console.log(`kept ${kept.length} of ${tried} tried`);
