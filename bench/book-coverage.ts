// How much of a match's games a book covers for one player: for every game of the PDN files the
// named player played, each of that player's positions is put to the book as the engine would
// (BookPlayer at margin 0, every ply), after the opening the game was started from (its Opening
// tag, as `damka match` writes it: a ballot's moves were nobody's choice), counting the positions the book answers, how often the
// move played was the book's, and the ply of the player's first position the book does not
// answer (where it left the book). Replaying one match's games against a grown book says how
// many more of the opponent's lines it now meets, before a new match is played.
//
//   node dist/book-coverage.js --pdn a.pdn,b.pdn --name Damka [--book FILE|shipped]

import { formatMove, sameMove } from '../src/notation/move-text.ts';
import { replayPdn } from '../src/notation/pdn.ts';
import { arg, checkArgs } from './args.ts';
import { bookSide } from './book-side.ts';
import { median } from './median.ts';
import { playerColour, readPdnFile } from './pdn-player.ts';
import { DEFAULT_BOOK, bookFromOption } from '../src/book/settings.ts';
import type { Variant } from '../src/rules/variant.ts';

const USAGE = 'node dist/book-coverage.js --pdn a.pdn[,b.pdn...] --name PLAYER [--book FILE|shipped]';
checkArgs('book-coverage', ['pdn', 'name', 'book'], USAGE);
const files = arg('pdn', '').split(',').filter((f) => f !== '');
const name = arg('name', '');
if (files.length === 0 || name === '') {
  console.error(`book-coverage: give --pdn and --name (${USAGE})`);
  process.exit(2);
}

let games = 0, answered = 0, followed = 0;
const leftAt: number[] = [];
let variant: Variant | null = null;
let player: ReturnType<typeof bookSide> = null;
for (const file of files) {
  for (const [n, record] of readPdnFile('book-coverage', file).entries()) {
    const colour = playerColour(record, name);
    if (colour === null) continue;
    let game;
    try {
      game = replayPdn(record);
    } catch (err) {
      console.error(`book-coverage: ${file}, game ${n + 1}: ${(err as Error).message}`);
      process.exit(2);
    }
    if (variant === null) {
      variant = game.variant;
      player = bookSide('book-coverage', 'book', variant, () => bookFromOption(arg('book', 'shipped'), { ...DEFAULT_BOOK, use: true }));
      if (player === null) {
        console.error('book-coverage: --book: give a book (a file or shipped), not none');
        process.exit(2);
      }
    } else if (game.variant.name !== variant.name) {
      console.error(`book-coverage: ${file}, game ${n + 1}: a game of ${game.variant.name}, not ${variant.name}`);
      process.exit(2);
    }
    games++;
    let left = -1;
    const opening = record.tags.get('Opening')?.trim().split(/\s+/).filter((m) => m !== '').length ?? 0;
    for (let ply = opening; ply < record.moves.length; ply++) {
      const pos = game.positionAt(ply);
      if (pos.side !== colour) continue;
      const choice = player!.choose(variant, pos, ply);
      if (choice === null) {
        if (left < 0) left = ply;
        continue;
      }
      answered++;
      const played = game.moves[ply];
      if (sameMove(played, choice.move, variant)) followed++;
      else if (left < 0) console.log(`${file}, game ${n + 1}, ply ${ply + 1}: played ${record.moves[ply]}, the book has ${formatMove(variant, choice.move, variant.legalMoves(pos), 'pdn')}`);
    }
    leftAt.push(left < 0 ? record.moves.length : left);
  }
}
if (games === 0) {
  console.error(`book-coverage: no game of ${name} in ${files.join(', ')}`);
  process.exit(2);
}
console.log(`${games} games of ${name}: ${answered} of their positions answered by the book, ${(answered / games).toFixed(2)} a game; the move played was the book's in ${followed}`);
console.log(`left the book (the first of ${name}'s positions it does not answer, or the game's end) at ply ${Math.min(...leftAt)} to ${Math.max(...leftAt)}, median ${median(leftAt)}`);
