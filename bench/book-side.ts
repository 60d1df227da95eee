// A bench tool's book for one side, from its option ("none": no book): a match meant to measure a
// book must not quietly play without it, so a book that cannot be read ends the tool.

import { BookPlayer } from '../src/book/book-player.ts';
import type { RandomSource } from '../src/book/choose.ts';
import { openBook } from '../src/book/open-book.ts';
import type { BookSettings } from '../src/book/settings.ts';
import type { Variant } from '../src/rules/variant.ts';

/**
 * The book player for `settings()` (read inside, so that a bad option is reported like a bad
 * file), or null when the book is off; anything that stops it ends the tool with
 * `tool: --flag: reason`. Problems met later (an illegal book move) are printed as they come.
 */
export function bookSide(tool: string, flag: string, variant: Variant, settings: () => BookSettings, random: RandomSource = Math.random): BookPlayer | null {
  try {
    const chosen = settings();
    if (!chosen.use) return null;
    let problem = `no ${variant.name} book ships: give a file`;
    const player = new BookPlayer(openBook, (message) => { problem = message; console.error(`${tool}: ${message}`); }, random);
    player.configure(chosen);
    if (!player.book(variant)) throw new Error(problem);
    return player;
  } catch (e) {
    console.error(`${tool}: --${flag}: ${(e as Error).message}`);
    process.exit(2);
  }
}
