// A search score as people read it, the same in every front end (analyze, the text mode):
// men with two decimals, a win or loss the search sees to the end in plies, a table win as such
// (with its distance to conversion in plies when the move came from the distance files).

import { mateIn } from './score.ts';
import { TABLE_WIN_BOUND, tableDistanceOf } from './table-score.ts';

export function formatScore(score: number): string {
  const mate = mateIn(score);
  if (mate !== null) return mate > 0 ? `win in ${mate}` : `loss in ${-mate}`;
  const distance = tableDistanceOf(score);
  if (distance !== null) return distance > 0 ? `win (tables, converts in ${distance})` : `loss (tables, converts in ${-distance})`;
  if (Math.abs(score) >= TABLE_WIN_BOUND) return score > 0 ? 'win (tables)' : 'loss (tables)';
  return (score / 100).toFixed(2);
}
