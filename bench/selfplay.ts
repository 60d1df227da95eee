// Damka against Damka with different search options or evaluation weights, from the shipped
// openings with colours reversed, under our referee (Game). The way to show that an option
// gains strength before it is switched on by default.
//
//   node dist/selfplay.js --variant english --games 100 --nodes 50000 --b lmr=0
//   node dist/selfplay.js --variant international --time 0.05 --a threatQuiescence=0 --b-weights w.json
//   node dist/selfplay.js --variant english --time 0.1 --b-time 0.2   (what doubling the time is worth)
//
// Each side plays the default evaluation (the learned one where weights ship) unless given
// --a-eval classic, or --a-weights with a learned weights file (likewise for b). Limits are
// --nodes N or --time S for both, --a-nodes/--a-time and --b-nodes/--b-time for one side.
// --part k/n plays every n-th pair of games from pair k (to run two processes on two cores);
// each part plays both colours of its openings, so its own tally is not biased by colour.
// --first G starts at game G (even), to add games to a match without replaying the first ones;
// --games N is still where the match ends (--first 300 --games 600 adds games 301-600).
// At fixed nodes (no --time on either side) only two games an opening differ: past them the
// games come round again move for move (the tool says so), so more games need --time.
// --a-book / --b-book give a side an opening book (a file, "shipped" or "none", the default),
// played as the engine plays it: a book move at once, no search, while the book has one;
// --pdn FILE appends every game to FILE, White and Black named A and B (to teach a book the
// lines a side met: `book build --games FILE --games-player A`).
// --book-margin and --book-ply apply to both. Book against no book, all else equal:
//   node dist/selfplay.js --variant english --time 0.1 --games 400 --a-book shipped

