// damka dxp against a test peer written here (split, joined, malformed and illegal messages,
// declines, going back, a dropped connection), and two Damka processes playing each other.

import { mkdtempSync, readFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { DxpFramer } from '../src/protocols/dxp/framing.ts';
import { type DxpMessage, decodeDxp, encodeDxp } from '../src/protocols/dxp/messages.ts';
import { INTERNATIONAL } from '../src/rules/variants.ts';
import { EngineProcess } from './helpers/engine-process.ts';
import { writeOneMoveBook } from './helpers/book-file.ts';

const running: EngineProcess[] = [];
afterEach(() => { for (const p of running.splice(0)) p.kill(); });

class Peer {
  private readonly framer = new DxpFramer();
  private readonly inbox: string[] = [];
  private wake: (() => void) | null = null;
  closed = false;
  /** Bytes received from the engine. */
  bytes = 0;
  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => { this.bytes += chunk.length; this.inbox.push(...this.framer.push(chunk).messages); this.wake?.(); });
    socket.on('close', () => { this.closed = true; this.wake?.(); });
  }
  static async open(port: number): Promise<Peer> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    return new Peer(socket);
  }
  raw(text: string | Buffer): void { this.socket.write(text, 'latin1'); }
  /** Resolves when the engine has closed the connection. */
  async closedByEngine(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the engine kept the connection open');
      await new Promise<void>((resolve) => { this.wake = resolve; setTimeout(resolve, 50); });
    }
  }
  /** Every message received so far that was not taken by next(). */
  unread(): string[] { return this.inbox.splice(0); }
  send(m: DxpMessage): void { this.raw(`${encodeDxp(m)}\0`); }
  /** The next message of the given type (others before it are skipped and returned too). */
  async next(type: string, ms = 10_000): Promise<{ message: DxpMessage; skipped: string[] }> {
    const skipped: string[] = [];
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.inbox.length) {
        const text = this.inbox.shift()!;
        if (text[0] === type) return { message: decodeDxp(text), skipped };
        skipped.push(text);
      }
      if (this.closed) throw new Error(`connection closed while waiting for ${type}; skipped ${skipped.join(' | ')}`);
      if (Date.now() > deadline) throw new Error(`no ${type} message; skipped ${skipped.join(' | ')}`);
      await new Promise<void>((resolve) => { this.wake = resolve; setTimeout(resolve, 50); });
    }
  }
}

const request = (over: Partial<Extract<DxpMessage, { type: 'request' }>> = {}): DxpMessage =>
  ({ type: 'request', version: 1, name: 'TestPeer', followerColor: 'Z', minutes: 5, moves: 75, start: null, ...over });

async function server(args: string[]): Promise<{ engine: EngineProcess; port: number }> {
  const engine = new EngineProcess(['dxp', '--listen', '127.0.0.1:0', ...args]);
  running.push(engine);
  const line = await engine.expect(/^listening on /);
  return { engine, port: Number(line.split(':').at(-1)) };
}

/** Plays the engine's move (from an M message) into our copy of the game, checking it is legal. */
function applyMove(game: Game, m: DxpMessage): void {
  if (m.type !== 'move') throw new Error(`expected a move, got ${m.type}`);
  const want = [...m.captured].sort((a, b) => a - b).join(',');
  const move = game.legalMoves().find((l) => l.from === m.from && l.to === m.to && l.captured.join(',') === want);
  expect(move, `${m.from}-${m.to}`).toBeDefined();
  game.play(move!);
}

