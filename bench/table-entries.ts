// Where a match's games were decided, by the endgame tables: for every game of a PDN file that
// the named player took part in, the tables' value of its first position with no more pieces
// than the tables hold, from that player's side, against the game's result. A game lost from a
// table draw or win was spoilt in the ending; one that came into the tables already lost was
// lost before, where tables cannot help.
//
//   node dist/table-entries.js --pdn games.pdn --name Damka [--egdb-path DIR]
//
// The tables must be there for the game (`damka egdb build`); they are read from the default
// directory unless --egdb-path names another.

import { defaultTableDir } from '../src/egdb/cache-dir.ts';
import { EndgameTables } from '../src/egdb/tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN } from '../src/egdb/values.ts';
import { replayPdn } from '../src/notation/pdn.ts';
import { popcount } from '../src/rules/position.ts';
import { arg, checkArgs } from './args.ts';
import { playerColour, playerOutcome, readPdnFile } from './pdn-player.ts';

checkArgs('table-entries', ['pdn', 'name', 'egdb-path'], 'node dist/table-entries.js --pdn games.pdn --name Damka [--egdb-path DIR]');

const file = arg('pdn', '');
const name = arg('name', '');
if (!file || !name) {
  console.error('table-entries: give --pdn FILE and --name PLAYER (as in the White or Black tag)');
  process.exit(2);
}
const dir = arg('egdb-path', defaultTableDir());

const ROWS = ['never reached', 'a table draw', 'a table win', 'a table loss'] as const;
type Row = (typeof ROWS)[number];
const counts = new Map<Row, [number, number, number]>(ROWS.map((r) => [r, [0, 0, 0]]));
let tables: EndgameTables | null = null;
let games = 0;

for (const record of readPdnFile('table-entries', file)) {
  const colour = playerColour(record, name);
  if (colour === null || record.result === '*') continue;
  const game = replayPdn(record);
  if (tables === null) {
    tables = new EndgameTables(game.variant, dir, (message) => console.error(`table-entries: ${message}`));
    if (tables.maxPieces === 0) {
      console.error(`table-entries: no ${game.variant.name} tables in ${dir} (damka egdb build --variant ${game.variant.name})`);
      process.exit(1);
    }
  } else if (tables.variant.name !== game.variant.name) {
    console.error(`table-entries: ${file} mixes ${tables.variant.name} and ${game.variant.name} games`);
    process.exit(1);
  }
  let row: Row = 'never reached';
  for (let ply = 0; ply <= game.ply; ply++) {
    const p = game.positionAt(ply);
    if (popcount(p.wLo) + popcount(p.wHi) + popcount(p.bLo) + popcount(p.bHi) > tables.maxPieces) continue;
    const v = tables.probe(p);
    if (v === UNKNOWN) continue;
    // The value is the side to move's: turn it round when that is the opponent.
    const ours = p.side === colour ? v : v === WIN ? LOSS : v === LOSS ? WIN : DRAW;
    row = ours === WIN ? 'a table win' : ours === LOSS ? 'a table loss' : 'a table draw';
    break;
  }
  counts.get(row)![playerOutcome(record, colour)]++;
  games++;
}

if (tables === null) {
  console.error(`table-entries: no finished game of ${name} in ${file}`);
  process.exit(1);
}
console.log(`${games} games of ${name}; the first position with at most ${tables.maxPieces} pieces, from ${name}'s side:`);
console.log(`${'first such position'.padEnd(19)}  games    won  drawn   lost`);
for (const [row, [w, d, l]] of counts) {
  console.log(`${row.padEnd(19)}  ${String(w + d + l).padStart(5)}  ${String(w).padStart(5)}  ${String(d).padStart(5)}  ${String(l).padStart(5)}`);
}
