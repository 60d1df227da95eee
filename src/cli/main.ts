#!/usr/bin/env node
// The damka command line: commander wiring only; each command lives in src/cli/commands/.

import { Command, CommanderError } from 'commander';
import { fail } from './errors.ts';
import { VARIANTS } from '../rules/variants.ts';
import { exitQuietlyOnClosedOutput } from './closed-output.ts';
import { analyzeCommand } from './commands/analyze.ts';
import { benchCommand } from './commands/bench.ts';
import { bookCommand } from './commands/book.ts';
import { dxpCommand } from './commands/dxp.ts';
import { egdbCommand } from './commands/egdb.ts';
import { hubCommand } from './commands/hub.ts';
import { matchCommand } from './commands/match.ts';
import { movesCommand } from './commands/moves.ts';
import { perftCommand } from './commands/perft.ts';
import { suiteCommand } from './commands/suite.ts';
import { playCommand, runTextMode } from './commands/play.ts';
import { webCommand } from './commands/web.ts';
import { trainCommand } from './commands/train.ts';
import { workerCommand } from './commands/worker.ts';

exitQuietlyOnClosedOutput();

const program = new Command('damka')
  // From the registry, so that a new game needs no edit here.
  .description(`Damka: a draughts engine. Games (--variant): ${VARIANTS.map((v) => v.name).join(', ')}`)
  .version('0.1.0')
  .showHelpAfterError()
  .exitOverride()
  // No command: the text mode, for a person at a terminal.
  .argument('[command]')
  .usage('[options] [command]')
  .action(async (command?: string) => {
    if (command !== undefined) fail(`unknown command '${command}' (see "damka --help")`);
    await runTextMode('international');
  });

for (const command of [playCommand(), hubCommand(), analyzeCommand(), benchCommand(), dxpCommand(), matchCommand(), suiteCommand(), perftCommand(), movesCommand(), webCommand(), trainCommand(), egdbCommand(), bookCommand(), workerCommand()]) {
  // addCommand does not pass these settings down; usage errors must reach our exit code 2.
  program.addCommand(command.exitOverride().showHelpAfterError());
}

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version exit 0; usage errors have already been printed by commander.
    process.exit(err.exitCode === 0 ? 0 : 2);
  }
  process.stderr.write(`damka: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
}
