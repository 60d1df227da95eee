// A kind of weights file that ships for some variants (src/eval/weights/), decoded once per
// variant on first use: the decode checks the whole file, so it is paid at most once.

import type { Variant, VariantName } from '../rules/variant.ts';

/**
 * Reads the shipped file of a variant, or null where none ships; `ships` says whether one does
 * without decoding it (for a check that must stay cheap, such as the Hub's at `init`).
 */
export function shippedFiles<T>(
  files: Partial<Record<VariantName, unknown>>,
  suffix: string,
  decode: (file: unknown, variant: Variant, name: string) => T,
): ((variant: Variant) => T | null) & { ships: (variant: Variant) => boolean } {
  const decoded = new Map<string, T>();
  const read = (variant: Variant): T | null => {
    const file = files[variant.name];
    if (file === undefined) return null;
    let w = decoded.get(variant.name);
    if (!w) {
      w = decode(file, variant, `src/eval/weights/${variant.name}-${suffix}.json`);
      decoded.set(variant.name, w);
    }
    return w;
  };
  return Object.assign(read, { ships: (variant: Variant) => files[variant.name] !== undefined });
}
