// Keeps a flood from the peer from becoming a flood of our own (a log line and a chat reply
// per bad message): a few reports at once, then one every so often, and a count of the rest,
// told with the next report that goes out.

export class ReportThrottle {
  private tokens: number;
  private last: number;
  private unreported = 0;

  constructor(
    private readonly burst: number,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** For a report about to go out: null to keep quiet, else how many were held back before it. */
  take(): number | null {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (t - this.last) / this.intervalMs);
    this.last = t;
    if (this.tokens < 1) {
      this.unreported++;
      return null;
    }
    this.tokens--;
    const held = this.unreported;
    this.unreported = 0;
    return held;
  }

  /** Reports held back and not yet counted in one that went out. */
  get held(): number {
    return this.unreported;
  }
}

/** " (and N more not shown)" after a report that follows held-back ones. */
export function heldNote(held: number): string {
  return held > 0 ? ` (and ${held} more not shown before this)` : '';
}
