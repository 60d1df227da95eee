// How the CLI reports failures: one line on stderr and exit code 2, never a stack trace.

export class UsageError extends Error {}

export function fail(message: string): never {
  process.stderr.write(`damka: ${message}\n`);
  process.exit(2);
}

/** Wraps a command action so that any error becomes a clean message and exit code 2. */
export function guarded<A extends unknown[]>(action: (...args: A) => Promise<void> | void): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    }
  };
}

export function parseIntOption(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
