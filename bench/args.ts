// Command-line options of the bench tools: `--name value`, nothing fancier (they are not the
// product's CLI, which uses commander).

import { DEFAULT_OPTIONS, type SearchOptions } from '../src/search/options.ts';

/**
 * Ends the tool with `usage` on --help, and with a message on an option it does not know or one
 * given no value (every option here takes one): a misspelt option would otherwise be ignored,
 * and one at the end of the line read as absent, and the run go on with the default.
 */
export function checkArgs(tool: string, known: readonly string[], usage: string): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  args.forEach((a, i) => {
    if (!a.startsWith('--')) return;
    if (!known.includes(a.slice(2))) {
      console.error(`${tool}: unknown option ${a} (known: ${known.map((k) => `--${k}`).join(' ')})`);
      process.exit(2);
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) {
      console.error(`${tool}: ${a} wants a value (${usage})`);
      process.exit(2);
    }
  });
}

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