describe('damka dxp as a follower against a test peer', () => {
  it('survives split, joined, malformed and illegal messages, declines rightly, goes back, and keeps serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'damka-dxp-'));
    const pdn = join(dir, 'games.pdn');
    const { engine, port } = await server(['--depth', '2', '--pdn', pdn]);

    // A request split over three packets.
    const peer = await Peer.open(port);
    const wire = `${encodeDxp(request())}\0`;
    peer.raw(wire.slice(0, 5)); await new Promise((r) => setTimeout(r, 30));
    peer.raw(wire.slice(5, 40)); await new Promise((r) => setTimeout(r, 30));
    peer.raw(wire.slice(40));
    expect((await peer.next('A')).message).toEqual({ type: 'accept', name: 'Damka', code: 0 });

    // Malformed: answered with a chat, nothing else changes.
    peer.raw('M12\0');
    expect((await peer.next('C')).message).toMatchObject({ text: expect.stringMatching(/error: cannot read "M12"/) });

    // A move and a chat joined in one packet; the engine (Black) answers with a legal move.
    const game = new Game(INTERNATIONAL);
    game.play(game.legalMoves().find((m) => m.from === 32 && m.to === 28)!);
    peer.raw(`${encodeDxp({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] })}\0${encodeDxp({ type: 'chat', text: 'hello' })}\0`);
    applyMove(game, (await peer.next('M')).message);

    // Busy: a second request during the game is declined with code 3.
    peer.send(request());
    expect((await peer.next('A')).message).toMatchObject({ code: 3 });

    // Back to move 1 with White to move, then another first move: the engine answers that.
    peer.send({ type: 'back', moveNumber: 1, toMove: 'W' });
    expect((await peer.next('K')).message).toEqual({ type: 'back-accept', code: 0 });
    game.undo(); game.undo();
    game.play(game.legalMoves().find((m) => m.from === 33 && m.to === 29)!);
    peer.send({ type: 'move', seconds: 1, from: 33, to: 29, captured: [] });
    applyMove(game, (await peer.next('M')).message);
    expect(game.ply).toBe(2);
    peer.send({ type: 'back', moveNumber: 40, toMove: 'W' });
    expect((await peer.next('K')).message).toEqual({ type: 'back-accept', code: 2 });

    // An illegal move ends the game with a chat saying why.
    peer.send({ type: 'move', seconds: 1, from: 31, to: 22, captured: [] });
    const chat = await peer.next('C');
    expect(chat.message).toMatchObject({ text: expect.stringMatching(/illegal move 31-22/) });
    expect((await peer.next('E')).message).toEqual({ type: 'end', reason: 3, stop: 0 });

    // Declines: another version, a start position without a legal move.
    peer.send(request({ version: 2 }));
    expect((await peer.next('A')).message).toMatchObject({ code: 1 });
    peer.send(request({ start: { toMove: 'W', board: `${'e'.repeat(45)}Zzzzz` } }));
    expect((await peer.next('A')).message).toMatchObject({ code: 2 });

    // A game broken off by the peer: saved, and the server takes the next connection.
    peer.send(request());
    expect((await peer.next('A')).message).toMatchObject({ code: 0 });
    peer.send({ type: 'move', seconds: 1, from: 31, to: 27, captured: [] });
    await peer.next('M');
    peer.socket.destroy();
    await engine.expect(/^result: \* \(the connection was lost mid-game\), 2 plies, \S+ used \d+\.\d s \|/);

    const second = await Peer.open(port);
    second.send(request({ followerColor: 'W' }));
    expect((await second.next('A')).message).toMatchObject({ code: 0 });
    const fresh = new Game(INTERNATIONAL);
    applyMove(fresh, (await second.next('M')).message); // the engine is White: it moves first
    second.send({ type: 'end', reason: 0, stop: 1 });
    expect((await second.next('E')).message).toMatchObject({ type: 'end', stop: 1 });

    const games = parsePdn(readFileSync(pdn, 'utf8'));
    expect(games.map((g) => g.result)).toEqual(['0-1', '*', '*']); // the peer (White) played the illegal move
    expect(games[0].tags.get('Termination')).toMatch(/illegal move 31-22/);
    expect(replayPdn(games[0]).ply).toBe(2);
    expect(games[1].moves).toEqual(['31-27', expect.stringMatching(/^\d+[-x]\d+$/)]);
    expect(engine.child.exitCode).toBeNull();
  }, 60_000);
});

