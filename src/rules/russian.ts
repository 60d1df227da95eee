// Russian draughts (shashki): flying kings on the 8x8 board, no majority rule, a man
// crowned during a capture goes on as a king (RULES.md). One row of the 8x8 family's table
// (family-8x8/rules.ts).

import { familyVariant } from './family-8x8/variant.ts';
import { RUSSIAN_RULES } from './family-8x8/rules.ts';

export const RUSSIAN = familyVariant(RUSSIAN_RULES);
