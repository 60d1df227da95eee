// Draw rules of the 8x8 family's newer games (docs/variants.md gives the federations' texts
// and says where a federation sets no rule and these are our choice). Third repetition of a
// position with the same side to move draws in every game, as in the others.

import type { DrawRules } from './draw-rules.ts';

const never = () => false;
const whiteMen = (signature: number) => signature >>> 18;
const whiteKings = (signature: number) => (signature >>> 12) & 63;
const blackMen = (signature: number) => (signature >>> 6) & 63;
const blackKings = (signature: number) => signature & 63;

/** `moves` moves by each player in a row with only kings moving and nothing captured; no ending rule. */
function kingsOnly(moves: number): DrawRules {
  return {
    quietLimit: 2 * moves,
    quietResetByMan: true,
    quietResetByCrowning: false,
    manMoveIrreversible: true,
    quietReason: `${moves} moves each with only kings moving and no capture`,
    endingLimit: () => 0,
    endingReason: () => '',
    drawnAtOnce: never,
    readsMaterial: false,
  };
}

/** Pool (APCA): three kings against a lone king must win within 13 moves each. */
const POOL_ENDING_LIMIT = 26;
function poolEndingLimit(signature: number): number {
  const lone = (kings: number, men: number) => kings === 1 && men === 0;
  const three = (kings: number, men: number) => kings === 3 && men === 0;
  const wm = whiteMen(signature), wk = whiteKings(signature), bm = blackMen(signature), bk = blackKings(signature);
  return (lone(bk, bm) && three(wk, wm)) || (lone(wk, wm) && three(bk, bm)) ? POOL_ENDING_LIMIT : 0;
}

export const FAMILY_8x8_DRAW_RULES = {
  pool: {
    ...kingsOnly(25),
    endingLimit: poolEndingLimit,
    endingReason: () => '13-move rule: three kings against a lone king',
    readsMaterial: true,
  },
  czech: kingsOnly(25),
  spanish: kingsOnly(25),
  // FID: 40 moves each with neither a capture nor a man's move; a repetition draws at the
  // position's fourth occurrence (docs/variants.md).
  italian: { ...kingsOnly(40), quietReason: '40 moves each without a capture or a man moving', repetitions: 4 },
  thai: kingsOnly(25),
} as const satisfies Record<string, DrawRules>;
