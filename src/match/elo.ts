// Match statistics: the Elo difference a score implies, its 95% error bars from the
// observed win/draw/loss spread (trinomial), and a sequential probability ratio test (SPRT)
// on W/D/L with the normal approximation used by Fishtest and cutechess-cli.

export interface Wdl { wins: number; draws: number; losses: number }

/** Elo difference for an expected score strictly between 0 and 1. */
export function eloFromScore(score: number): number {
  return -400 * Math.log10(1 / score - 1) + 0; // + 0: no -0 for an even score
}

/** Expected score for an Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

export interface EloEstimate {
  games: number;
  score: number;
  /** Null when the score is 0 or 1 (no finite estimate). */
  elo: number | null;
  /** Half-width of the 95% interval in Elo, null when it cannot be computed. */
  margin: number | null;
}

export function eloEstimate({ wins, draws, losses }: Wdl): EloEstimate {
  const n = wins + draws + losses;
  if (n === 0) return { games: 0, score: 0, elo: null, margin: null };
  const score = (wins + draws / 2) / n;
  if (score <= 0 || score >= 1) return { games: n, score, elo: null, margin: null };
  // Per-game variance of the score, then the standard error of the mean score.
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n;
  const se = Math.sqrt(variance / n);
  const z = 1.959963984540054;
  const lo = Math.min(Math.max(score - z * se, 1e-9), 1 - 1e-9);
  const hi = Math.min(Math.max(score + z * se, 1e-9), 1 - 1e-9);
  return { games: n, score, elo: eloFromScore(score), margin: (eloFromScore(hi) - eloFromScore(lo)) / 2 };
}

export interface SprtBounds { elo0: number; elo1: number; alpha: number; beta: number }

export function sprtBounds(b: SprtBounds): { lower: number; upper: number } {
  return { lower: Math.log(b.beta / (1 - b.alpha)), upper: Math.log((1 - b.beta) / b.alpha) };
}

/**
 * Log-likelihood ratio of H1 (elo1) against H0 (elo0) for the observed W/D/L, by the normal
 * approximation: LLR = (s1 - s0) (2x - s0 - s1) n / (2 var), x the mean score, var its
 * per-game variance. While an outcome kind is missing, half a game of each kind is added
 * (as Fishtest does), so that an engine that never loses still gets a verdict.
 */
export function sprtLlr(wdl: Wdl, elo0: number, elo1: number): number {
  let { wins, draws, losses } = wdl;
  if (wins + draws + losses === 0) return 0;
  if (wins === 0 || draws === 0 || losses === 0) { wins += 0.5; draws += 0.5; losses += 0.5; }
  const n = wins + draws + losses;
  const x = (wins + draws / 2) / n;
  const variance = (wins * (1 - x) ** 2 + draws * (0.5 - x) ** 2 + losses * x ** 2) / n;
  if (variance <= 0) return 0;
  const s0 = scoreFromElo(elo0), s1 = scoreFromElo(elo1);
  return ((s1 - s0) * (2 * x - s0 - s1) * n) / (2 * variance);
}

export type SprtVerdict = 'H0' | 'H1' | null;

export function sprtVerdict(wdl: Wdl, b: SprtBounds): { llr: number; lower: number; upper: number; verdict: SprtVerdict } {
  const llr = sprtLlr(wdl, b.elo0, b.elo1);
  const { lower, upper } = sprtBounds(b);
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}

/** "elo0,elo1[,alpha,beta]" as given on the command line. */
export function parseSprt(text: string): SprtBounds {
  const parts = text.split(',').map((p) => Number(p.trim()));
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((p) => !Number.isFinite(p))) {
    throw new Error(`--sprt expects elo0,elo1[,alpha,beta], got "${text}"`);
  }
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = parts;
  if (elo1 <= elo0) throw new Error(`--sprt: elo1 must be above elo0, got ${elo0},${elo1}`);
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) throw new Error('--sprt: alpha and beta must lie between 0 and 0.5');
  return { elo0, elo1, alpha, beta };
}
