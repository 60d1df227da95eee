// Brazilian draughts: International (FMJD) rules in full on the English 8x8 board, White
// moving first (RULES.md). One row of the 8x8 family's table (family-8x8/rules.ts).

import { familyVariant } from './family-8x8/variant.ts';
import { BRAZILIAN_RULES } from './family-8x8/rules.ts';

export const BRAZILIAN = familyVariant(BRAZILIAN_RULES);
