// The registry of rule sets by name, including the Hub protocol's aliases.

import { ENGLISH } from './english.ts';
import { INTERNATIONAL } from './international.ts';
import type { Variant, VariantName } from './variant.ts';

export { ENGLISH, INTERNATIONAL };
export const VARIANTS: readonly Variant[] = [INTERNATIONAL, ENGLISH];

const ALIASES: Record<string, VariantName> = {
  english: 'english',
  checkers: 'english',
  international: 'international',
  normal: 'international', // the Hub protocol's name
};

/** The variant for a user-supplied name; throws a clear error for an unknown one. */
export function getVariant(name: string): Variant {
  const key = ALIASES[name.trim().toLowerCase()];
  if (!key) {
    throw new Error(`unknown variant "${name}" (expected one of: ${Object.keys(ALIASES).join(', ')})`);
  }
  return key === 'english' ? ENGLISH : INTERNATIONAL;
}
