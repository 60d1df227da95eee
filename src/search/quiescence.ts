// Quiescence: below the nominal depth, captures are played out to the end, as a capture is
// compulsory and a position with one on cannot be scored as it stands.

import { encode } from './move-code.ts';
import { MATE, MAX_PLY, INF } from './score.ts';
import { NO_TABLE_SCORE } from './table-score.ts';
import { CHECK_EVERY, type SearchTree } from './tree.ts';

/** Captures resolved to the end; no standing pat while a capture is on (it is compulsory). */
export function quiesce(t: SearchTree, ply: number, alpha: number, beta: number, qply: number): number {
  t.pvLength[ply] = 0;
  if ((++t.nodes & CHECK_EVERY) === 0) t.checkLimits();
  if (t.stopped) return 0;
  if (ply > t.selDepth) t.selDepth = ply;
  const pos = t.positions[ply];
  if (ply >= MAX_PLY - 1) return t.evalCache.evaluate(pos);
  if (t.tables !== null) {
    const known = t.tables.score(pos, ply, true);
    if (known !== NO_TABLE_SCORE) return known;
  }

  const variant = t.variant;
  const list = t.lists[ply];
  let n: number;
  if (!variant.hasCapture(pos)) {
    const stand = t.evalCache.evaluate(pos);
    // No capture and no step: no legal move at all, which loses (blocked positions are common).
    if (t.evalCache.sideToMoveStuck) return -(MATE - ply);
    if (!t.options.threatQuiescence || qply > 0) return stand;
    // The opponent threatens a capture: standing pat would ignore it, so at the first
    // quiescence ply we must move, and each of our moves is followed by its captures.
    pos.side ^= 1;
    const threat = variant.hasCapture(pos);
    pos.side ^= 1;
    if (!threat) return stand;
    n = variant.generate(pos, list);
    if (n === 0) return -(MATE - ply);
  } else {
    n = variant.generate(pos, list);
  }
  let best = -INF;
  for (let i = 0; i < n; i++) {
    t.makeMove(ply, i);
    // Quiet moves here can repeat a position; treat it as a draw like the main search.
    const score = list.captures[i] === 0 && t.isDraw(ply + 1) ? 0 : 0 - quiesce(t, ply + 1, 0 - beta, 0 - alpha, qply + 1);
    if (t.stopped) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        t.updatePv(ply, encode(list, i));
        if (score >= beta) break;
      }
    }
  }
  return best;
}
