// Draw rules of the 8x8 family's newer games (docs/variants.md gives the federations' texts
// and where we chose).

import type { DrawRules } from './draw-rules.ts';

const none = () => 0;
const never = () => false;

/** `moves` moves by each player in a row with only kings moving and nothing captured. */
function kingsOnly(moves: number): DrawRules {
  return {
    quietLimit: 2 * moves,
    quietResetByMan: true,
    quietResetByCrowning: false,
    manMoveIrreversible: true,
    quietReason: `${moves} moves each with only kings moving and no capture`,
    endingLimit: none,
    endingReason: () => '',
    drawnAtOnce: never,
    readsMaterial: false,
  };
}

export const FAMILY_8x8_DRAW_RULES = {
  pool: kingsOnly(25),
  czech: kingsOnly(25),
  spanish: kingsOnly(25),
  italian: kingsOnly(25),
  thai: kingsOnly(25),
} as const satisfies Record<string, DrawRules>;
