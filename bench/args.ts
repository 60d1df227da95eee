// Command-line options of the bench tools: `--name value`, nothing fancier (they are not the
// product's CLI, which uses commander).

import { DEFAULT_OPTIONS, type SearchOptions } from '../src/search/search.ts';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/**
 * Search options as `lmr=0,probCut=1` (0 or false: off, anything else: on), given to `tool`
 * with `--flag`; an unknown name ends the tool with a message listing the known ones.
 */
export function searchOptions(tool: string, flag: string, text: string): Partial<SearchOptions> {
  const out: Record<string, boolean> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [k, v] = pair.split('=');
    if (!(k in DEFAULT_OPTIONS)) {
      console.error(`${tool}: --${flag}: unknown search option ${k} (known: ${Object.keys(DEFAULT_OPTIONS).join(', ')})`);
      process.exit(2);
    }
    out[k] = v !== '0' && v !== 'false';
  }
  return out;
}
