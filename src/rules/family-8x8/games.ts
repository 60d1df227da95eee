// The games of the 8x8 family as Variants (rules.ts says how each differs).

import { familyVariant } from './variant.ts';
import { CZECH_RULES, ITALIAN_RULES, POOL_RULES, SPANISH_RULES, THAI_RULES } from './rules.ts';

export const POOL = familyVariant(POOL_RULES);
export const CZECH = familyVariant(CZECH_RULES);
export const SPANISH = familyVariant(SPANISH_RULES);
export const ITALIAN = familyVariant(ITALIAN_RULES);
export const THAI = familyVariant(THAI_RULES);
