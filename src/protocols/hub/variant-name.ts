// The Hub protocol's names of our games: Scan's `normal` for International, our own names
// for the rest (PROTOCOLS.md lists the names existing engines use).

import { VARIANTS } from '../../rules/variants.ts';
import type { Variant } from '../../rules/variant.ts';

export function hubVariantName(variant: Variant): string {
  return variant.name === 'international' ? 'normal' : variant.name;
}

/** Every Hub variant name we play, in the order `hub` advertises them. */
export function hubVariantNames(): string[] {
  return VARIANTS.map(hubVariantName);
}

/** The variant of a Hub name, or undefined for one we do not play. */
export function variantOfHubName(name: string): Variant | undefined {
  return VARIANTS.find((v) => hubVariantName(v) === name);
}
