// Command-line options of the bench tools: `--name value`, nothing fancier (they are not the
// product's CLI, which uses commander).

import { DEFAULT_OPTIONS, type SearchOptions } from '../src/search/search.ts';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** Search options as `lmr=0,probCut=1` (0 or false: off, anything else: on); an unknown name is an error. */
export function searchOptions(text: string): Partial<SearchOptions> {
  const out: Record<string, boolean> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [k, v] = pair.split('=');
    if (!(k in DEFAULT_OPTIONS)) throw new Error(`unknown search option ${k} (known: ${Object.keys(DEFAULT_OPTIONS).join(', ')})`);
    out[k] = v !== '0' && v !== 'false';
  }
  return out;
}
