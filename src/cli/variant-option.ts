import { Option } from 'commander';
import { getVariant } from '../rules/variants.ts';
import type { Variant } from '../rules/variant.ts';

/** The shared --variant option: english, international, or the Hub name normal. */
export function variantOption(): Option {
  return new Option('-v, --variant <name>', 'english, international (Hub name: normal)').default('international');
}

export function resolveVariant(name: string): Variant {
  return getVariant(name);
}
