// The registry of rule sets by name, including the Hub protocol's and other common aliases.
// A new game joins by adding its Variant to VARIANTS.

import { ANTIDRAUGHTS } from './antidraughts.ts';
import { BRAZILIAN } from './brazilian.ts';
import { BREAKTHROUGH } from './breakthrough.ts';
import { CANADIAN } from './canadian.ts';
import { ENGLISH } from './english.ts';
import { CZECH, ITALIAN, POOL, SPANISH, THAI } from './family-8x8/games.ts';
import { FRISIAN, FRYSK } from './frisian/frisian.ts';
import { INTERNATIONAL } from './international.ts';
import { KILLER } from './killer.ts';
import { LASCA } from './lasca/lasca.ts';
import { RUSSIAN } from './russian.ts';
import { TURKISH } from './turkish.ts';
import type { Variant, VariantName } from './variant.ts';

export { BRAZILIAN, CANADIAN, ENGLISH, INTERNATIONAL, LASCA, RUSSIAN, TURKISH };
export { CZECH, ITALIAN, POOL, SPANISH, THAI };
export { ANTIDRAUGHTS, BREAKTHROUGH, FRISIAN, FRYSK, KILLER };
export const VARIANTS: readonly Variant[] = [
  INTERNATIONAL, ENGLISH, BRAZILIAN, RUSSIAN, TURKISH, LASCA,
  POOL, CZECH, SPANISH, ITALIAN, THAI,
  KILLER, ANTIDRAUGHTS, BREAKTHROUGH, FRISIAN, FRYSK,
  CANADIAN,
];

/** Other names users and protocols give the games. */
const ALIASES: Record<string, VariantName> = {
  checkers: 'english',
  normal: 'international', // the Hub protocol's name
  shashki: 'russian',
  dama: 'turkish',
  'american-pool': 'pool',
  losing: 'antidraughts', // Scan's Hub name
  bt: 'breakthrough', // Scan's Hub name
  'frysk!': 'frysk',
};

/** Every name getVariant accepts, for help texts and errors. */
export function variantNames(): string[] {
  return [...VARIANTS.map((v) => v.name), ...Object.keys(ALIASES)];
}

/** The variant for a user-supplied name; throws a clear error for an unknown one. */
export function getVariant(name: string): Variant {
  const key = name.trim().toLowerCase();
  const wanted = ALIASES[key] ?? key;
  const variant = VARIANTS.find((v) => v.name === wanted);
  if (!variant) throw new Error(`unknown variant "${name}" (expected one of: ${variantNames().join(', ')})`);
  return variant;
}

/** The variant with a PDN GameType number, or undefined. */
export function variantOfGameType(type: number): Variant | undefined {
  return VARIANTS.find((v) => v.gameType === type);
}
