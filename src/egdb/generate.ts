// Retrograde analysis of one balance together with its mirror (the same material with the
// other side to move): a quiet move always goes from one to the other, while captures and
// crownings leave for balances solved before (fewer pieces, or fewer men).
//
// 1. Every position is played forward once with the game's own move generator: no move is a
//    loss; an exit to a lost position is a win; otherwise we count the quiet moves that stay
//    in the pair and note whether an exit draws.
// 2. Wins and losses are then spread backwards: from each newly decided position we take
//    back the opponent's quiet moves (a king's step or flight, a man's step) to find its
//    predecessors. A predecessor of a loss is a win; a predecessor whose last undecided move
//    leads to a win for the opponent is a loss, unless one of its exits draws.
// 3. What is still undecided is a draw: neither side can force anything.

import { DIRECTIONS, UP_LEFT, UP_RIGHT } from '../board/geometry.ts';
import { CROWNS, MoveList } from '../rules/move.ts';
import { BLACK, Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, balanceName, mirror } from './balance.ts';
import { BalanceIndex } from './index.ts';
import { balanceKeyOf } from './orient.ts';
import type { EndgameTables } from './tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN, packValue } from './values.ts';

export const MAX_BALANCE_POSITIONS = 2 ** 31;
/** Memory while a pair is solved: a value byte, a two-byte move count and a four-byte queue entry a position. */
export const SOLVING_BYTES_PER_POSITION = 7;

// Working values while solving: 0 is undecided.
const OPEN = 0, W = 1, L = 2, D = 3;
const DRAWING_EXIT = 0x8000;

export interface SolvedTable {
  balance: Balance;
  positions: number;
  /** Two bits a position: DRAW, WIN or LOSS. */
  packed: Uint8Array;
}

/**
 * Solves `balance` and its mirror, whose exits must already be in `tables`. Returns one
 * table, or two when the mirror differs. `progress` is told how far it got (0 to 1).
 */
