// The final table of a match, local or played by queue workers.

import { summaryLine } from '../match/match.ts';
import type { MatchStanding } from '../match/standing.ts';

/** The table of every engine's games, then the first engine's score against the rest with its Elo. */
export function printStanding(standing: MatchStanding): void {
  const rows = standing.engines.map((e, i) => [`${i + 1}. ${e.name}`, e.games, e.points, e.games ? `${((e.points / e.games) * 100).toFixed(1)}%` : '-', e.wins, e.draws, e.losses]);
  const header = ['engine', 'games', 'points', 'score', 'won', 'drawn', 'lost'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (r: (string | number)[]) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  process.stdout.write(`${[fmt(header), ...rows.map(fmt)].join('\n')}\n`);
  process.stdout.write(`1. ${standing.engines[0].name} against the rest: ${summaryLine(standing)}\n`);
}
