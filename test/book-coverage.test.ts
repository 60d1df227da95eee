// bench/book-coverage.ts: a player's positions of a match's games put to the book. The games are
// made from the shipped English book's own main line, so that the counts follow from the book
// whatever it holds.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBook } from '../src/book/book-file.ts';
import { shippedBookPath } from '../src/book/shipped.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { ENGLISH } from '../src/rules/variants.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-book-coverage-'));
const tool = (...args: string[]) => spawnSync(process.execPath, ['dist/book-coverage.js', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('book-coverage', () => {
  // The book's best line from the start, eight plies of it, as PDN moves.
  const book = loadBook(shippedBookPath('english'), 'english');
  const line: string[] = [];
  let pos = ENGLISH.startPosition();
  for (let i = book.find(pos.keyLo, pos.keyHi); line.length < 8; ) {
    const best = book.movesAt(i)[0];
    const move = parseMove(ENGLISH, pos, best.move);
    line.push(formatMove(ENGLISH, move, ENGLISH.legalMoves(pos), 'pdn'));
    pos = ENGLISH.play(pos, move);
    i = best.child;
  }
  // Another legal move than the book's at one of Damka's plies (White's: English's Black moves
  // first), the third move if it has a choice, else the fourth or the second (a capture may be forced).
  const positionAfter = (n: number) => {
    let p = ENGLISH.startPosition();
    for (const m of line.slice(0, n)) p = ENGLISH.play(p, parseMove(ENGLISH, p, m));
    return p;
  };
  const alternative = (ply: number) => {
    const before = positionAfter(ply);
    return ENGLISH.legalMoves(before).map((m) => formatMove(ENGLISH, m, ENGLISH.legalMoves(before), 'pdn')).find((m) => m !== line[ply]);
  };
  const turn = [5, 7, 3].find((ply) => alternative(ply) !== undefined)!;
  const other = alternative(turn)!;
  const game = (white: string, black: string, moves: string[]) =>
    `[White "${white}"]\n[Black "${black}"]\n[GameType "21"]\n[Opening "${line.slice(0, 2).join(' ')}"]\n[Result "*"]\n\n${moves.join(' ')} *\n\n`;

  it('counts the player\'s positions after the opening the book answers, the moves that were the book\'s, and where each game left it', () => {
    const pdn = join(dir, 'games.pdn');
    // Damka, White, moves at plies 1, 3, 5, 7 (English: Black moves first); the opening's ply 1 was nobody's choice.
    writeFileSync(pdn, game('Damka', 'Other', line) + game('Damka', 'Other', [...line.slice(0, turn), other]) + game('Someone', 'Else', line));
    const r = tool('--pdn', pdn, '--name', 'Damka');
    expect(r.status, r.stderr).toBe(0);
    // Game 1: plies 3, 5, 7 answered and followed; game 2: those before the turn followed, the
    // turn answered with another move played.
    const before = (turn - 3) / 2;
    expect(r.stdout).toMatch(new RegExp(`^2 games of Damka: ${4 + before} of their positions answered by the book, ${((4 + before) / 2).toFixed(2).replace('.', '\\.')} a game; the move played was the book's in ${3 + before}$`, 'm'));
    expect(r.stdout).toContain(`games.pdn, game 2, ply ${turn + 1}: played ${other}, the book has ${line[turn]}`);
    // Neither game left the book before it ended: at their lengths, 8 and the turn's.
    expect(r.stdout).toMatch(new RegExp(`ply ${Math.min(turn + 1, 8)} to 8, median ${(turn + 1 + 8) / 2}$`, 'm'));
  });

  it('refuses a player with no games, a missing file and no book', () => {
    const pdn = join(dir, 'one.pdn');
    writeFileSync(pdn, game('Damka', 'Other', line));
    expect(tool('--pdn', pdn, '--name', 'Nobody').stderr).toMatch(/no game of Nobody/);
    expect(tool('--pdn', join(dir, 'missing.pdn'), '--name', 'Damka').status).toBe(2);
    const none = tool('--pdn', pdn, '--name', 'Damka', '--book', 'none');
    expect(none.status).toBe(2);
  });
});
