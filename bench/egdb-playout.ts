// The playing-out check for the endgame tables: from random positions the tables call won,
// Damka with the tables plays the winning side against Damka without them, under our
// referee (Game: repetition and every draw-rule counter). A success is a win.
//
//   node dist/egdb-playout.js --variant english --dir /tmp/tables --positions 50 --nodes 20000
//
// --seed makes the draw of positions reproducible; --time S searches S seconds a move instead
// of a node count; --pieces N draws from balances of at most N pieces; --fens "F1;F2" plays
// out the positions given instead (a failure printed by an earlier run, say).

import { balanceName, balancesUpTo, pieces } from '../src/egdb/balance.ts';
import { defaultTableDir } from '../src/egdb/cache-dir.ts';
import { balanceOf } from '../src/egdb/orient.ts';
import { EndgameTables } from '../src/egdb/tables.ts';
import { WIN, packedValue } from '../src/egdb/values.ts';
import type { Limits } from '../src/search/types.ts';
import { Game } from '../src/game/game.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { formatMove } from '../src/notation/move-text.ts';
import { BLACK, Position, WHITE } from '../src/rules/position.ts';
import { getVariant } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('egdb-playout', ['variant', 'dir', 'positions', 'pieces', 'nodes', 'time', 'seed', 'fens'], 'node dist/egdb-playout.js --variant english [--dir DIR] [--positions 50] [--pieces N] [--nodes 20000 | --time S] [--seed 1] [--fens "FEN;FEN"]');

const variant = getVariant(arg('variant', 'english'));
const dir = arg('dir', defaultTableDir());
const count = Number(arg('positions', '50'));
const limits: Limits = process.argv.includes('--time') ? { moveTime: Number(arg('time', '0.1')) } : { nodes: Number(arg('nodes', '20000')) };
let seed = Number(arg('seed', '1')) >>> 0;
const random = () => {
  // xorshift32: the same positions on every run with the same seed.
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed / 2 ** 32;
};

const tables = new EndgameTables(variant, dir, (m) => console.error(m));
if (tables.maxPieces === 0) throw new Error(`no ${variant.name} tables in ${dir}`);
// Balances of three or more pieces (--pieces: at most that many; default all there are).
const most = Number(arg('pieces', String(tables.maxPieces)));
const balances = balancesUpTo(most).filter((b) => pieces(b) >= 3);

/** A random won position (White to move, as tables hold them) that is not won by a capture at once. */
function wonPosition(): Position {
  for (;;) {
    const b = balances[Math.floor(random() * balances.length)];
    const { index, data } = tables.table(b);
    const i = Math.floor(random() * index.size);
    if (packedValue(data, i) !== WIN) continue;
    const pos = new Position();
    index.setPosition(i, pos);
    if (variant.hasCapture(pos)) continue;
    if (random() < 0.5) {
      // Half the time Black wins: the board turned round, colours swapped, Black to move.
      const turned = pos.clone();
      turned.side = BLACK;
      tables.orienter.orient(turned, pos);
      pos.side = BLACK;
    }
    return variant.fromBoard(variant.toBoard(pos));
  }
}

const given = arg('fens', '').split(';').map((f) => f.trim()).filter((f) => f !== '').map((f) => variant.fromBoard(parseFen(variant, f)));

const withTables = new Searcher(variant, 16);
withTables.useTables(tables);
const without = new Searcher(variant, 16);
let wins = 0, played = 0;
const failures: string[] = [];
const start = performance.now();
for (let k = 0; k < (given.length || count); k++) {
  const start = given[k] ?? wonPosition();
  const fen = formatFen(variant, variant.toBoard(start));
  const winner = start.side;
  const distance = tables.distance(start);
  const game = new Game(variant, start);
  withTables.clear();
  without.clear();
  const moves: string[] = [];
  while (game.status().result === '*') {
    const searcher = game.position.side === winner ? withTables : without;
    const r = searcher.search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits });
    moves.push(formatMove(variant, r.move!, game.legalMoves(), 'pdn'));
    game.play(r.move!);
  }
  const status = game.status();
  const won = (status.result === '1-0') === (winner === WHITE) && status.result !== '1/2-1/2';
  played++;
  if (won) wins++;
  else failures.push(`${fen}: ${status.result} (${status.reason}) after ${game.ply} plies: ${moves.join(' ')}`);
  // The distance to conversion (-1: no distance file) bounds the plies to the first capture or crowning.
  console.log(`${String(k + 1).padStart(3)} ${balanceName(balanceOf(start)).padEnd(8)} dtc ${String(distance).padStart(3)} ${fen.padEnd(40)} ${won ? 'won ' : 'NOT WON'} in ${game.ply} plies${won ? '' : ` (${status.result}, ${status.reason})`}`);
}
console.log(`${variant.name}: won ${wins} of ${played} from table wins (${JSON.stringify(limits)} a move), ${((performance.now() - start) / 1000).toFixed(0)} s`);
for (const f of failures) console.log(`not won: ${f}`);
if (wins < played) process.exitCode = 1;

