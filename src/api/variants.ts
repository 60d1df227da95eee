// The variants the library offers: every rule set in the registry, described for front ends.

import type { Variant } from '../rules/variant.ts';
import { VARIANTS, getVariant } from '../rules/variants.ts';
import { WHITE } from '../rules/position.ts';
import { DamkaError } from './errors.ts';
import type { VariantInfo } from './types.ts';

/** Every variant Damka plays, in the registry's order. */
export function variants(): VariantInfo[] {
  return VARIANTS.map(describeVariant);
}

export function describeVariant(variant: Variant): VariantInfo {
  const g = variant.geometry;
  const coordinates: VariantInfo['coordinates'] = [];
  for (let sq = 1; sq <= g.squares; sq++) coordinates.push({ row: g.row(sq), file: g.file(sq) });
  return {
    name: variant.name,
    gameType: variant.gameType,
    squares: g.squares,
    rows: g.rows,
    startFen: variant.startFen,
    firstToMove: variant.firstToMove === WHITE ? 'white' : 'black',
    coordinates,
  };
}

/** The rule set of a name (or alias); an unknown name is a DamkaError listing the known ones. */
export function variantNamed(name: string): Variant {
  if (typeof name !== 'string') throw new DamkaError('unknown-variant', `the variant must be a name (one of: ${names()})`);
  try {
    return getVariant(name);
  } catch {
    throw new DamkaError('unknown-variant', `unknown variant "${name}" (expected one of: ${names()})`);
  }
}

const names = () => VARIANTS.map((v) => v.name).join(', ');
