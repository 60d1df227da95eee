// International's rules (flying kings, men capturing backwards, the majority rule, crowning
// only where a move ends, jumped pieces removed after the sequence: RULES.md) on any diagonal
// board, stepping by square tables over a position's three words rather than by whole-board
// shifts. It is the generator of the 12x12 board (Canadian), whose 72 squares outgrow the
// two-word shifts of international.ts; it asks the geometry only for neighbours, rows and
// bits, so another board of up to 88 bits needs no new generator. The tests run it on the
// 10x10 and 8x8 boards too, against International's and Brazilian's specialised generators.
//
// Speed: every call first unpacks the position into a square array (a few dozen writes),
// then walks it; simpler than shifting three words, and fast enough for a board whose perft
// matters less than International's (bench/perft-speed.ts).

import { DOWN_LEFT, type Geometry, UP_LEFT } from '../board/geometry.ts';
import { CAPTURED_EX_SHIFT, CROWNS, MAX_MOVES, MoveList } from './move.ts';
import { type Position, WHITE } from './position.ts';

/** Bits a board may use: a position's three words, less what a move's flags can carry of the third (move.ts). */
const BITS = 64 + 32 - CAPTURED_EX_SHIFT;
const EMPTY = 0;
const OWN_MAN = 1;
const OWN_KING = 2;
const OPPONENT = 3;
/** Off the board and (for the boards with ghost bits) not a square: never empty, never taken. */
const OFF = 4;

export class FlyingBoard {
  /** Next bit along direction d from bit b at d * BITS + b, -1 off the board. */
  private readonly next = new Int32Array(4 * BITS).fill(-1);
  /** 1 where a man of White (index b) or of Black (BITS + b) is crowned. */
  private readonly crown = new Uint8Array(2 * BITS);
  /** What stands on each bit for the side to move (unpack()). */
  private readonly cell = new Uint8Array(BITS);
  /** Pieces jumped so far in the sequence being searched: they still block, and cannot be jumped again. */
  private readonly taken = new Uint8Array(BITS);
  /** The side to move's pieces (bits), filled by unpack(). */
  private readonly own = new Int32Array(BITS);
  private ownCount = 0;
  private readonly blank = new Uint8Array(BITS);

  // Capture search state: the list being written, the sequence so far.
  private list: MoveList = new MoveList();
  private count = 0;
  private best = 0;
  private from = 0;
  private capLo = 0;
  private capHi = 0;
  private capEx = 0;
  private crownBase = 0;
  private readonly path = new Int32Array(MoveList.MAX_PATH);
  private readonly scratch = new MoveList();

  constructor(readonly geometry: Geometry) {
    this.blank.fill(OFF);
    for (let sq = 1; sq <= geometry.squares; sq++) {
      const b = geometry.bit(sq);
      if (b >= BITS) throw new Error(`the ${geometry.name} board has more bits than a position holds`);
      this.blank[b] = EMPTY;
      for (let d = 0; d < 4; d++) {
        const n = geometry.neighbour(sq, d);
        if (n) this.next[d * BITS + b] = geometry.bit(n);
      }
      if (geometry.row(sq) === 0) this.crown[b] = 1;
      if (geometry.row(sq) === geometry.rows - 1) this.crown[BITS + b] = 1;
    }
  }

  /** Fills `cell` and `own` from the position, for its side to move. */
  private unpack(pos: Position): void {
    this.cell.set(this.blank);
    this.ownCount = 0;
    const white = pos.side === WHITE;
    this.crownBase = white ? 0 : BITS;
    this.mark(white ? pos.bLo : pos.wLo, white ? pos.bHi : pos.wHi, white ? pos.bEx : pos.wEx, OPPONENT);
    this.mark(white ? pos.wLo : pos.bLo, white ? pos.wHi : pos.bHi, white ? pos.wEx : pos.bEx, OWN_MAN);
    // Kings: the king words over the side's own pieces.
    for (let i = 0; i < this.ownCount; i++) {
      const b = this.own[i];
      const k = b < 32 ? pos.kLo >>> b : b < 64 ? pos.kHi >>> (b - 32) : pos.kEx >>> (b - 64);
      if ((k & 1) !== 0) this.cell[b] = OWN_KING;
    }
  }

  private mark(lo: number, hi: number, ex: number, what: number): void {
    for (let w = 0; w < 3; w++) {
      for (let m = w === 0 ? lo : w === 1 ? hi : ex; m !== 0; m &= m - 1) {
        const b = w * 32 + 31 - Math.clz32(m & -m);
        this.cell[b] = what;
        if (what === OWN_MAN) this.own[this.ownCount++] = b;
      }
    }
  }

  private toggle(b: number): void {
    this.taken[b] ^= 1;
    if (b < 32) this.capLo ^= 1 << b;
    else if (b < 64) this.capHi ^= 1 << (b - 32);
    else this.capEx ^= 1 << (b - 64);
  }

  private leaf(to: number, n: number, crowns: boolean): void {
    // Majority rule: only the longest captures are legal; kings and men count the same.
    if (n < this.best) return;
    if (n > this.best) {
      this.best = n;
      this.count = 0;
    }
    const list = this.list;
    // The same pieces taken by another route is the same move.
    for (let i = 0; i < this.count; i++) {
      if (list.to[i] === to && list.from[i] === this.from && list.capLo[i] === this.capLo && list.capHi[i] === this.capHi && list.flags[i] >>> CAPTURED_EX_SHIFT === this.capEx) return;
    }
    const k = this.count++;
    if (k >= MAX_MOVES) throw new Error('more legal moves than a move list holds');
    list.from[k] = this.from;
    list.to[k] = to;
    list.capLo[k] = this.capLo;
    list.capHi[k] = this.capHi;
    list.flags[k] = (crowns ? CROWNS : 0) | (this.capEx << CAPTURED_EX_SHIFT);
    list.captures[k] = n;
    if (list.paths !== null && list.pathLength !== null) {
      list.pathLength[k] = n;
      for (let j = 0; j < n; j++) list.paths[k * MoveList.MAX_PATH + j] = this.path[j];
    }
  }

