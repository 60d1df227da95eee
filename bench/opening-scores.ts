// Which openings a match's games were lost in: for the named player, the score of every opening
// (the Opening tag `damka match` writes) with each colour, how much of the losses the worst
// openings hold, and the worst openings themselves. With --out, the worst N openings become an
// opening file for a match of their own.
//
//   node dist/opening-scores.js --pdn a.pdn,b.pdn --name Damka [--worst 20] [--out worst.txt]
//
// The worst openings of one set of games score better in the next by chance alone (they were
// picked for their bad luck as well as for being hard): compare a match on them with another
// on the same openings, not with the games that picked them.

import { writeFileSync } from 'node:fs';
import { WHITE } from '../src/rules/position.ts';
import { arg, checkArgs } from './args.ts';
import { playerColour, playerOutcome, readPdnFile } from './pdn-player.ts';

checkArgs('opening-scores', ['pdn', 'name', 'worst', 'out'], 'node dist/opening-scores.js --pdn a.pdn,b.pdn --name Damka [--worst 20] [--out worst.txt]');

const files = arg('pdn', '').split(',').filter(Boolean);
const name = arg('name', '');
const worst = Number(arg('worst', '20'));
const out = arg('out', '');
if (files.length === 0 || !name || !(Number.isInteger(worst) && worst > 0)) {
  console.error('opening-scores: give --pdn FILE[,FILE...] and --name PLAYER (as in the White or Black tag); --worst N (a whole number from 1)');
  process.exit(2);
}

/** Per opening, the player's [wins, draws, losses] with White (0) and with Black (1). */
const byOpening = new Map<string, [number[], number[]]>();
let games = 0, untagged = 0;
for (const file of files) {
  for (const record of readPdnFile('opening-scores', file)) {
    const colour = playerColour(record, name);
    if (colour === null || record.result === '*') continue;
    const opening = record.tags.get('Opening');
    if (!opening) { untagged++; continue; }
    let row = byOpening.get(opening);
    if (!row) { row = [[0, 0, 0], [0, 0, 0]]; byOpening.set(opening, row); }
    row[colour === WHITE ? 0 : 1][playerOutcome(record, colour)]++;
    games++;
  }
}
if (games === 0) {
  console.error(`opening-scores: no finished game of ${name} with an Opening tag in ${files.join(', ')}`);
  process.exit(1);
}

const score = (r: number[]) => (r[0] + r[1] / 2) / Math.max(1, r[0] + r[1] + r[2]);
/** Wins, draws and losses summed: both colours of an opening, or several openings. */
const sum = (rows: number[][]) => rows.reduce((n, r) => [n[0] + r[0], n[1] + r[1], n[2] + r[2]], [0, 0, 0]);
/** Every (opening, colour) tally. */
const pairTallies = [...byOpening.values()].flat();
const total = sum(pairTallies);
console.log(`${games} games of ${name} in ${byOpening.size} openings${untagged ? ` (${untagged} without an Opening tag left out)` : ''}: ` +
  `+${total[0]} =${total[1]} -${total[2]}, ${(100 * score(total)).toFixed(1)}%`);

// How concentrated the losses are: (opening, colour) pairs by their share of games lost.
const pairs = pairTallies.filter((r) => r[0] + r[1] + r[2] > 0);
pairs.sort((x, y) => y[2] / (y[0] + y[1] + y[2]) - x[2] / (x[0] + x[1] + x[2]));
if (total[2] > 0) {
  for (const share of [0.1, 0.2, 0.3, 0.5]) {
    const top = pairs.slice(0, Math.round(pairs.length * share));
    const lost = top.reduce((n, r) => n + r[2], 0), played = top.reduce((n, r) => n + r[0] + r[1] + r[2], 0);
    console.log(`the ${Math.round(share * 100)}% of (opening, colour) pairs lost most often hold ${(100 * lost / total[2]).toFixed(0)}% of the losses (${(100 * lost / Math.max(1, played)).toFixed(0)}% of their games lost)`);
  }
}
console.log(`(opening, colour) pairs never lost: ${pairs.filter((r) => r[2] === 0).length} of ${pairs.length}`);

// The worst openings by the player's score over both colours.
const ranked = [...byOpening.entries()].sort(([, a], [, b]) => score(sum(a)) - score(sum(b)));
const chosen = ranked.slice(0, worst);
const fmt = (r: number[]) => `+${r[0]} =${r[1]} -${r[2]}`.padEnd(12);
console.log(`\nthe ${chosen.length} openings ${name} scored least in (with White, with Black):`);
for (const [opening, [w, b]] of chosen) console.log(`${opening.padEnd(24)} ${fmt(w)} ${fmt(b)}`);
if (out) {
  const all = sum(chosen.flatMap(([, rows]) => rows));
  const lines = [
    `# The ${chosen.length} openings ${name} scored least in (${(100 * score(all)).toFixed(1)}% over their ${all[0] + all[1] + all[2]} games), by bench/opening-scores.ts from ${files.join(', ')}.`,
    '# Picked for their results, so they score better in new games by chance alone: compare like with like.',
    ...chosen.map(([opening]) => opening),
  ];
  try {
    writeFileSync(out, `${lines.join('\n')}\n`);
  } catch (err) {
    console.error(`opening-scores: cannot write ${out}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  console.log(`\n${chosen.length} openings -> ${out}`);
}
