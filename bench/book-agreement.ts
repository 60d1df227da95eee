// What a book can change in a game: how many moves it plays, and how many of those differ from
// the move the same engine would have searched. A book gains only where it plays another move
// than the search would, and only by how much better that move is, so this measure bounds what
// a book-against-no-book match can show, in minutes and without noise.
//
// From every opening, the book side with each colour: the book side plays its book move while it
// has one, the other side searches (--nodes, deterministic: each opening and colour is one game);
// at every book move the book side's own search of the position (what it would play without a
// book) is run too. The games end where the book side leaves its book. With --judge-nodes N, a
// search of N nodes scores the position after the book's move and after the search's, for every
// move where they differ: the mean of (book's − search's), centi-men from the mover's view, says
// whether the book's choices are better by the judge's lights (a judge no deeper than the book's
// own leaf searches only repeats the book's view).
//
//   node dist/book-agreement.js --variant english --book shipped --nodes 200000 [--judge-nodes 16000000]
//
// 200,000 nodes is about what one core searches in a 0.1 s move at English (about 2 M nodes a
// second in game positions, the bench's 3 M in its own).

import { bookFromOption } from '../src/book/settings.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import type { Game } from '../src/game/game.ts';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { sameMove } from '../src/notation/move-text.ts';
import type { Move } from '../src/rules/move.ts';
import { getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { arg, checkArgs } from './args.ts';
import { bookSide } from './book-side.ts';
import { median } from './median.ts';

checkArgs('book-agreement', ['variant', 'book', 'nodes', 'judge-nodes', 'openings'],
  'node dist/book-agreement.js [--variant V] [--book FILE|shipped] [--nodes N] [--judge-nodes N] [--openings N]');

const variant = getVariant(arg('variant', 'english'));
const nodes = Number(arg('nodes', '200000'));
const judgeNodes = Number(arg('judge-nodes', '0'));
if (!(nodes > 0) || !(judgeNodes >= 0)) {
  console.error('book-agreement: --nodes wants a positive number, --judge-nodes a number from 0 (0: no judge)');
  process.exit(2);
}

const player = bookSide('book-agreement', 'book', variant, () => bookFromOption(arg('book', 'shipped'), { use: true, file: '', lastPly: Infinity, margin: 0 }));
if (!player) {
  console.error('book-agreement: --book none leaves nothing to measure: give a file or shipped');
  process.exit(2);
}

const all = defaultOpenings(variant);
const count = Number(arg('openings', String(all.length)));
if (!Number.isInteger(count) || count < 1) {
  console.error(`book-agreement: --openings wants a whole number from 1 (${all.length} openings ship), got ${arg('openings', '')}`);
  process.exit(2);
}
const openings = all.slice(0, count);
const evaluator = createEvaluator(variant, {});
const judge = judgeNodes > 0 ? new Searcher(variant, 64, {}, evaluator) : null;

/** The judge's score of playing `move` in the game's position, the mover's view. */
function judged(game: Game, move: Move): number {
  const after = variant.play(game.position, move);
  const r = judge!.search(after, { limits: { nodes: judgeNodes } });
  return -r.score;
}

let games = 0, bookMoves = 0, differ = 0;
const gains: number[] = [];
const byPly = new Map<number, { book: number; differ: number }>();
console.log(`${variant.name}: ${openings.length} openings, both colours; the other side and the book side's own search: ${nodes} nodes${judge ? `; judge ${judgeNodes} nodes` : ''}`);
for (const opening of openings) {
  for (const bookIsWhite of [true, false]) {
    const game = openingGame(variant, opening);
    // Fresh tables each game, as a match's new engine has: the searches are the ones it would make.
    const own = new Searcher(variant, 16, {}, evaluator);
    const other = new Searcher(variant, 16, {}, evaluator);
    while (game.status().result === '*') {
      const bookToMove = (game.position.side === 0) === bookIsWhite;
      const request = { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes } };
      if (!bookToMove) {
        game.play(other.search(game.position, request).move!);
        continue;
      }
      const booked = player.choose(variant, game.position, game.ply);
      if (!booked) break;
      const searched = own.search(game.position, request).move!;
      const row = byPly.get(game.ply) ?? { book: 0, differ: 0 };
      row.book++;
      bookMoves++;
      if (!sameMove(booked.move, searched, variant)) {
        row.differ++;
        differ++;
        if (judge) {
          // The second search of a pair starts from the first's table: take turns at going first.
          let ofBook: number, ofSearch: number;
          if (gains.length % 2 === 0) { ofBook = judged(game, booked.move); ofSearch = judged(game, searched); }
          else { ofSearch = judged(game, searched); ofBook = judged(game, booked.move); }
          gains.push(ofBook - ofSearch);
        }
      }
      byPly.set(game.ply, row);
      game.play(booked.move);
    }
    games++;
    if (process.stdout.isTTY) process.stdout.write(`\r${games} games, ${bookMoves} book moves, ${differ} differ`);
  }
}
if (process.stdout.isTTY) process.stdout.write('\n');
console.log(`games ${games}: ${bookMoves} book moves (${(bookMoves / games).toFixed(2)} a game), ${differ} of them not the move the search plays (${(100 * differ / Math.max(1, bookMoves)).toFixed(1)}%, ${(differ / games).toFixed(2)} a game)`);
console.log('by ply: ' + [...byPly.entries()].sort((a, b) => a[0] - b[0]).map(([ply, r]) => `${ply}:${r.differ}/${r.book}`).join(' '));
if (judge) {
  const mean = gains.reduce((a, g) => a + g, 0) / Math.max(1, gains.length);
  const better = gains.filter((g) => g > 0).length, worse = gains.filter((g) => g < 0).length;
  console.log(`judge (${judgeNodes} nodes) on the ${gains.length} moves that differ, the book's move minus the search's: mean ${mean.toFixed(1)}, median ${gains.length ? median(gains).toFixed(1) : '-'} centi-men; the book's better in ${better}, worse in ${worse}, equal in ${gains.length - better - worse}`);
}