describe('damka dxp robustness', () => {
  it('turns away a second connection, even one that resets, and the running session goes on', async () => {
    const { engine, port } = await server(['--depth', '2']);
    const peer = await Peer.open(port);
    peer.send(request());
    await peer.next('A');
    const intruder = await Peer.open(port);
    expect((await intruder.next('C')).message).toMatchObject({ text: expect.stringMatching(/busy/) });
    intruder.socket.resetAndDestroy();
    await new Promise((r) => setTimeout(r, 200));
    const game = new Game(INTERNATIONAL);
    game.play(game.legalMoves().find((m) => m.from === 32 && m.to === 28)!);
    peer.send({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] });
    applyMove(game, (await peer.next('M')).message);
    expect(engine.child.exitCode).toBeNull();
  });

  it('as a server and initiator, waits for the next opponent when one leaves mid-game', async () => {
    const { engine, port } = await server(['--initiator', '--games', '1', '--depth', '2']);
    const first = await Peer.open(port);
    const r = (await first.next('R')).message;
    expect(r).toMatchObject({ type: 'request', followerColor: 'Z' });
    first.send({ type: 'accept', name: 'Quitter', code: 0 });
    await first.next('M'); // Damka is White and moves first
    first.socket.destroy();
    await engine.expect(/1 game\(s\) still to play: waiting for the next connection/);
    const second = await Peer.open(port);
    expect((await second.next('R')).message).toMatchObject({ type: 'request' });
    second.send({ type: 'accept', name: 'Stayer', code: 0 });
    await second.next('M');
    second.send({ type: 'end', reason: 3, stop: 1 });
    await second.next('E');
    expect(await engine.exited).toBe(0);
  });

  it('takes a move, a game end and a new game request in one packet in their order', async () => {
    // On the clock: the first game's (999 minutes) search, if it missed its stop, would run for
    // minutes; the second game's first move (1 minute for 150 moves: under a second, 2.6 s at
    // the most) comes well inside the bound. With 1 minute for the whole game its soft budget was
    // 2 s and its hard one 5.9 s, and an iteration begun just before 2 s ran it past 5 s.
    const { engine, port } = await server([]);
    const peer = await Peer.open(port);
    peer.send(request({ minutes: 999 }));
    await peer.next('A');
    const t0 = performance.now();
    peer.raw([
      encodeDxp({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] }),
      encodeDxp({ type: 'end', reason: 0, stop: 0 }),
      encodeDxp(request({ followerColor: 'W', minutes: 1, moves: 150 })),
    ].map((m) => `${m}\0`).join(''));
    expect((await peer.next('E')).message).toMatchObject({ type: 'end' });
    expect((await peer.next('A')).message).toMatchObject({ code: 0 });
    // Damka is White in the new game and moves first, at once rather than after the old search.
    const game = new Game(INTERNATIONAL);
    applyMove(game, (await peer.next('M')).message);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(engine.child.exitCode).toBeNull();
  });

  it('ignores one move that crossed its end of the game, without a peer error, and plays the next game', async () => {
    const { engine, port } = await server(['--depth', '4']);
    const peer = await Peer.open(port);
    // Before any game ended, a move without a game is an error.
    peer.send({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] });
    await engine.expect(/^peer error: cannot handle move: a move, but no game is in progress/);
    // Damka is White with one man on 28, our one man on 23: its only move, 28x19, ends the game.
    const board = [...'e'.repeat(50)];
    board[27] = 'w';
    board[22] = 'z';
    peer.send(request({ followerColor: 'W', start: { toMove: 'W', board: board.join('') } }));
    await peer.next('A');
    expect((await peer.next('M')).message).toMatchObject({ from: 28, to: 19, captured: [23] });
    expect((await peer.next('E')).message).toMatchObject({ type: 'end', reason: 3 });
    // Our move, sent before the end reached us.
    peer.send({ type: 'move', seconds: 1, from: 23, to: 28, captured: [] });
    expect(await engine.expect(/^ignored /)).toMatch(/move 23-28: it was sent before the end of the game reached it/);
    peer.send(request());
    const { skipped } = await peer.next('A');
    expect(skipped.filter((s) => s[0] === 'C')).toEqual([]);
    expect(engine.drain().filter((l) => /peer error/.test(l))).toEqual([]);
    // The next game is played: we are White and move first, Damka answers.
    const game = new Game(INTERNATIONAL);
    peer.send({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] });
    game.play(game.legalMoves().find((l) => l.from === 32 && l.to === 28)!);
    applyMove(game, (await peer.next('M')).message);
  });

  it('plays its first move from --book at once, and searches out of the book', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'damka-dxp-book-')), 'international.book');
    const start = INTERNATIONAL.startPosition();
    // The last of White's first moves in square order: not the search's choice, so a move from the book is told apart.
    const legal = INTERNATIONAL.legalMoves(start);
    const chosen = legal[legal.length - 1];
    writeOneMoveBook(file, INTERNATIONAL, start, (move) => (move === `${chosen.from}-${chosen.to}` ? 40 : 0));
    const { engine, port } = await server(['--depth', '3', '--book', file]);
    const peer = await Peer.open(port);
    peer.send(request({ followerColor: 'W' }));
    await peer.next('A');
    const { message } = await peer.next('M');
    expect(message).toMatchObject({ from: chosen.from, to: chosen.to });
    const game = new Game(INTERNATIONAL);
    applyMove(game, message);
    // A reply that leaves the book (the leaf's own move is the first reply; this is the last).
    const replies = game.legalMoves();
    const reply = replies[replies.length - 1];
    game.play(reply);
    peer.send({ type: 'move', seconds: 1, from: reply.from, to: reply.to, captured: reply.captured });
    applyMove(game, (await peer.next('M')).message);
    expect(engine.stderr).toBe('');
  });

  it('parses listen and connect addresses', async () => {
    const { parseAddress } = await import('../src/cli/commands/dxp.ts');
    expect(parseAddress('27531', false)).toEqual({ host: '127.0.0.1', port: 27531 });
    expect(parseAddress('0.0.0.0:4000', false)).toEqual({ host: '0.0.0.0', port: 4000 });
    expect(parseAddress('[::1]:4000', true)).toEqual({ host: '::1', port: 4000 });
    expect(parseAddress('localhost:4000', true)).toEqual({ host: 'localhost', port: 4000 });
    expect(() => parseAddress('4000', true)).toThrow(/host:port/);
    expect(() => parseAddress('host:70000', true)).toThrow(/out of range/);
    expect(() => parseAddress('a:b', false)).toThrow(/expected/);
  });
});

