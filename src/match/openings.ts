// Opening files for matches (openings/README.md): the English three-move ballots and short
// openings for every other game (openings/<variant>.txt). Each opening is a list of moves
// from the standard start.

import { readFileSync } from 'node:fs';
import { Game } from '../game/game.ts';
import { parseMove } from '../notation/move-text.ts';
import type { Variant } from '../rules/variant.ts';
import { packageFile } from '../tools/dist-path.ts';

export interface Opening { id: string; moves: string[] }

/** Reads a ballot file (`id ok|barred m1 m2 m3 FEN`, barred ones left out) or an opening file (`moves ; FEN ; ...`). */
export function readOpenings(file: string): Opening[] {
  const out: Opening[] = [];
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const ballot = /^(\d+)\s+(ok|barred)\s+(.*)$/.exec(line);
    if (ballot) {
      if (ballot[2] === 'ok') out.push({ id: ballot[1], moves: ballot[3].split(/\s+/).filter((t) => /^\d+[-x]\d+/.test(t)) });
      return;
    }
    const moves = line.split(';')[0].trim().split(/\s+/).filter(Boolean);
    if (moves.length === 0 || !moves.every((m) => /^[a-z]?\d+([-x][a-z]?\d+)+$/.test(m))) throw new Error(`${file}:${i + 1}: not an opening line`);
    out.push({ id: String(out.length + 1), moves });
  });
  if (out.length === 0) throw new Error(`${file}: no openings`);
  return out;
}

/** The shipped openings of a variant. */
export function defaultOpenings(variant: Variant): Opening[] {
  return readOpenings(packageFile(variant.name === 'english' ? 'openings/english-3move-ballots.txt' : `openings/${variant.name}.txt`));
}

/** A game from the standard start with the opening's moves played (an illegal one is an error). */
export function openingGame(variant: Variant, opening: Opening): Game {
  const game = new Game(variant);
  for (const text of opening.moves) game.play(parseMove(variant, game.position, text));
  return game;
}
