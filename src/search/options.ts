// The search's switchable rules, and the record of the matches that set their defaults: a
// rule is on where it was measured to gain, and what was tried and dropped stays listed so
// that it is not tried again blind.

import type { Variant } from '../rules/variant.ts';

export interface SearchOptions {
  /** Late-move reductions of quiet moves after the first few. */
  lmr: boolean;
  /** Aspiration windows around the previous iteration's score. */
  aspiration: boolean;
  /** Search one ply deeper where the side to move has a single legal move. */
  singleReplyExtension: boolean;
  /** In quiescence, when the opponent threatens a capture and we have none, try our quiet moves once. */
  threatQuiescence: boolean;
  /**
   * At a non-PV node, a shallow search (two fifths of the depth) against a raised beta: if even
   * that fails high, the node is cut without its full search (ProbCut, as Scan prunes).
   */
  probCut: boolean;
  /** Continuation histories (move-history.ts) beside the from-to history, and losses for the quiet moves a cut-off passed over. */
  continuationHistory: boolean;
}

// Measured with bench/selfplay.ts at equal nodes (A = option on, B = off), 2026-11-23:
// lmr on: English +59 =91 -50 of 200 (+16 Elo), International +34 =45 -21 of 100 (+45 Elo): on.
// threatQuiescence on: English +48 =95 -57 (-16), International +28 =46 -26 (+7): no gain, off.
// 2026-11-24, 100,000 nodes a move, the learned evaluation:
// probCut on: English +54 =95 -27 of 176 (+54 Elo): on; International +16 =50 -27 of 93 (-41): off.
// At International, a margin of 20 a ply: +8 =29 -20 of 57 (-74); the shallow search at three
// fifths of the depth: +31 =71 -23 of 125 (+22 ± 40), too little evidence to switch it on.
// Tried and dropped: Scan's heavier reductions (every quiet move after the first, two plies
// from the fifth at non-PV nodes): English +22 =48 -25 (-10); a history malus for the quiet
// moves tried before a cut-off, with probCut: English +34 =82 -30 of 146 (+10).
// 2026-11-24 (later), with probCut: reverse futility (a non-PV node of depth 1-3, no capture
// for either side, cut when its static evaluation beats beta by 60 a ply): English +43 =121 -35
// of 199 (+14 ± 35); at 30 a ply, +15 =35 -22 of 72: dropped.
// 2026-11-25, with probCut: continuationHistory on: English +37 =138 -25 of 200 (+21 ± 28);
// International (50,000 nodes) +63 =99 -38 of 200 (+44): on.
// Tried and dropped: a move at depth 1 that leaves the mover threatening a capture searched a
// ply deeper (so the threat meets a real reply before quiescence): twice the nodes at depth 13,
// English +25 =69 -28 of 122 (-9).
// 2026-11-25 (commit a2e8d87), ProbCut from depth 5 (PROBCUT_MIN_DEPTH): International probCut
// on, 50,000 nodes: +50 =109 -41 of 200 (+16 ± 30), too little to switch it on there.
// Tried and dropped: late-move reductions by history (one ply less for a quiet move whose
// history score is above HISTORY_MAX / 2, one more below -HISTORY_MAX / 2 from depth 5):
// English, 100,000 nodes, +35 =128 -37 of 200 (-3); reductions from the third move instead of
// the fourth: +34 =135 -31 of 200 (+5).
// 2026-11-26: a capture that answers a capture, or any capture on the PV, searched without
// using a ply (as GuiNN extends): English, 0.1 s a move, +26 =109 -33 of 168 (-14): dropped.
// 2026-11-27: pruning as GuiNN does (a non-PV node of depth 3 or more, no capture on, whose
// static evaluation beats beta by a margin, cut when a search four plies shallower against
// beta + margin fails high too), English, 50,000 nodes, 200 games each: beside ProbCut,
// margin 30 +29 =133 -38 (-16), 80 +24 =142 -34 (-17); instead of ProbCut, margin 15 +33 =132
// -35 (-3), 30 +43 =124 -33 (+17), 50 +39 =128 -33 (+10), all within ±30: dropped.
// 2026-11-29 (commit a4135a1), English with the shipped network, screened at 50,000 nodes
// over the 314 games of the shipped openings (at fixed nodes more would replay them), then at
// 0.1 s a move over 300 games if 52.5% or more (score of the change):
// internal iterative reduction (no table move, depth 6 or more: a ply less) 49.5%; late-move
// pruning (non-PV, depth 1-3, quiet moves after the first 3 + depth²) 51.1%; reductions
// growing with log(depth) x log(move number), a ply more at non-PV nodes, 50.8%. ProbCut's
// margin 7 a ply 52.7%, 5 53.5%, 3 51.4%, and 5 at 0.1 s +81 =455 -64 of 600 (51.4%, +10 ± 14); an
// aspiration window of 15, not 30, 54.1%, at 0.1 s +32 =231 -37 (49.2%). None kept: what
// gains at 50,000 nodes (about 17 ms a move) did not carry to 0.1 s.
// 2026-11-30 (commit 5c2e5f3): International probCut on (margin 10 a ply, from depth 5),
// the shipped 256-16 network, 0.1 s a move, 600 games: +44 =234 -22 then +42 =230 -28, together
// +86 =464 -50, 53.0% (+21 ± 13): on. The bench tree at depth 11 falls from 7.19 M to 4.37 M nodes.
// Then a margin of 20 a ply there against 10, 300 games: +30 =237 -33, 49.5%: stays 10.
// With it, International reductions of two plies from the sixth move at depth 5 (not the ninth
// at depth 6), 300 games: +24 =247 -29, 49.2%: not kept.
export const DEFAULT_OPTIONS: SearchOptions = { lmr: true, aspiration: true, singleReplyExtension: true, threatQuiescence: false, probCut: false, continuationHistory: true };

/** The options a variant searches with by default: DEFAULT_OPTIONS, and probCut where it was measured to gain. */
export function defaultOptions(variant: Variant): SearchOptions {
  return { ...DEFAULT_OPTIONS, probCut: variant.name === 'english' || variant.name === 'international' };
}
