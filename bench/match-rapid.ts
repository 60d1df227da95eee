// Damka against rapid-draughts' alpha-beta computer from the English three-move ballots,
// each ballot twice with colours reversed. Our Game referees (rules, draw rules, results);
// every rapid-draughts move is checked against our legal moves.
//
//   node dist/match-rapid.js [--games 100] [--rapid-depth 8] [--time 0.1] [--part 0/1]
//
// --part k/n plays every n-th game starting at k, so that two processes can share the games.

import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { formatMove } from '../src/notation/move-text.ts';
import type { Move } from '../src/rules/move.ts';
import { BLACK } from '../src/rules/position.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { type RapidMove, RapidEnglishGame } from './rapid-draughts-adapter.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('match-rapid', ['games', 'rapid-depth', 'time', 'part'], 'node dist/match-rapid.js [--games 100] [--rapid-depth 8] [--time 0.1] [--part 0/1]');


const games = Number(arg('games', '100'));
const rapidDepth = Number(arg('rapid-depth', '8'));
const moveTime = Number(arg('time', '0.1'));
const [part, parts] = arg('part', '0/1').split('/').map(Number);

const ballots = defaultOpenings(ENGLISH);
// Spread the ballots used over the whole deck rather than the first few.
const pairs = Math.ceil(games / 2);
const chosen = Array.from({ length: pairs }, (_, i) => ballots[Math.floor((i * ballots.length) / pairs)]);

const sameMove = (a: Move, b: RapidMove) => a.from === b.from && a.to === b.to && a.captured.join() === b.captured.join();

let wins = 0, draws = 0, losses = 0;
for (let g = part; g < games; g += parts) {
  const ballot = chosen[Math.floor(g / 2)];
  const damkaIsBlack = g % 2 === 0;
  const game = openingGame(ENGLISH, ballot);
  const rapid = new RapidEnglishGame();
  for (const move of game.moves) rapid.play({ from: move.from, to: move.to, captured: move.captured });
  const searcher = new Searcher(ENGLISH, 64);
  let note = '';
  while (game.status().result === '*') {
    const damkaToMove = (game.position.side === BLACK) === damkaIsBlack;
    let move: Move;
    if (damkaToMove) {
      const r = searcher.search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits: { moveTime } });
      move = r.move!;
    } else {
      if (rapid.over && rapid.status === 'draw') rapid.resetDrawCounters();
      if (rapid.over) { note = ` (rapid-draughts ended the game: ${rapid.status})`; break; }
      const m = await rapid.computerMove(rapidDepth);
      const legal = game.legalMoves().find((l) => sameMove(l, m));
      if (!legal) throw new Error(`rapid-draughts played an illegal move ${m.from}-${m.to} in game ${g + 1}`);
      move = legal;
    }
    game.play(move);
    rapid.play({ from: move.from, to: move.to, captured: move.captured });
  }
  const status = game.status();
  const damkaWhite = !damkaIsBlack;
  let outcome: 'win' | 'draw' | 'loss';
  if (status.result === '1/2-1/2' || status.result === '*') outcome = 'draw';
  else outcome = (status.result === '1-0') === damkaWhite ? 'win' : 'loss';
  if (outcome === 'win') wins++; else if (outcome === 'draw') draws++; else losses++;
  const played = wins + draws + losses;
  console.log(`game ${g + 1} ballot ${ballot.id} ${ballot.moves.join(' ')} Damka ${damkaIsBlack ? 'Black' : 'White'}: ${outcome} ${status.result} ${status.reason}${note}, ${game.ply} plies | +${wins} =${draws} -${losses} score ${(((wins + draws / 2) / played) * 100).toFixed(1)}%`);
  if (outcome !== 'win') console.log(`  moves: ${game.moves.map((m) => formatMove(ENGLISH, m, [], 'pdn')).join(' ')}`);
}
console.log(`final: ${wins + draws + losses} games, +${wins} =${draws} -${losses}, Damka ${(((wins + draws / 2) / (wins + draws + losses)) * 100).toFixed(1)}%`);
