import { Option } from 'commander';
import { getVariant, variantNames } from '../rules/variants.ts';
import type { Variant } from '../rules/variant.ts';

/** The help text listing every game's name. */
export function variantHelp(): string {
  return variantNames().join(', ');
}

/** The shared --variant option: any game's name or alias (normal is the Hub's name for international). */
export function variantOption(): Option {
  return new Option('-v, --variant <name>', variantHelp()).default('international');
}

export function resolveVariant(name: string): Variant {
  return getVariant(name);
}
