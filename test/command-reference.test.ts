// docs/commands.md against the built command line: every option that `damka <command> --help`
// prints is in that command's section of the reference, and every option the reference names
// is one the command has. The reference's format (docs/commands.md, top): a `## damka <command>`
// heading per command and subcommand, one table row per option starting `| \`--option ARG\` |`.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI } from './helpers/engine-process.ts';

const REFERENCE = new URL('../docs/commands.md', import.meta.url);
/** Options every command has, left out of the reference's tables. */
const EVERYWHERE = new Set(['--help', '--version']);

/** The lines of a --help section ("Options", "Commands") up to the blank line that ends it. */
function helpSection(text: string, name: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(`${name}:`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** An option's name: its long form, or its short form when it has no long one. */
function optionName(flags: string): string {
  const names = flags.split(/[ ,|]+/).filter((w) => w.startsWith('-'));
  return names.find((n) => n.startsWith('--')) ?? names[0] ?? flags;
}

/** The first column of a help section's entries (wrapped description lines are indented further). */
function entryHeads(lines: string[]): string[] {
  return lines.flatMap((l) => {
    const m = /^ {2}(\S.*?)(?: {2,}.*)?$/.exec(l);
    return m ? [m[1]] : [];
  });
}

interface HelpCommand {
  readonly path: string[];
  readonly options: string[];
}

/** Every command and subcommand of the CLI, from its --help, walking down the Commands sections. */
async function commandsFromHelp(path: string[] = []): Promise<HelpCommand[]> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, [CLI, ...path, '--help'], { encoding: 'utf8', timeout: 60_000 }));
  } catch (err) {
    throw new Error(`damka ${[...path, '--help'].join(' ')} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const options = entryHeads(helpSection(stdout, 'Options')).map(optionName).filter((o) => !EVERYWHERE.has(o));
  const subcommands = entryHeads(helpSection(stdout, 'Commands'))
    .map((head) => head.split(' ')[0])
    .filter((name) => name !== 'help');
  // One process a command, the subcommands of a command at once: the whole walk takes a few seconds.
  const below = await Promise.all(subcommands.map((name) => commandsFromHelp([...path, name])));
  return [{ path, options }, ...below.flat()];
}

/** The reference's sections: `## damka ...` heading to the next `## ` heading, options from `| \`-...\` |` rows. */
function referenceSections(markdown: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (damka(?: [a-z][a-z0-9-]*)*)\s*$/.exec(line);
    if (heading) {
      if (sections.has(heading[1])) throw new Error(`docs/commands.md: "## ${heading[1]}" appears twice`);
      current = [];
      sections.set(heading[1], current);
      continue;
    }
    if (line.startsWith('## ')) current = undefined;
    const row = /^\| `(-[^`]*)` \|/.exec(line);
    if (row && current) current.push(optionName(row[1]));
  }
  return sections;
}

describe('the command reference (docs/commands.md)', () => {
  let commands: HelpCommand[] = [];
  let sections = new Map<string, string[]>();
  beforeAll(async () => {
    commands = await commandsFromHelp();
    sections = referenceSections(readFileSync(REFERENCE, 'utf8'));
  });
  const title = (path: string[]) => ['damka', ...path].join(' ');

  it('finds the commands and options it checks', () => {
    // A parser that found nothing would pass every check below.
    expect(commands.length).toBeGreaterThan(20);
    expect(commands.find((c) => title(c.path) === 'damka match')?.options).toContain('--move-time');
    expect(commands.find((c) => title(c.path) === 'damka train fit')?.options).toContain('--result-weight');
  });

  it('has a section for every command and subcommand, and none for a command that does not exist', () => {
    const missing = commands.map((c) => title(c.path)).filter((t) => !sections.has(t));
    const stale = [...sections.keys()].filter((t) => !commands.some((c) => title(c.path) === t));
    expect(missing, `docs/commands.md has no "## <command>" section for: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `docs/commands.md has sections for commands the CLI does not have: ${stale.join(', ')}`).toEqual([]);
  });

  it('names every option that --help prints, in its command\'s section', () => {
    const missing = commands.flatMap((c) => {
      const documented = sections.get(title(c.path)) ?? [];
      return c.options.filter((o) => !documented.includes(o)).map((o) => `${title(c.path)} ${o}`);
    });
    expect(missing, `options missing from docs/commands.md (add a row "| \`--option ARG\` | ... |" under the command's heading): ${missing.join('; ')}`).toEqual([]);
  });

  it('names no option that the command does not have', () => {
    const unknown = commands.flatMap((c) => {
      const documented = sections.get(title(c.path)) ?? [];
      return documented.filter((o) => !c.options.includes(o)).map((o) => `${title(c.path)} ${o}`);
    });
    expect(unknown, `docs/commands.md names options that --help does not print: ${unknown.join('; ')}`).toEqual([]);
  });

  it('names each option once a section', () => {
    const twice = [...sections].flatMap(([t, options]) => options.filter((o, i) => options.indexOf(o) !== i).map((o) => `${t} ${o}`));
    expect(twice, `options listed twice in docs/commands.md: ${twice.join('; ')}`).toEqual([]);
  });
});
