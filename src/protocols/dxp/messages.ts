// DXP (DamExchange Protocol) messages: fixed-width ASCII fields after a one-letter type,
// numbers zero-padded, names space-padded (docs/PROTOCOLS.md). Decoding checks every width
// and character, so a malformed message is an error that names the problem, never a guess.

export type DxpColor = 'W' | 'Z';

export type DxpMessage =
  | { type: 'chat'; text: string }
  | { type: 'request'; version: number; name: string; followerColor: DxpColor; minutes: number; moves: number; start: { toMove: DxpColor; board: string } | null }
  | { type: 'accept'; name: string; code: 0 | 1 | 2 | 3 }
  | { type: 'move'; seconds: number; from: number; to: number; captured: number[] }
  | { type: 'end'; reason: 0 | 1 | 2 | 3; stop: 0 | 1 }
  | { type: 'back'; moveNumber: number; toMove: DxpColor }
  | { type: 'back-accept'; code: 0 | 1 | 2 };

export const DXP_VERSION = 1;
export const NAME_WIDTH = 32;
/** Longest message other than chat we accept: a request with a board is 91 characters, a move with 20 captures 53. */
export const MAX_MESSAGE = 512;

export class DxpError extends Error {}

function num(value: number, width: number, what: string): string {
  if (!Number.isInteger(value) || value < 0 || value >= 10 ** width) throw new DxpError(`${what} ${value} does not fit ${width} digits`);
  return String(value).padStart(width, '0');
}

/** Printable ASCII only, cut or space-padded to the width. */
function name(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, NAME_WIDTH).padEnd(NAME_WIDTH, ' ');
}

export function encodeDxp(m: DxpMessage): string {
  switch (m.type) {
    case 'chat': return `C${m.text.replace(/[^\x20-\x7e]/g, '?')}`;
    case 'request': {
      const start = m.start === null ? 'A' : `B${m.start.toMove}${m.start.board}`;
      if (m.start !== null && !/^[wzWZe]{50}$/.test(m.start.board)) throw new DxpError('a board is 50 characters of w, z, W, Z and e');
      return `R${num(m.version, 2, 'version')}${name(m.name)}${m.followerColor}${num(m.minutes, 3, 'minutes')}${num(m.moves, 3, 'moves')}${start}`;
    }
    case 'accept': return `A${name(m.name)}${m.code}`;
    case 'move': return `M${num(Math.min(9999, Math.round(m.seconds)), 4, 'time')}${num(m.from, 2, 'from')}${num(m.to, 2, 'to')}${num(m.captured.length, 2, 'captures')}${m.captured.map((c) => num(c, 2, 'captured square')).join('')}`;
    case 'end': return `E${m.reason}${m.stop}`;
    case 'back': return `B${num(m.moveNumber, 3, 'move number')}${m.toMove}`;
    case 'back-accept': return `K${m.code}`;
  }
}

class Reader {
  private i = 1;
  constructor(private readonly text: string, private readonly kind: string) {}
  take(width: number, what: string): string {
    if (this.i + width > this.text.length) throw new DxpError(`${this.kind}: too short for ${what} (${this.text.length} characters)`);
    const s = this.text.slice(this.i, this.i + width);
    this.i += width;
    return s;
  }
  number(width: number, what: string): number {
    const s = this.take(width, what);
    if (!/^\d+$/.test(s)) throw new DxpError(`${this.kind}: ${what} "${s}" is not a ${width}-digit number`);
    return Number(s);
  }
  color(what: string): DxpColor {
    const c = this.take(1, what);
    if (c !== 'W' && c !== 'Z') throw new DxpError(`${this.kind}: ${what} "${c}" is not W or Z`);
    return c;
  }
  code<T extends number>(allowed: readonly T[], what: string): T {
    const c = this.number(1, what);
    if (!allowed.includes(c as T)) throw new DxpError(`${this.kind}: ${what} ${c} is not one of ${allowed.join(', ')}`);
    return c as T;
  }
  end(): void {
    if (this.i !== this.text.length) throw new DxpError(`${this.kind}: ${this.text.length - this.i} characters too many`);
  }
  get rest(): string {
    return this.text.slice(this.i);
  }
}

export function decodeDxp(text: string): DxpMessage {
  if (text.length === 0) throw new DxpError('empty message');
  const type = text[0];
  // Chat is free text of any length: a stray accented letter is shown as '?' rather than losing the message.
  if (type === 'C') return { type: 'chat', text: text.slice(1).replace(/[^\x20-\x7e]/g, '?') };
  if (text.length > MAX_MESSAGE) throw new DxpError(`message of ${text.length} characters is too long`);
  if (/[^\x20-\x7e]/.test(text)) throw new DxpError('message has characters outside printable ASCII');
  switch (type) {
    case 'R': {
      const r = new Reader(text, 'game request');
      const version = r.number(2, 'version');
      const initiator = r.take(NAME_WIDTH, 'initiator name').trimEnd();
      const followerColor = r.color('follower colour');
      const minutes = r.number(3, 'thinking time');
      const moves = r.number(3, 'number of moves');
      const start = r.take(1, 'start position');
      if (start === 'A') { r.end(); return { type: 'request', version, name: initiator, followerColor, minutes, moves, start: null }; }
      if (start !== 'B') throw new DxpError(`game request: start "${start}" is not A or B`);
      const toMove = r.color('colour to move');
      const board = r.take(50, 'board');
      if (!/^[wzWZe]{50}$/.test(board)) throw new DxpError('game request: the board must be 50 characters of w, z, W, Z and e');
      r.end();
      return { type: 'request', version, name: initiator, followerColor, minutes, moves, start: { toMove, board } };
    }
    case 'A': {
      const r = new Reader(text, 'game accept');
      const follower = r.take(NAME_WIDTH, 'follower name').trimEnd();
      const code = r.code([0, 1, 2, 3] as const, 'code');
      r.end();
      return { type: 'accept', name: follower, code };
    }
    case 'M': {
      const r = new Reader(text, 'move');
      const seconds = r.number(4, 'time');
      const from = r.number(2, 'from');
      const to = r.number(2, 'to');
      const count = r.number(2, 'number captured');
      const captured: number[] = [];
      for (let k = 0; k < count; k++) captured.push(r.number(2, `captured square ${k + 1}`));
      r.end();
      for (const sq of [from, to, ...captured]) if (sq < 1 || sq > 50) throw new DxpError(`move: square ${sq} is not on the board`);
      return { type: 'move', seconds, from, to, captured };
    }
    case 'E': {
      const r = new Reader(text, 'game end');
      const reason = r.code([0, 1, 2, 3] as const, 'reason');
      const stop = r.code([0, 1] as const, 'stop code');
      r.end();
      return { type: 'end', reason, stop };
    }
    case 'B': {
      const r = new Reader(text, 'back request');
      const moveNumber = r.number(3, 'move number');
      const toMove = r.color('colour to move');
      r.end();
      return { type: 'back', moveNumber, toMove };
    }
    case 'K': {
      const r = new Reader(text, 'back accept');
      const code = r.code([0, 1, 2] as const, 'code');
      r.end();
      return { type: 'back-accept', code };
    }
    default:
      throw new DxpError(`unknown message type "${type}"`);
  }
}