import { type EvalChoice, createEvaluator, planEvaluation } from '../src/eval/evaluators.ts';
import { readWeightsFile } from '../src/eval/read-weights.ts';
import { type PositionEvaluator, parseEvalKind } from '../src/eval/position-evaluator.ts';
import type { Limits } from '../src/search/types.ts';
import { whitePoints } from '../src/game/game.ts';
import { getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { arg, checkArgs, searchOptions } from './args.ts';
import { bookSide } from './book-side.ts';
import { bookFromOption, parseBookMargin, parseBookPly } from '../src/book/settings.ts';
import { seededRandom } from '../src/train/selfplay-game.ts';
import { appendFileSync } from 'node:fs';
import { formatPdnGame } from '../src/notation/pdn.ts';

checkArgs('selfplay', ['variant', 'games', 'time', 'nodes', 'a-time', 'a-nodes', 'b-time', 'b-nodes', 'part', 'first',
  'max-plies', 'a-weights', 'b-weights', 'a-eval', 'b-eval', 'a', 'b', 'a-book', 'b-book', 'book-margin', 'book-ply', 'pdn'],
`node dist/selfplay.js [--variant V] [--games N] [--time S | --nodes N] [--a-time S | --a-nodes N] [--b-time S | --b-nodes N]
    [--a-eval KIND] [--a-weights FILE] [--b-eval KIND] [--b-weights FILE] [--a OPTIONS] [--b OPTIONS]
    [--a-book FILE|shipped|none] [--b-book FILE|shipped|none] [--book-margin CM] [--book-ply N]
    [--part k/n] [--first G] [--max-plies N] [--pdn FILE]
Damka against Damka from the shipped openings, colours reversed (bench/selfplay.ts says more).`);


const variant = getVariant(arg('variant', 'english'));
const games = Number(arg('games', '100'));
function limitsOf(side: string): Limits {
  const time = arg(`${side}time`, '');
  const nodes = arg(`${side}nodes`, '');
  if (time) return { moveTime: Number(time) };
  if (nodes) return { nodes: Number(nodes) };
  return side === '' ? { nodes: 30000 } : limitsOf('');
}
const [part, parts] = arg('part', '0/1').split('/').map(Number);
// Games before this one are skipped: more games of the same match without playing its first ones again.
const first = Number(arg('first', '0'));
if (!Number.isInteger(first) || first < 0 || first % 2 !== 0) {
  console.error(`selfplay: --first wants an even game number from 0 (games come in pairs), got ${arg('first', '')}`);
  process.exit(2);
}
// --games is where the match ends, not how many games to add: --first 300 --games 300 would play none.
if (first > 0 && first >= games) {
  console.error(`selfplay: --first ${first} with --games ${games} plays no game: --games is the number the match ends at (--first ${first} --games ${first + games} plays games ${first + 1}-${first + games})`);
  process.exit(2);
}
if (!Number.isInteger(part) || !Number.isInteger(parts) || parts < 1 || part < 0 || part >= parts) {
  console.error(`selfplay: --part wants k/n with 0 <= k < n, got ${arg('part', '')}`);
  process.exit(2);
}
const maxPlies = Number(arg('max-plies', '300'));
// Each game appended as it ends (White and Black tags A and B), e.g. for `book build --games`.
const pdnFile = arg('pdn', '');

/** A side's evaluation as asked for, checked once here (a bad kind or file ends the tool with its reason). */
function evalChoice(side: string): EvalChoice {
  try {
    const text = arg(`${side}-eval`, ''), file = arg(`${side}-weights`, '');
    const choice = { kind: text ? parseEvalKind(text) : undefined, weights: file ? readWeightsFile(file, variant) : undefined };
    planEvaluation(variant, choice);
    return choice;
  } catch (e) {
    console.error(`selfplay: --${side}-eval/--${side}-weights: ${(e as Error).message}`);
    process.exit(2);
  }
}
const choices: Record<string, EvalChoice> = { a: evalChoice('a'), b: evalChoice('b') };
const evaluator = (side: string): PositionEvaluator => createEvaluator(variant, choices[side]);
// The evaluation and weights file are in the printed configuration, so that a log says what played.
const config = (side: 'a' | 'b') => ({
  options: searchOptions('selfplay', side, arg(side, '')), side, limits: limitsOf(`${side}-`),
  eval: arg(`${side}-eval`, 'learned'), weights: arg(`${side}-weights`, 'shipped'),
  book: arg(`${side}-book`, 'none'), bookMargin: arg('book-margin', '0'), bookPly: arg('book-ply', 'all'),
});
const configA = config('a'), configB = config('b');

// Seeded once a game (below), so that a game with a book margin is the same game when played again.
let bookRandom = seededRandom(0);
const bookOf = (side: 'a' | 'b') => bookSide('selfplay', `${side}-book`, variant, () => bookFromOption(arg(`${side}-book`, 'none'),
  { use: true, file: '', lastPly: parseBookPly('--book-ply', arg('book-ply', 'all')), margin: parseBookMargin('--book-margin', arg('book-margin', '0')) }), () => bookRandom());
const books = { a: bookOf('a'), b: bookOf('b') };
console.log(`A: ${JSON.stringify(configA)}\nB: ${JSON.stringify(configB)}`);

const openings = defaultOpenings(variant);
// At fixed nodes a search is deterministic and each game starts from a fresh table, so a game
// played again from the same opening and colours is the same game: it would count twice in the
// score and shrink its apparent error without adding anything.
const distinctGames = 2 * openings.length;
if (configA.limits.moveTime === undefined && configB.limits.moveTime === undefined && games > distinctGames) {
  console.error(`selfplay: at fixed nodes games ${distinctGames + 1}-${games} repeat games 1-${games - distinctGames} move for move (${openings.length} openings, two games each): they add nothing to the score; use --time, or at most --games ${distinctGames}`);
}

let a = 0, d = 0, b = 0;
for (let g = first; g < games; g++) {
  const pair = Math.floor(g / 2);
  if (pair % parts !== part) continue;
  const opening = openings[pair % openings.length];
  const aIsWhite = g % 2 === 0;
  const game = openingGame(variant, opening);
  const sa = new Searcher(variant, 16, configA.options, evaluator(configA.side));
  const sb = new Searcher(variant, 16, configB.options, evaluator(configB.side));
  bookRandom = seededRandom(g + 1);
  let bookMoves = 0;
  while (game.status().result === '*' && game.ply < maxPlies) {
    const aToMove = (game.position.side === 0) === aIsWhite;
    const booked = (aToMove ? books.a : books.b)?.choose(variant, game.position, game.ply);
    if (booked) {
      game.play(booked.move);
      bookMoves++;
      continue;
    }
    const r = (aToMove ? sa : sb).search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits: (aToMove ? configA : configB).limits });
    game.play(r.move!);
  }
  const result = game.status().result;
  const aPoints = aIsWhite ? whitePoints(result) : 1 - whitePoints(result);
  if (aPoints === 1) a++; else if (aPoints === 0) b++; else d++;
  if (pdnFile) appendFileSync(pdnFile, formatPdnGame(game, { Event: 'selfplay', Round: String(g + 1), White: aIsWhite ? 'A' : 'B', Black: aIsWhite ? 'B' : 'A' }) + '\n');
  const n = a + b + d;
  const score = (a + d / 2) / n;
  const elo = score > 0 && score < 1 ? -400 * Math.log10(1 / score - 1) : score >= 1 ? Infinity : -Infinity;
  console.log(`game ${g + 1}${parts > 1 ? ` (${n} of part ${part}/${parts})` : ''}: ${result} (${game.status().reason || 'move limit'}, ${game.ply} plies${bookMoves ? `, ${bookMoves} from the book` : ''}) | A +${a} =${d} -${b} score ${(score * 100).toFixed(1)}% elo ${elo.toFixed(0)}`);
}
