import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { WorkerEngine } from '../../engine/worker-engine.ts';
import { EngineBackend } from '../../protocols/hub/engine-backend.ts';
import { HubSession } from '../../protocols/hub/session.ts';
import { formatHubLine } from '../../protocols/hub/line.ts';
import { openBook } from '../../book/open-book.ts';

export function hubCommand(): Command {
  return new Command('hub')
    .description('speak the Hub protocol (version 2) on stdin/stdout, for GUIs such as Hub')
    .action(async () => {
      const worker = new WorkerEngine();
      // A search worker that died is an error the GUI should hear of (the move still comes from a survivor).
      worker.onWorkerError = (message) => process.stdout.write(`${formatHubLine('error', { message })}\n`);
      const engine = new EngineBackend(worker);
      let finished = false;
      const finish = async (code: number) => {
        if (finished) return;
        finished = true;
        // A search may still be running: give the worker a moment to stop, then leave anyway.
        const timer = setTimeout(() => process.exit(code), 500);
        try {
          await session.close();
        } finally {
          clearTimeout(timer);
          process.exit(code);
        }
      };
      // Protocol lines only on stdout, one write per line so that nothing waits in a buffer.
      const session = new HubSession((line) => process.stdout.write(`${line}\n`), engine, () => void finish(0), openBook);
      const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
      input.on('line', (line) => session.handle(line));
      // stdin closed: the GUI is gone, so quit promptly (also during a search).
      input.on('close', () => void finish(0));
      process.stdout.on('error', () => void finish(0));
    });
}