export function solvePair(variant: Variant, tables: EndgameTables, balance: Balance, progress?: (done: number) => void): SolvedTable[] {
  const geometry = variant.geometry;
  const balances = balanceKey(mirror(balance)) === balanceKey(balance) ? [balance] : [balance, mirror(balance)];
  const index = balances.map((b) => new BalanceIndex(geometry, b));
  // The queue holds i * 2 + t in 32 bits (read back unsigned).
  for (const ix of index) if (ix.size >= MAX_BALANCE_POSITIONS) throw new Error(`${balanceName(ix.balance)} has ${ix.size} positions; the generator solves fewer than 2^31 a balance`);
  const values = index.map((ix) => new Uint8Array(ix.size));
  const counts = index.map((ix) => new Uint16Array(ix.size));
  const total = index.reduce((s, ix) => s + ix.size, 0);
  const queue = new Int32Array(total);
  let tail = 0;
  const other = (t: number) => (balances.length === 1 ? 0 : 1 - t);

  const pos = new Position();
  const child = new Position();
  const oriented = new Position();
  const list = new MoveList();
  const orienter = tables.orienter;
  let work = 0;
  const report = (extra: number) => { if (progress && (++work & 0xffff) === 0) progress(Math.min(1, extra)); };

  // 1. Forward pass.
  for (let t = 0; t < balances.length; t++) {
    const ix = index[t], val = values[t], cnt = counts[t];
    for (let i = 0; i < ix.size; i++) {
      report((i + (t === 0 ? 0 : index[0].size)) / total / 2);
      ix.setPosition(i, pos);
      const n = variant.generate(pos, list);
      let inPair = 0, drawingExit = false, won = false;
      for (let m = 0; m < n && !won; m++) {
        if (list.captures[m] === 0 && (list.flags[m] & CROWNS) === 0) { inPair++; continue; }
        variant.make(child, pos, list, m);
        orienter.orient(child, oriented);
        const v = exitValue(tables, oriented);
        if (v === LOSS) won = true;
        else if (v === DRAW) drawingExit = true;
      }
      if (won) { val[i] = W; queue[tail++] = i * 2 + t; }
      else if (inPair === 0) {
        if (drawingExit) val[i] = D;
        else { val[i] = L; queue[tail++] = i * 2 + t; }
      } else cnt[i] = inPair | (drawingExit ? DRAWING_EXIT : 0);
    }
  }

  // 2. Backward pass over the decided positions, in the order they were decided.
  const steps = unmoveTables(variant);
  const flying = variant.flyingKings;
  for (let head = 0; head < tail; head++) {
    report(0.5 + head / total / 2);
    const e = queue[head], t = e & 1, i = e >>> 1;
    const lost = values[t][i] === L;
    index[t].setPosition(i, pos);
    // Predecessors: Black (the side not to move) takes back a quiet move.
    const occLo = pos.wLo | pos.bLo, occHi = pos.wHi | pos.bHi;
    const pt = other(t), pix = index[pt], pval = values[pt], pcnt = counts[pt];
    const blackLo = pos.bLo, blackHi = pos.bHi;
    for (let h = 0; h < 2; h++) {
      let m = (h === 0 ? blackLo : blackHi) >>> 0;
      while (m !== 0) {
        const low = m & -m;
        m = (m ^ low) >>> 0;
        const to = 31 - Math.clz32(low) + 32 * h;
        const king = h === 0 ? (pos.kLo & low) !== 0 : (pos.kHi & low) !== 0;
        const dirs = king ? DIRECTIONS : BLACK_MAN_CAME_FROM;
        for (let d = 0; d < dirs.length; d++) {
          const dir = dirs[d];
          let from = steps[to * 4 + dir];
          while (from >= 0 && !testBit(occLo, occHi, from)) {
            // The position before Black's move from `from` to `to`.
            child.copyFrom(pos);
            moveBit(child, to, from, king);
            child.side = BLACK;
            // A predecessor with a capture could not have made this move, but it was decided in
            // the forward pass (all its moves leave the pair), so it is never open here.
            orienter.orient(child, oriented);
            const j = pix.indexOf(oriented);
            if (pval[j] === OPEN) {
              if (lost) { pval[j] = W; queue[tail++] = j * 2 + pt; }
              else {
                const c = --pcnt[j];
                if ((c & ~DRAWING_EXIT) === 0) {
                  if (c & DRAWING_EXIT) pval[j] = D;
                  else { pval[j] = L; queue[tail++] = j * 2 + pt; }
                }
              }
            }
            if (!king || !flying) break;
            from = steps[from * 4 + dir];
          }
        }
      }
    }
  }

  // 3. Pack: what is still open is a draw.
  const out: SolvedTable[] = [];
  for (let t = 0; t < balances.length; t++) {
    const val = values[t];
    const packed = new Uint8Array(Math.ceil(val.length / 4));
    for (let i = 0; i < val.length; i++) packValue(packed, i, val[i] === W ? WIN : val[i] === L ? LOSS : DRAW);
    out.push({ balance: balances[t], positions: val.length, packed });
  }
  return out;
}

/** A Black man moves down the board, so it came from a square above. */
const BLACK_MAN_CAME_FROM = [UP_LEFT, UP_RIGHT];

/** Value of an exit position (White to move), which an earlier balance holds. */
function exitValue(tables: EndgameTables, oriented: Position): number {
  if ((oriented.wLo | oriented.wHi) === 0) return LOSS;
  const v = tables.probeOriented(oriented, balanceKeyOf(oriented));
  if (v === UNKNOWN) throw new Error('an exit table is missing: balances must be solved smallest first');
  return v;
}

/** Neighbour bit of each bit in each direction, -1 off the board. */
function unmoveTables(variant: Variant): Int32Array {
  const g = variant.geometry;
  const steps = new Int32Array(64 * 4).fill(-1);
  for (let sq = 1; sq <= g.squares; sq++) {
    for (const dir of DIRECTIONS) {
      const nb = g.neighbour(sq, dir);
      if (nb !== 0) steps[g.bit(sq) * 4 + dir] = g.bit(nb);
    }
  }
  return steps;
}

function testBit(lo: number, hi: number, bit: number): boolean {
  return bit < 32 ? ((lo >>> bit) & 1) === 1 : ((hi >>> (bit - 32)) & 1) === 1;
}

/** Moves Black's piece from bit `a` to bit `b` (the king flag with it). */
function moveBit(pos: Position, a: number, b: number, king: boolean): void {
  if (a < 32) { pos.bLo &= ~(1 << a); if (king) pos.kLo &= ~(1 << a); }
  else { pos.bHi &= ~(1 << (a - 32)); if (king) pos.kHi &= ~(1 << (a - 32)); }
  if (b < 32) { pos.bLo |= 1 << b; if (king) pos.kLo |= 1 << b; }
  else { pos.bHi |= 1 << (b - 32); if (king) pos.kHi |= 1 << (b - 32); }
}
