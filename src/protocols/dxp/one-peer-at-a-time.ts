// A DXP server plays one peer at a time. A connection that comes while the current peer has no
// game going waits (a few at most) instead of being turned away: a peer that connects and
// stalls is hung up on at the idle limit, and the one behind it gets its game. Once a game is
// on, those waiting and any that come are told the server is busy.

import type { Socket } from 'node:net';

/** Connections that may wait behind a peer with no game going. */
export const MAX_WAITING = 4;

export type AfterSession = 'serve the next' | 'stop serving';

export class OnePeerAtATime {
  private busy = false;
  private gameOn = false;
  private stopped = false;
  private readonly waiting: Socket[] = [];

  constructor(
    /** Runs a session on the socket; calls gameStarted when a game starts; resolves when the connection is over. */
    private readonly session: (socket: Socket, gameStarted: () => void) => Promise<AfterSession>,
    private readonly busyChat: string,
    private readonly report: (line: string) => void,
  ) {}

  /** For the server's connection event. */
  accept(socket: Socket): void {
    // A waiting or turned-away peer may reset its connection: that must not end the server.
    socket.on('error', () => undefined);
    if (this.stopped || (this.busy && (this.gameOn || this.waiting.length >= MAX_WAITING))) {
      this.turnAway(socket);
      return;
    }
    if (this.busy) {
      this.report(`connection from ${address(socket)} waits: the current peer has no game going yet`);
      // Its messages stay in the socket until its turn.
      socket.pause();
      this.waiting.push(socket);
      socket.once('close', () => {
        const i = this.waiting.indexOf(socket);
        if (i >= 0) this.waiting.splice(i, 1);
      });
      return;
    }
    void this.serve(socket);
  }

  private async serve(socket: Socket): Promise<void> {
    this.busy = true;
    this.gameOn = false;
    this.report(`connection from ${address(socket)}`);
    const over = this.session(socket, () => {
      this.gameOn = true;
      for (const s of this.waiting.splice(0)) this.turnAway(s);
    });
    socket.resume(); // the session listens now: what came while it waited is read
    const next = await over;
    this.busy = false;
    if (next === 'stop serving') {
      this.stopped = true;
      for (const s of this.waiting.splice(0)) this.turnAway(s);
      return;
    }
    const waiting = this.waiting.shift();
    if (waiting) void this.serve(waiting);
  }

  private turnAway(socket: Socket): void {
    socket.end(`C${this.busyChat}\0`);
    setTimeout(() => socket.destroy(), 2000).unref();
  }
}

function address(socket: Socket): string {
  return `${socket.remoteAddress}:${socket.remotePort}`;
}
