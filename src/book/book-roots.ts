// Where a book grows from. English: every position of the three-move ballots (the start, the
// positions after one and two moves, and each ballot's own), so that the book covers every
// ballot a match or tournament may draw, not only the lines the start's best moves lead to.
// The barred ballots (lost for one side) are left out, as matches leave them out. Every other
// game: its start position.

import { parseMove } from '../notation/move-text.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { readOpenings } from '../match/openings.ts';
import { packageFile } from '../tools/dist-path.ts';

export const BALLOTS_FILE = 'openings/english-3move-ballots.txt';

/** What the book's roots are, as the file's parameters name them. */
export function rootsName(variant: Variant): string {
  return variant.name === 'english' ? 'the start and every position of the ok ballots in openings/english-3move-ballots.txt' : 'the start position';
}

/** The root positions, each once, with their plies from the start, in the order the builder searches them (shallowest first). */
export function bookRoots(variant: Variant): { pos: Position; ply: number }[] {
  return rootsByPly(variant).flatMap((layer, ply) => layer.map((pos) => ({ pos, ply })));
}

/** The positions of the ballots themselves, after their three moves (English; none for the other games). */
export function ballotPositions(variant: Variant): Position[] {
  return variant.name === 'english' ? rootsByPly(variant)[3] : [];
}

function rootsByPly(variant: Variant): Position[][] {
  const start = variant.startPosition();
  if (variant.name !== 'english') return [[start]];
  const byPly: Position[][] = [[start], [], [], []];
  const seen = new Set([start.keyString()]);
  for (const ballot of readOpenings(packageFile(BALLOTS_FILE))) {
    let pos = start;
    ballot.moves.forEach((text, i) => {
      pos = variant.play(pos, parseMove(variant, pos, text));
      if (!seen.has(pos.keyString())) { seen.add(pos.keyString()); byPly[i + 1].push(pos); }
    });
  }
  return byPly;
}
