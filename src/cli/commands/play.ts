import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { WorkerEngine } from '../../engine/worker-engine.ts';
import { EngineBackend } from '../../protocols/hub/engine-backend.ts';
import { TextMode } from '../../protocols/text/text-mode.ts';
import { variantOption } from '../variant-option.ts';
import { getVariant } from '../../rules/variants.ts';
import { fail, guarded } from '../errors.ts';
import { parseSearchThreads, searchThreadsOption } from '../threads-option.ts';
import type { BookSettings } from '../../book/settings.ts';
import { type BookOptionValues, addBookOptions, bookSettings, commandLineBook } from '../book-options.ts';

/** The text mode on stdin/stdout; also what `damka` with no command runs. */
export async function runTextMode(variantName: string, threads = 1, book: BookSettings = bookSettings({}, true)): Promise<void> {
  try {
    getVariant(variantName);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const engine = new WorkerEngine(64, threads);
  engine.onWorkerError = (message) => process.stdout.write(`${message}\n`);
  const backend = new EngineBackend(engine);
  const interactive = process.stdin.isTTY === true;
  const input = createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, crlfDelay: Infinity, terminal: interactive });
  let closing = false;
  const finish = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(0), 500);
    await backend.close();
    clearTimeout(timer);
    process.exit(0);
  };
  const mode = new TextMode((text) => process.stdout.write(`${text}\n`), backend, () => void finish(), variantName, commandLineBook(book));
  mode.start();
  if (interactive) input.setPrompt('damka> ');
  input.prompt();
  // Lines are handled one at a time, in order, even while the engine thinks: several lines that
  // arrive together (pasted, piped) each run, and quit waits for the lines before it.
  let queue = Promise.resolve();
  let quitting = false;
  input.on('line', (line) => {
    if (quitting) return;
    if (/^\s*(quit|q|exit)\s*$/i.test(line)) {
      quitting = true;
      // Not behind a game the engine plays against itself: that would wait for the game's end.
      mode.stopPlayingOn();
      queue = queue.then(() => finish());
      return;
    }
    queue = queue.then(() => mode.handle(line)).then(() => { if (!closing) input.prompt(); });
  });
  input.on('close', () => { queue = queue.then(() => finish()); });
}

export function playCommand(): Command {
  const command = new Command('play')
    .description('text mode for a person at a terminal (also what "damka" alone runs)')
    .addOption(variantOption())
    .addOption(searchThreadsOption());
  return addBookOptions(command, true)
    .action(guarded(async (opts: { variant: string; threads: string } & BookOptionValues) => runTextMode(opts.variant, parseSearchThreads(opts.threads), bookSettings(opts, true))));
}