describe('damka dxp against hostile peers', () => {
  it('hangs up on a peer that gets no game going, and the initiator waiting behind it gets its game', async () => {
    const { engine, port } = await server(['--depth', '2', '--idle-timeout', '1']);
    const staller = await Peer.open(port);
    // One byte every 0.2 s: busy-looking, but never a whole message.
    const trickle = setInterval(() => { if (!staller.closed) staller.raw('C'); }, 200);
    try {
      await new Promise((r) => setTimeout(r, 100));
      const good = await Peer.open(port);
      await engine.expect(/waits: the current peer has no game going yet/);
      good.send(request());
      // Served once the staller was dropped at its 1 s limit (before, it was turned away as busy).
      expect((await good.next('A')).message).toMatchObject({ code: 0 });
      await staller.closedByEngine();
      expect(staller.unread().join('|')).toMatch(/hanging up: no game started within 1 s/);
      await engine.expect(/^hanging up on peer: no game started within 1 s/);
      const game = new Game(INTERNATIONAL);
      game.play(game.legalMoves().find((m) => m.from === 32 && m.to === 28)!);
      good.send({ type: 'move', seconds: 1, from: 32, to: 28, captured: [] });
      applyMove(game, (await good.next('M')).message);
      // The game has started: a newcomer is told the server is busy, not kept waiting.
      const late = await Peer.open(port);
      expect((await late.next('C')).message).toMatchObject({ text: expect.stringMatching(/busy/) });
    } finally {
      clearInterval(trickle);
    }
  });

  it('answers a flood of garbage with a few errors, hangs up, and keeps serving', async () => {
    const { engine, port } = await server(['--depth', '2']);
    const flooder = await Peer.open(port);
    flooder.raw(Buffer.alloc(1 << 20)); // a megabyte of empty messages
    await flooder.closedByEngine();
    const replies = flooder.unread();
    // Five errors, then silence, then the hang-up at the fiftieth bad message in a row.
    expect(replies.filter((m) => /error: cannot read "": empty message/.test(m))).toHaveLength(5);
    expect(replies.at(-1)).toMatch(/hanging up: 50 bad messages in a row/);
    expect(flooder.bytes).toBeLessThan(1000);
    await engine.expect(/^hanging up on peer: 50 bad messages in a row/);
    expect(engine.lines.filter((l) => l.startsWith('peer error'))).toHaveLength(5);
    expect(await engine.expect(/more peer errors and chat lines were not shown/)).toMatch(/^44 more/);

    // A bad message now and then is reported each time, and a game goes on.
    const peer = await Peer.open(port);
    peer.send(request());
    await peer.next('A');
    const game = new Game(INTERNATIONAL);
    for (let round = 0; round < 3; round++) {
      peer.raw('X\0');
      expect((await peer.next('C')).message).toMatchObject({ text: expect.stringMatching(/unknown message type "X"/) });
      const move = game.legalMoves()[0];
      game.play(move);
      peer.send({ type: 'move', seconds: 1, from: move.from, to: move.to, captured: move.captured });
      applyMove(game, (await peer.next('M')).message);
    }
  });

  it('takes chat of any length without an error', async () => {
    const { engine, port } = await server(['--depth', '2']);
    const peer = await Peer.open(port);
    peer.send({ type: 'chat', text: 'x'.repeat(3000) });
    peer.send(request());
    expect((await peer.next('A')).skipped).toEqual([]);
    expect(await engine.expect(/^chat from /)).toBe(`chat from peer: ${'x'.repeat(1000)} ... (2000 more characters)`);
  });
});

