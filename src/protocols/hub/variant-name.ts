// The Hub protocol's names of our games: Scan's where it has one (`normal` for International,
// `losing` for Antidraughts, `bt` for Breakthrough), our own (the variant's name) for the rest
// (PROTOCOLS.md lists the names existing engines use). A game's own name is accepted as well.

import { VARIANTS } from '../../rules/variants.ts';
import type { Variant, VariantName } from '../../rules/variant.ts';

const SCAN_NAMES: Partial<Record<VariantName, string>> = {
  international: 'normal',
  antidraughts: 'losing',
  breakthrough: 'bt',
};

export function hubVariantName(variant: Variant): string {
  return SCAN_NAMES[variant.name] ?? variant.name;
}

/** Every Hub variant name we play, in the order `hub` advertises them. */
export function hubVariantNames(): string[] {
  return VARIANTS.map(hubVariantName);
}

/** The variant of a Hub name (Scan's or the game's own), or undefined for one we do not play. */
export function variantOfHubName(name: string): Variant | undefined {
  return VARIANTS.find((v) => hubVariantName(v) === name) ?? VARIANTS.find((v) => v.name === name && v.name !== 'international');
}
