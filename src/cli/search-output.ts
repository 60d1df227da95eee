// One line per search iteration, the same in every command that shows a search.

import { formatMove } from '../notation/move-text.ts';
import { formatScore } from '../search/score-text.ts';
import type { Move } from '../rules/move.ts';
import type { Variant } from '../rules/variant.ts';

export function formatPv(variant: Variant, pv: readonly Move[]): string {
  return pv.map((m) => formatMove(variant, m, [], 'pdn')).join(' ');
}

export function formatInfo(variant: Variant, info: { depth: number; selDepth: number; score: number; nodes: number; timeMs: number; pv: readonly Move[]; tbHits?: number }): string {
  const nps = info.timeMs > 0 ? Math.round((info.nodes / info.timeMs) * 1000) : 0;
  const hits = info.tbHits === undefined ? '' : ` tbhits ${info.tbHits}`;
  return `depth ${info.depth}/${info.selDepth} score ${formatScore(info.score)} nodes ${info.nodes}${hits} time ${(info.timeMs / 1000).toFixed(3)} nps ${nps} pv ${formatPv(variant, info.pv)}`;
}