describe('damka dxp against damka dxp', () => {
  it('plays two games with colours swapped, and both PDN files agree move for move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'damka-dxp-'));
    const a = join(dir, 'initiator.pdn'), b = join(dir, 'follower.pdn');
    // A short start (few pieces) keeps the games quick.
    const fen = 'W:W31,32,33,34,35,38,40,43:B6,9,11,13,14,16,18,20';
    const { engine: initiator, port } = await server(['--initiator', '--games', '2', '--depth', '3', '--fen', fen, '--pdn', a, '--name', 'Initiator']);
    const follower = new EngineProcess(['dxp', '--connect', `127.0.0.1:${port}`, '--depth', '3', '--pdn', b, '--name', 'Follower']);
    running.push(follower);
    expect(await follower.exited).toBe(0);
    expect(await initiator.exited).toBe(0);
    const ga = parsePdn(readFileSync(a, 'utf8')), gb = parsePdn(readFileSync(b, 'utf8'));
    expect(ga).toHaveLength(2);
    expect(gb.map((g) => g.moves)).toEqual(ga.map((g) => g.moves));
    expect(gb.map((g) => g.result)).toEqual(ga.map((g) => g.result));
    expect(ga.map((g) => g.tags.get('White'))).toEqual(['Initiator', 'Follower']);
    for (const g of ga) {
      const game = replayPdn(g);
      expect(g.tags.get('FEN')).toBe(fen);
      expect(game.status().result).toBe(g.result);
    }
    expect(initiator.lines.filter((l) => l.startsWith('result:'))).toHaveLength(2);
  }, 60_000);
});