  private manCaptures(s: number, n: number): void {
    const next = this.next, cell = this.cell, taken = this.taken;
    let any = false;
    for (let d = 0; d < 4; d++) {
      const o = next[d * BITS + s];
      if (o < 0 || cell[o] !== OPPONENT || taken[o] !== 0) continue;
      const l = next[d * BITS + o];
      if (l < 0 || cell[l] !== EMPTY) continue;
      any = true;
      this.toggle(o);
      this.path[n] = l;
      this.manCaptures(l, n + 1);
      this.toggle(o);
    }
    // Crowned only where the capture ends (a man passing the back row stays a man).
    if (!any && n > 0) this.leaf(s, n, this.crown[this.crownBase + s] === 1);
  }

  private kingCaptures(s: number, n: number, lastDir: number): void {
    const next = this.next, cell = this.cell, taken = this.taken;
    let any = false;
    for (let d = 0; d < 4; d++) {
      // Straight back the king would meet the piece it just took, which still blocks.
      if (d === 3 - lastDir) continue;
      let o = next[d * BITS + s];
      while (o >= 0 && cell[o] === EMPTY) o = next[d * BITS + o];
      if (o < 0 || cell[o] !== OPPONENT || taken[o] !== 0) continue;
      let l = next[d * BITS + o];
      if (l < 0 || cell[l] !== EMPTY) continue;
      any = true;
      this.toggle(o);
      for (; l >= 0 && cell[l] === EMPTY; l = next[d * BITS + l]) {
        this.path[n] = l;
        this.kingCaptures(l, n + 1, d);
      }
      this.toggle(o);
    }
    if (!any && n > 0) this.leaf(s, n, false);
  }

  /** Whether the unpacked side to move has a capture. */
  private anyCapture(): boolean {
    const next = this.next, cell = this.cell;
    for (let i = 0; i < this.ownCount; i++) {
      const s = this.own[i];
      const king = cell[s] === OWN_KING;
      for (let d = 0; d < 4; d++) {
        let o = next[d * BITS + s];
        if (king) while (o >= 0 && cell[o] === EMPTY) o = next[d * BITS + o];
        if (o < 0 || cell[o] !== OPPONENT) continue;
        const l = next[d * BITS + o];
        if (l >= 0 && cell[l] === EMPTY) return true;
      }
    }
    return false;
  }

  private captures(list: MoveList): number {
    this.list = list;
    this.count = 0;
    this.best = 1;
    this.capLo = this.capHi = this.capEx = 0;
    for (let i = 0; i < this.ownCount; i++) {
      const s = this.own[i];
      const king = this.cell[s] === OWN_KING;
      this.from = s;
      // The capturing piece's own square counts as empty during the sequence.
      this.cell[s] = EMPTY;
      if (king) this.kingCaptures(s, 0, -1);
      else this.manCaptures(s, 0);
      this.cell[s] = king ? OWN_KING : OWN_MAN;
    }
    return this.count;
  }

  /** The legal moves of `pos` into `list`; their number. */
  generate(pos: Position, list: MoveList): number {
    this.unpack(pos);
    if (this.anyCapture()) return (list.count = this.captures(list));
    const next = this.next, cell = this.cell, crown = this.crown;
    // A man's forward directions: left, then right (UP_RIGHT and DOWN_RIGHT follow, geometry.ts).
    const forward = pos.side === WHITE ? UP_LEFT : DOWN_LEFT;
    let n = 0;
    for (let i = 0; i < this.ownCount; i++) {
      const s = this.own[i];
      if (cell[s] === OWN_MAN) {
        for (let d = forward; d <= forward + 1; d++) {
          const t = next[d * BITS + s];
          if (t >= 0 && cell[t] === EMPTY) n = quiet(list, n, s, t, crown[this.crownBase + t] === 1 ? CROWNS : 0);
        }
      } else {
        for (let d = 0; d < 4; d++) {
          for (let t = next[d * BITS + s]; t >= 0 && cell[t] === EMPTY; t = next[d * BITS + t]) n = quiet(list, n, s, t, 0);
        }
      }
    }
    return (list.count = n);
  }

  /** The number of legal moves, quiet ones counted without being written. */
  countMoves(pos: Position): number {
    this.unpack(pos);
    if (this.anyCapture()) return this.captures(this.scratch);
    const next = this.next, cell = this.cell;
    const forward = pos.side === WHITE ? UP_LEFT : DOWN_LEFT;
    let n = 0;
    for (let i = 0; i < this.ownCount; i++) {
      const s = this.own[i];
      if (cell[s] === OWN_MAN) {
        for (let d = forward; d <= forward + 1; d++) {
          const t = next[d * BITS + s];
          if (t >= 0 && cell[t] === EMPTY) n++;
        }
      } else {
        for (let d = 0; d < 4; d++) {
          for (let t = next[d * BITS + s]; t >= 0 && cell[t] === EMPTY; t = next[d * BITS + t]) n++;
        }
      }
    }
    return n;
  }

  hasCapture(pos: Position): boolean {
    this.unpack(pos);
    return this.anyCapture();
  }
}

function quiet(list: MoveList, n: number, from: number, to: number, flags: number): number {
  list.from[n] = from;
  list.to[n] = to;
  list.capLo[n] = 0;
  list.capHi[n] = 0;
  list.flags[n] = flags;
  list.captures[n] = 0;
  return n + 1;
}
