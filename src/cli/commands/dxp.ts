import { parseEvalKind } from '../../eval/position-evaluator.ts';
import { readWeightsFile } from '../../eval/read-weights.ts';
import { type Socket, connect, createServer } from 'node:net';
import { Command } from 'commander';
import { WorkerEngine } from '../../engine/worker-engine.ts';
import { parseFen } from '../../notation/fen.ts';
import { OnePeerAtATime } from '../../protocols/dxp/one-peer-at-a-time.ts';
import { DxpSession } from '../../protocols/dxp/session.ts';
import { INTERNATIONAL, getVariant } from '../../rules/variants.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';
import { parseSearchThreads, searchThreadsOption } from '../threads-option.ts';
import { type BookOptionValues, addBookOptions, bookSettings, commandLineBook } from '../book-options.ts';

interface DxpOpts extends BookOptionValues {
  listen?: string; connect?: string; initiator?: boolean; games: string; time: string; moves: string;
  fen?: string; pdn?: string; ttSize: string; threads: string; depth?: string; name: string; eval: string; weights?: string; idleTimeout: string; variant: string;
}

const DEFAULT_PORT = 27531;

/** "[host:]port", "host:port" or "[::1]:port" into its parts; the host defaults to loopback; port 0 (listen only) picks a free one. */
export function parseAddress(text: string, needHost: boolean): { host: string; port: number } {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]:|([^:[\]]+):)?(\d+)$/.exec(text.trim());
  const host = m?.[1] ?? m?.[2];
  if (!m || (needHost && !host)) throw new UsageError(`expected ${needHost ? 'host:port' : '[host:]port'}, got "${text}"`);
  const port = Number(m[3]);
  if (port > 65535 || (needHost && port < 1)) throw new UsageError(`port ${port} is out of range`);
  return { host: host ?? '127.0.0.1', port };
}

export function dxpCommand(): Command {
  return addBookOptions(new Command('dxp'), true)
    .description('play International draughts over DXP (TCP) against another program')
    .option('-l, --listen [address]', `be the server on [host:]port (default 127.0.0.1:${DEFAULT_PORT})`)
    .option('-c, --connect <address>', 'be the client of host:port')
    .option('-i, --initiator', 'send the game requests (default: follow)')
    .option('-g, --games <n>', 'games to play as initiator', '1')
    .option('--time <minutes>', 'thinking time the initiator requests', '5')
    .option('--moves <n>', 'moves for that time (0: the whole game)', '75')
    .option('--fen <fen>', 'start position the initiator requests (PDN FEN)')
    .option('--pdn <file>', 'append every game to this PDN file')
    .option('--tt-size <mb>', 'transposition table size in MB', '64')
    .option('--eval <kind>', 'evaluation: learned (the network where one ships, else the patterns), pattern, network or classic (hand-set)', 'learned')
    .option('--weights <file>', 'weights file for the learned evaluation, as "damka train fit" or "fit-network" writes (default: the shipped one)')
    .addOption(searchThreadsOption())
    .option('--depth <n>', 'search to a fixed depth instead of using the clock (for tests)')
    .option('--name <name>', 'our name in game requests and accepts', 'Damka')
    .option('--idle-timeout <seconds>', 'hang up on a peer that has no game going for this long (0: never)', '60')
    .option('-v, --variant <name>', 'international only: DXP has no way to name another game', 'international')
    .action(guarded(async (o: DxpOpts) => {
      if (getVariant(o.variant) !== INTERNATIONAL) {
        throw new UsageError(`DXP plays International draughts only (its messages carry a 10x10 board and no game type), not ${o.variant}`);
      }
      if ((o.listen === undefined) === (o.connect === undefined)) throw new UsageError('give one of --listen [address] and --connect host:port');
      const games = parseIntOption('games', o.games, 1, 100_000);
      const minutes = parseIntOption('time', o.time, 1, 999);
      const moves = parseIntOption('moves', o.moves, 0, 999);
      const depth = o.depth === undefined ? undefined : parseIntOption('depth', o.depth, 1, 60);
      const idleSeconds = parseIntOption('idle-timeout', o.idleTimeout, 0, 86_400);
      if (o.fen) parseFen(INTERNATIONAL, o.fen);
      const book = commandLineBook(bookSettings(o, true));
      // Read now: a bad file is reported before the first game, not in the middle of one.
      book.book(INTERNATIONAL);
      const engine = new WorkerEngine(parseIntOption('tt-size', o.ttSize, 1, 4096), parseSearchThreads(o.threads));
      if (o.weights !== undefined) readWeightsFile(o.weights, INTERNATIONAL);
      engine.setEvaluation(parseEvalKind(o.eval), o.weights);
      await engine.start(INTERNATIONAL);
      const report = (line: string) => process.stdout.write(`${line}\n`);
      engine.onWorkerError = report;
      // Games still to play: a session broken off mid-game leaves the rest for the next one.
      let remaining = games;
      const session = (socket: Socket, onGameStart?: () => void) => new DxpSession(socket, engine, {
        role: o.initiator ? 'initiator' : 'follower', name: o.name, games: remaining, minutes, moves, fen: o.fen, depth, pdn: o.pdn, idleSeconds, report, onGameStart, book,
      });
      const shutdown = async (code: number) => {
        await engine.close();
        process.exit(code);
      };
      process.on('SIGINT', () => void shutdown(130));
      process.on('SIGTERM', () => void shutdown(143));

      if (o.connect !== undefined) {
        const { host, port } = parseAddress(o.connect, true);
        const socket = connect({ host, port });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', (err) => reject(new Error(`cannot connect to ${host}:${port}: ${err.message}`)));
        });
        report(`connected to ${host}:${port}`);
        const s = session(socket);
        await s.finished;
        // A session cut off mid-game or hung up on did not do its job: say so in the exit code.
        await shutdown(s.broken || s.dropped ? 1 : 0);
        return;
      }
      const { host, port } = parseAddress(typeof o.listen === 'string' ? o.listen : String(DEFAULT_PORT), false);
      const peers = new OnePeerAtATime(async (socket, gameStarted) => {
        const s = session(socket, gameStarted);
        await s.finished;
        remaining -= s.completed;
        // A follower serves the next connection; so does an initiator with games still to play
        // after its opponent went away mid-game or was hung up on. Otherwise its job is done.
        if (!o.initiator) return 'serve the next';
        if (remaining > 0 && (s.broken || s.dropped)) {
          report(`${remaining} game(s) still to play: waiting for the next connection`);
          return 'serve the next';
        }
        server.close();
        void shutdown(0);
        return 'stop serving';
      }, `${o.name}: busy with another session`, report);
      const server = createServer((socket) => peers.accept(socket));
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err) => reject(new Error(`cannot listen on ${host}:${port}: ${err.message}`)));
        server.listen(port, host, resolve);
      });
      report(`listening on ${host}:${(server.address() as { port: number }).port}`);
    }));
}
