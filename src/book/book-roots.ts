// Where a book grows from: the start and every position along the openings that matches start
// from, so that the book covers each opening a match or tournament may draw, not only the lines
// the start's best moves lead to. English: the three-move ballots (the barred ones, lost for one
// side, left out as matches leave them out). International: the shipped four-ply openings
// (openings/international.txt), which self-play matches start from; a book grown from the start
// alone reached few of them (88 of 400 games met a book position, docs/results.md,
// 2026-12-01). Every other game: its start position.
//
// Beside those, a build may grow from played games (`book build --games FILE.pdn`): every
// position of their first plies becomes a root at its ply, so that the book learns the lines
// opponents actually play, which drop-out expansion from the openings alone reaches only when
// they are near the best line by the book's own scores.

import { parseMove } from '../notation/move-text.ts';
import { BLACK, type Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { readOpenings } from '../match/openings.ts';
import { PdnError, parsePdn, replayPdn } from '../notation/pdn.ts';
import { packageFile } from '../tools/dist-path.ts';

export const BALLOTS_FILE = 'openings/english-3move-ballots.txt';

/** The openings file a variant's book grows from, beside its start. */
const ROOT_OPENINGS: Readonly<Record<string, { file: string; name: string; label: string }>> = {
  english: { file: BALLOTS_FILE, name: 'the ok ballots in openings/english-3move-ballots.txt', label: 'ballots' },
  international: { file: 'openings/international.txt', name: 'the openings in openings/international.txt', label: 'openings' },
};

/** Where a build grows from: the start and the openings (the default), or the start alone. */
export type RootChoice = 'openings' | 'start';

/** What the book's roots are, as the file's parameters name them. */
export function rootsName(variant: Variant, choice: RootChoice = 'openings'): string {
  const o = choice === 'start' ? undefined : ROOT_OPENINGS[variant.name];
  return o === undefined ? 'the start position' : `the start and every position of ${o.name}`;
}

/** The root positions, each once, with their plies from the start, in the order the builder searches them (shallowest first). */
export function bookRoots(variant: Variant, choice: RootChoice = 'openings'): { pos: Position; ply: number }[] {
  if (choice === 'start') return [{ pos: variant.startPosition(), ply: 0 }];
  return rootsByPly(variant).byPly.flatMap((layer, ply) => layer.map((pos) => ({ pos, ply })));
}

/** What a variant's openings are called in `book stats`: "ballots" for English, "openings" otherwise. */
export function openingsLabel(variant: Variant): string {
  return ROOT_OPENINGS[variant.name]?.label ?? 'openings';
}

/** The positions the openings end in, each once (English: the ballots'; none for a game whose book grows from the start alone). */
export function openingPositions(variant: Variant): Position[] {
  return rootsByPly(variant).ends;
}

function rootsByPly(variant: Variant): { byPly: Position[][]; ends: Position[] } {
  const start = variant.startPosition();
  const o = ROOT_OPENINGS[variant.name];
  if (o === undefined) return { byPly: [[start]], ends: [] };
  const byPly: Position[][] = [[start]];
  const ends: Position[] = [];
  const seen = new Set([start.keyString()]);
  const seenEnd = new Set<string>();
  for (const opening of readOpenings(packageFile(o.file))) {
    let pos = start;
    opening.moves.forEach((text, i) => {
      pos = variant.play(pos, parseMove(variant, pos, text));
      if (!seen.has(pos.keyString())) { seen.add(pos.keyString()); (byPly[i + 1] ??= []).push(pos); }
    });
    if (!seenEnd.has(pos.keyString())) { seenEnd.add(pos.keyString()); ends.push(pos); }
  }
  return { byPly: Array.from(byPly, (layer) => layer ?? []), ends };
}

/** Positions of played games a build grows from, beside its openings. */
export interface GameRoots {
  /** Each position once, in the order the games met them. */
  roots: { pos: Position; ply: number }[];
  /** What they are, for the book's parameters and the build's report. */
  name: string;
  games: number;
}

/**
 * The positions of the games in `text` (PDN) after 1 to `plies` moves, each once at the
 * smallest ply it was met at, in the order they were first met; games of another variant are an error (a book
 * of one game grows from that game's records). A game with a FEN tag counts its plies from its
 * FEN, which the book's priorities then treat as the start. `file` names the source in errors
 * and in the book's parameters. With `player`, only the positions that player (a White or Black
 * tag) was to move in: what one engine must answer, without the searches of its opponent's turns.
 */
export function gameRoots(variant: Variant, text: string, plies: number, file: string, player?: string): GameRoots {
  let records;
  try { records = parsePdn(text); } catch (err) { throw new PdnError(`${file}: ${(err as Error).message}`); }
  const best = new Map<string, { pos: Position; ply: number }>();
  records.forEach((record, g) => {
    const where = `${file}, game ${g + 1}`;
    let game;
    try {
      game = replayPdn({ ...record, moves: record.moves.slice(0, plies) }, variant);
    } catch (err) {
      throw new PdnError(`${where}: ${(err as Error).message}`);
    }
    if (game.variant.name !== variant.name) throw new PdnError(`${where}: a game of ${game.variant.name}, not ${variant.name}`);
    for (let ply = 1; ply <= game.ply; ply++) {
      const pos = game.positionAt(ply);
      if (player !== undefined && record.tags.get(pos.side === BLACK ? 'Black' : 'White') !== player) continue;
      const key = pos.keyString();
      const had = best.get(key);
      if (had === undefined || ply < had.ply) best.set(key, { pos, ply });
    }
  });
  // In the order the games were played, each game's new positions in its order: a match's file
  // grows by appending games, so a build from the file as it was and one from the grown file
  // search the same positions first, and a build stopped early has learned whole games.
  const roots = [...best.values()];
  const whose = player === undefined ? '' : ` with ${player} to move`;
  return { roots, games: records.length, name: `the positions${whose} of the first ${plies} plies of the ${records.length} games in ${file}` };
}
