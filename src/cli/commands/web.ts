import { Command } from 'commander';
import { startWebServer } from '../../web/server.ts';
import { guarded, parseIntOption } from '../errors.ts';

export function webCommand(): Command {
  return new Command('web')
    .description('serve a page on 127.0.0.1 to play against the engine in a browser (the engine runs in the page)')
    .option('-p, --port <n>', 'port to listen on (0: any free port)', '0')
    .action(guarded(async (opts: { port: string }) => {
      const server = await startWebServer(parseIntOption('port', opts.port, 0, 65535));
      process.stdout.write(`Damka: play at ${server.url} (Ctrl-C to stop)\n`);
      const quit = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', quit);
      process.once('SIGTERM', quit);
    }));
}
