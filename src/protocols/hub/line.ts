// Hub protocol lines: `command name=value name="quoted value" flag` (PROTOCOLS.md).
// Values with spaces, `=` or nothing at all are double-quoted; a bare name is a flag.

export interface HubLine {
  command: string;
  /** Arguments in order of appearance; a flag has the value `true`. */
  args: Map<string, string | true>;
}

export class HubSyntaxError extends Error {}

export function parseHubLine(text: string): HubLine | null {
  const line = text.trim();
  if (line === '') return null;
  let i = 0;
  const readWord = (): string => {
    const start = i;
    while (i < line.length && line[i] !== ' ' && line[i] !== '\t' && line[i] !== '=') i++;
    return line.slice(start, i);
  };
  const skipSpace = () => { while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++; };
  const command = readWord();
  if (command === '' || line[i] === '=') throw new HubSyntaxError(`a line must start with a command, got "${line}"`);
  const args = new Map<string, string | true>();
  for (;;) {
    skipSpace();
    if (i >= line.length) break;
    const name = readWord();
    if (name === '') throw new HubSyntaxError(`"=" without a name at column ${i + 1}`);
    if (line[i] !== '=') {
      args.set(name, true);
      continue;
    }
    i++; // '='
    let value: string;
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close < 0) throw new HubSyntaxError(`unterminated quote in the value of "${name}"`);
      value = line.slice(i + 1, close);
      i = close + 1;
      if (i < line.length && line[i] !== ' ' && line[i] !== '\t') {
        throw new HubSyntaxError(`text right after the closing quote of "${name}"`);
      }
    } else {
      const start = i;
      while (i < line.length && line[i] !== ' ' && line[i] !== '\t') i++;
      value = line.slice(start, i);
      if (value.includes('"')) throw new HubSyntaxError(`stray quote in the value of "${name}"`);
    }
    args.set(name, value);
  }
  return { command, args };
}

function quote(value: string): string {
  return value === '' || /[\s="]/.test(value) ? `"${value.replace(/"/g, "'")}"` : value;
}

/** Formats a line; `true` values become flags, undefined ones are left out. */
export function formatHubLine(command: string, args: Record<string, string | number | boolean | undefined> = {}): string {
  const parts = [command];
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === false) continue;
    parts.push(value === true ? name : `${name}=${quote(String(value))}`);
  }
  return parts.join(' ');
}
