// Table values, from the side to move. Two bits a position in files and in memory.

export const DRAW = 0;
export const WIN = 1;
export const LOSS = 2;
/** Not in the tables (too many pieces, or the table is missing or was refused). */
export const UNKNOWN = -1;

export type TableValue = typeof DRAW | typeof WIN | typeof LOSS;

/** A table value of a position whose side to move is `side` (0 White), as White's score: 1, 0.5 or 0. */
export function whiteScoreOf(value: number, side: number): number {
  const mine = value === WIN ? 1 : value === LOSS ? 0 : 0.5;
  return side === 0 ? mine : 1 - mine;
}

export function valueName(v: number): string {
  return v === WIN ? 'win' : v === LOSS ? 'loss' : v === DRAW ? 'draw' : 'unknown';
}

/** Value of position i in a packed array (four positions a byte). */
export function packedValue(data: Uint8Array, i: number): number {
  return (data[i >>> 2] >>> ((i & 3) << 1)) & 3;
}

export function packValue(data: Uint8Array, i: number, v: number): void {
  const shift = (i & 3) << 1;
  data[i >>> 2] = (data[i >>> 2] & ~(3 << shift)) | (v << shift);
}
