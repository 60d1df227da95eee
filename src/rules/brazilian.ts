// Brazilian draughts: International (FMJD) rules in full on the English 8x8 board, White
// moving first (RULES.md). The generator is shared with Russian draughts.

import { flying8x8Variant } from './flying-8x8.ts';

export const BRAZILIAN = flying8x8Variant('brazilian', 26, false);
