// Finds tactical positions for bench/suites/<variant>.txt (the test suites, also read by the
// tactics tests) in Damka self-play games, checked by the simple material search of
// test/reference/material-search.ts and by a deep Damka search:
//
// - shot: a quiet position where one move wins at least a man by force within --plies, that
//   move alone does so, it offers material (the opponent must capture next), and a two-ply
//   look does not see the gain (so it is a combination), while a look two plies deeper
//   still sees it (so the man is not won straight back);
// - avoid: a quiet position where a move that looks good one ply deep (the engine's static
//   evaluation after it ranks it first or second) ends at least a man worse than the best move
//   within three plies (a one-move shot), still so five plies deep, while the best move keeps
//   the material balance;
// - both: the claim still holds at each of --stable plies (7 and 9):
//   the shot is still the one move that wins a man, the move to avoid still loses one. Without
//   this a quiet move can win the same man a little later (two solutions), or a man lost to
//   the shot is won straight back (no blunder), and a suite would fail a search for it.
//
//   node dist/find-tactics.js --variant english [--count 30] [--avoid-count 15] [--plies 5] [--stable 7,9] [--verify-depth 14] [--out FILE]

import { writeFileSync } from 'node:fs';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { formatFen } from '../src/notation/fen.ts';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { formatMove, sameMove } from '../src/notation/move-text.ts';
import type { Move } from '../src/rules/move.ts';
import type { Position } from '../src/rules/position.ts';
import { getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { MAN, material, materialSearch, rootValues } from '../test/reference/material-search.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('find-tactics', ['variant', 'count', 'avoid-count', 'plies', 'stable', 'verify-depth', 'out'], 'node dist/find-tactics.js --variant english [--count 30] [--avoid-count 15] [--plies 5] [--stable 7,9] [--verify-depth 14] [--out FILE]');

const variant = getVariant(arg('variant', 'english'));
const count = Number(arg('count', '30'));
const avoidCount = Number(arg('avoid-count', '15'));
const verifyDepth = Number(arg('verify-depth', variant.name === 'english' ? '14' : '10'));
const plies = Number(arg('plies', '5'));
const stable = arg('stable', '7,9').split(',').map(Number);
const evaluator = new ClassicEvaluator(variant);

const openings = defaultOpenings(variant);

const pdn = (m: Move, legal: Move[]) => formatMove(variant, m, legal, 'pdn');
const verifier = new Searcher(variant, 64);
function engineChoice(pos: Position, depth: number): string {
  verifier.clear();
  const r = verifier.search(pos, { limits: { depth }, analyze: true });
  return pdn(r.move!, variant.legalMoves(pos));
}

/** The forced line behind a material value (for the notes). */
function line(pos: Position, depth: number): string[] {
  const out: string[] = [];
  for (let d = depth; d > -6; d--) {
    const legal = variant.legalMoves(pos);
    if (legal.length === 0 || (d <= 0 && legal[0].captured.length === 0)) break;
    let best: Move | null = null, bestValue = -Infinity;
    for (const m of legal) {
      const v = -materialSearch(variant, variant.play(pos, m), d - 1);
      if (v > bestValue) { bestValue = v; best = m; }
    }
    out.push(pdn(best!, legal));
    pos = variant.play(pos, best!);
  }
  return out;
}

/** Whether `move` is still the one move that wins at least a man at every --stable depth. */
function shotStable(pos: Position, move: Move): boolean {
  const base = material(pos);
  return stable.every((d) => {
    const values = rootValues(variant, pos, d);
    const mine = values.find((v) => sameMove(v.move, move))!.value;
    return mine >= base + MAN && values.every((v) => sameMove(v.move, move) || v.value < mine);
  });
}

/** The moves of `bad` that still end a man worse than the best move at every --stable depth (none if the best move drops below the balance). */
function stillLosing(pos: Position, bad: Move[]): Move[] {
  const base = material(pos);
  return stable.reduce((left, d) => {
    const values = rootValues(variant, pos, d);
    const best = Math.max(...values.map((v) => v.value));
    return best < base ? [] : left.filter((m) => values.find((v) => sameMove(v.move, m))!.value <= best - MAN);
  }, bad);
}

const shots: string[] = [], avoids: string[] = [];
const seen = new Set<string>();
for (let g = 0; g < 6 * openings.length && (shots.length < count || avoids.length < avoidCount); g++) {
  // A stride prime to both files' lengths visits every opening; later rounds play at other node counts.
  const game = openingGame(variant, openings[(g * 37) % openings.length]);
  const nodes = 1000 + 1000 * Math.floor(g / openings.length);
  const searcher = new Searcher(variant, 8);
  // At most one position of each kind from a game, so that the positions differ.
  let shotTaken = false, avoidTaken = false;
  while (game.status().result === '*' && game.ply < 200) {
    const pos = game.position;
    const legal = variant.legalMoves(pos);
    if (game.ply >= 6 && legal[0].captured.length === 0 && legal.length > 1 && !seen.has(pos.keyString())) {
      seen.add(pos.keyString());
      const base = material(pos);
      const fen = formatFen(variant, variant.toBoard(pos));
      if (shots.length < count && !shotTaken) {
        const values = rootValues(variant, pos, plies);
        const best = Math.max(...values.map((v) => v.value));
        const winners = values.filter((v) => v.value === best);
        if (best >= base + MAN && best < 500 && winners.length === 1) {
          const shallow = -materialSearch(variant, variant.play(pos, winners[0].move), 1);
          const others = Math.max(...values.filter((v) => v !== winners[0]).map((v) => v.value));
          const sacrifice = variant.legalMoves(variant.play(pos, winners[0].move))[0]?.captured.length > 0;
          // The gain must survive a look two plies further (not a man won back at once).
          const deeper = shallow < base + MAN && others < best && sacrifice ? -materialSearch(variant, variant.play(pos, winners[0].move), plies + 1) : -Infinity;
          // And a deep engine search agrees (a second, independent check of the solution).
          const agrees = deeper >= base + MAN && shotStable(pos, winners[0].move) && engineChoice(pos, verifyDepth) === pdn(winners[0].move, legal);
          if (agrees) {
            const main = [pdn(winners[0].move, legal), ...line(variant.play(pos, winners[0].move), plies - 1)];
            shotTaken = true;
            shots.push(`${fen} ; ${pdn(winners[0].move, legal)} ; ${variant.name.slice(0, 2)}-shot-${String(shots.length + 1).padStart(2, '0')} ; self-play game ${g + 1} ply ${game.ply}, wins ${(best - base) / MAN} man net (Damka depth ${verifyDepth} agrees); line ${main.join(' ')}`);
          }
        }
      }
      if (avoids.length < avoidCount && !avoidTaken) {
        const oneply = legal.map((m) => ({ m, v: -evaluator.evaluate(variant.play(pos, m)) })).sort((a, b) => b.v - a.v);
        const values = rootValues(variant, pos, 3);
        const best = Math.max(...values.map((v) => v.value));
        const natural = new Set(oneply.slice(0, 2).map((x) => pdn(x.m, legal)));
        let losing = values.filter((v) => v.value <= best - MAN && natural.has(pdn(v.move, legal)));
        let keeps = best >= base;
        if (keeps && losing.length > 0) {
          // The loss must stand two plies deeper too, against the best other move.
          const deeper = rootValues(variant, pos, 5);
          const best5 = Math.max(...deeper.map((v) => v.value));
          const bad = new Set(losing.map((l) => pdn(l.move, legal)));
          losing = deeper.filter((v) => bad.has(pdn(v.move, legal)) && v.value <= best5 - MAN);
          keeps = best5 >= base;
          if (keeps && losing.length > 0) {
            const lasting = stillLosing(pos, losing.map((l) => l.move));
            losing = losing.filter((l) => lasting.some((m) => sameMove(m, l.move)));
          }
        }
        if (keeps && losing.length > 0 && !losing.some((l) => pdn(l.move, legal) === engineChoice(pos, verifyDepth))) {
          const main = losing.map((l) => [pdn(l.move, legal), ...line(variant.play(pos, l.move), 2)].join(' '));
          avoidTaken = true;
          avoids.push(`${fen} ; ${losing.map((l) => pdn(l.move, legal)).join(',')} ; ${variant.name.slice(0, 2)}-avoid-${String(avoids.length + 1).padStart(2, '0')} ; self-play game ${g + 1} ply ${game.ply} (Damka depth ${verifyDepth} avoids it); loses: ${main.join(' | ')}`);
        }
      }
    }
    const r = searcher.search(pos, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes } });
    game.play(r.move!);
  }
  process.stderr.write(`game ${g + 1}: ${shots.length} shots, ${avoids.length} avoids\n`);
}
const header = [
  `# Tactical test positions, ${variant.name}: found by bench/find-tactics.ts in self-play and checked by`,
  '# test/reference/material-search.ts (man 2, king 3) and a deep Damka search. Format: bench/suites/README.md.',
  '# [shot]  FEN ; the winning move ; id ; source, net gain and the forced line',
  '# [avoid] FEN ; move(s) that lose a man to a shot ; id ; source and the refutation',
];
writeFileSync(packageFile(arg('out', `bench/suites/${variant.name}.txt`)), [...header, '[shot]', ...shots, '[avoid]', ...avoids].join('\n') + '\n');
console.log(`${shots.length} shots, ${avoids.length} avoids`);
