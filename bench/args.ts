// Command-line options of the bench tools: `--name value`, nothing fancier (they are not the
// product's CLI, which uses commander).

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
