// A material balance: men and kings of the side to move ("mine") and of the other side.
// Tables are kept from the side to move's point of view, so the position with Black to move
// is looked up as its mirror image with White to move, and one table serves both colours.

export interface Balance {
  readonly myMen: number;
  readonly myKings: number;
  readonly theirMen: number;
  readonly theirKings: number;
}

export function pieces(b: Balance): number {
  return b.myMen + b.myKings + b.theirMen + b.theirKings;
}

/** The same material with the other side to move. */
export function mirror(b: Balance): Balance {
  return { myMen: b.theirMen, myKings: b.theirKings, theirMen: b.myMen, theirKings: b.myKings };
}

/** A name for files and messages: `KKM-K` is two kings and a man (to move) against a king. */
export function balanceName(b: Balance): string {
  return `${'K'.repeat(b.myKings)}${'M'.repeat(b.myMen)}-${'K'.repeat(b.theirKings)}${'M'.repeat(b.theirMen)}`;
}

export function parseBalanceName(name: string): Balance | null {
  const m = /^(K*)(M*)-(K*)(M*)$/.exec(name);
  if (!m) return null;
  return { myKings: m[1].length, myMen: m[2].length, theirKings: m[3].length, theirMen: m[4].length };
}

/** A number that identifies a balance (each count below 16). */
export function balanceKey(b: Balance): number {
  return ((b.myMen * 16 + b.myKings) * 16 + b.theirMen) * 16 + b.theirKings;
}

/**
 * Every balance with both sides present and at most `maxPieces` in all, in an order where
 * each table's exits are solved before it: fewer pieces first (captures), then fewer men
 * (a crowning turns a man into a king). A balance and its mirror sit next to each other,
 * since they are solved together (a quiet move goes from one to the other).
 */
export function balancesUpTo(maxPieces: number): Balance[] {
  const out: Balance[] = [];
  for (let n = 2; n <= maxPieces; n++) {
    for (let men = 0; men <= n; men++) {
      const here: Balance[] = [];
      for (let mine = 1; mine < n; mine++) {
        const theirs = n - mine;
        for (let myMen = 0; myMen <= Math.min(mine, men); myMen++) {
          const theirMen = men - myMen;
          if (theirMen > theirs) continue;
          here.push({ myMen, myKings: mine - myMen, theirMen, theirKings: theirs - theirMen });
        }
      }
      for (const b of here) {
        if (out.some((o) => balanceKey(o) === balanceKey(b))) continue;
        out.push(b);
        const m = mirror(b);
        if (balanceKey(m) !== balanceKey(b)) out.push(m);
      }
    }
  }
  return out;
}

/** The default build: five pieces on the 8x8 board, four on 10x10 (about a minute's worth more is hours). */
export function defaultPieces(squares: number): number {
  return squares <= 32 ? 5 : 4;
}
