// A piscina worker that searches one suite position and says when the search first settled
// on a solving move.

import { formatMove } from '../notation/move-text.ts';
import { parseFen } from '../notation/fen.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import type { SuiteAnswer, SuiteTask } from './suite.ts';

let searcher: Searcher | null = null;

export default function solve(task: SuiteTask): SuiteAnswer {
  const variant = getVariant(task.variant);
  if (!searcher || searcher.variant !== variant) searcher = new Searcher(variant, 32);
  searcher.clear();
  const pos = variant.fromBoard(parseFen(variant, task.fen));
  const solves = (long: string) => (task.kind === 'best' ? task.moves.includes(long) : !task.moves.includes(long));
  let solvedDepth: number | null = null, solvedMs: number | null = null;
  const r = searcher.search(pos, {
    limits: task.limits,
    analyze: true,
    onInfo: (info) => {
      const move = info.pv[0];
      if (move && solves(formatMove(variant, move, [], 'long'))) {
        if (solvedDepth === null) { solvedDepth = info.depth; solvedMs = info.timeMs; }
      } else {
        solvedDepth = solvedMs = null;
      }
    },
  });
  const move = r.move ? formatMove(variant, r.move, [], 'long') : '';
  const solved = move !== '' && solves(move);
  return { move, solved, depth: r.depth, timeMs: r.timeMs, solvedDepth: solved ? solvedDepth : null, solvedMs: solved ? solvedMs : null };
}
