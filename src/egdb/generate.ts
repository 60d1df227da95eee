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
//
// Distance to conversion (DTC) comes with it: the plies until a capture or a crowning (into
// a balance where the winner still wins) or the end of the game, with the winner hurrying
// and the loser holding out. A win is 1 + the least distance of its moves to lost positions,
// a loss 1 + the largest of its moves (a move that leaves the pair counts 1). The backward
// pass is a breadth-first wave, so each position's distance is that of the position that
// decided it plus one, provided the queue is always in order of distance:
// - the forward pass decides positions at two distances: 0 (no legal move: the game is
//   over) and 1 (a win by an exit, or a loss whose every move is an exit). The 0s wait at
//   the far end of the queue and are taken back first;
// - a win is decided by the first lost successor taken back, which is the nearest one;
// - a loss is decided when its last quiet move has been taken back, which is its farthest
//   one (its exits count 1, no more than any quiet move's 1 + distance);
// - a drawing exit keeps a position from being lost and plays no part in distances.
// A man's quiet step stays in the pair, so it is simply a ply here: whatever it does to
// the draw-rule counters, the distance bounds the plies until the next conversion.

import { DIRECTIONS, UP_LEFT, UP_RIGHT } from '../board/geometry.ts';
import { testBit } from '../rules/convert.ts';
import { CROWNS, MoveList } from '../rules/move.ts';
import { BLACK, Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, balanceName, mirror } from './balance.ts';
import { BalanceIndex } from './index.ts';
import { balanceKeyOf } from './orient.ts';
import type { EndgameTables } from './tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN, packValue } from './values.ts';

export const MAX_BALANCE_POSITIONS = 2 ** 31;
/** Memory while a pair is solved: a value byte, a distance byte, a two-byte move count and a four-byte queue entry a position. */
export const SOLVING_BYTES_PER_POSITION = 8;
/** Distances are kept in a byte: this one means "this far or farther". */
export const DISTANCE_SATURATED = 255;

// Working values while solving: 0 is undecided.
const OPEN = 0, W = 1, L = 2, D = 3;
const DRAWING_EXIT = 0x8000;

export interface SolvedTable {
  balance: Balance;
  positions: number;
  /** Two bits a position: DRAW, WIN or LOSS. */
  packed: Uint8Array;
  /** A byte a position: plies to conversion of a win or loss (at most DISTANCE_SATURATED), 0 for a draw. */
  distances: Uint8Array;
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
  const distances = index.map((ix) => new Uint8Array(ix.size));
  const counts = index.map((ix) => new Uint16Array(ix.size));
  const total = index.reduce((s, ix) => s + ix.size, 0);
  // Positions decided at distance 1 go in from the front; those at 0 from the back (`ended`
  // of them), and are taken back first. Each position enters once, so the two never meet.
  const queue = new Int32Array(total);
  let tail = 0, ended = 0;
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
    const ix = index[t], val = values[t], cnt = counts[t], dist = distances[t];
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
      if (won) { val[i] = W; dist[i] = 1; queue[tail++] = i * 2 + t; }
      else if (inPair === 0) {
        if (drawingExit) val[i] = D;
        else if (n === 0) { val[i] = L; queue[total - ++ended] = i * 2 + t; }
        else { val[i] = L; dist[i] = 1; queue[tail++] = i * 2 + t; }
      } else cnt[i] = inPair | (drawingExit ? DRAWING_EXIT : 0);
    }
  }

  // 2. Backward pass over the decided positions, in the order they were decided.
  const steps = unmoveTables(variant);
  const flying = variant.flyingKings;
  for (let head = -ended; head < tail; head++) {
    report(0.5 + (head + ended) / total / 2);
    const e = head < 0 ? queue[total + head] : queue[head], t = e & 1, i = e >>> 1;
    const lost = values[t][i] === L;
    const further = Math.min(DISTANCE_SATURATED, distances[t][i] + 1);
    index[t].setPosition(i, pos);
    // Predecessors: Black (the side not to move) takes back a quiet move.
    const occLo = pos.wLo | pos.bLo, occHi = pos.wHi | pos.bHi;
    const pt = other(t), pix = index[pt], pval = values[pt], pcnt = counts[pt], pdist = distances[pt];
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
              if (lost) { pval[j] = W; pdist[j] = further; queue[tail++] = j * 2 + pt; }
              else {
                const c = --pcnt[j];
                if ((c & ~DRAWING_EXIT) === 0) {
                  if (c & DRAWING_EXIT) pval[j] = D;
                  else { pval[j] = L; pdist[j] = further; queue[tail++] = j * 2 + pt; }
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
    out.push({ balance: balances[t], positions: val.length, packed, distances: distances[t] });
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

/** Moves Black's piece from bit `a` to bit `b` (the king flag with it). */
function moveBit(pos: Position, a: number, b: number, king: boolean): void {
  if (a < 32) { pos.bLo &= ~(1 << a); if (king) pos.kLo &= ~(1 << a); }
  else { pos.bHi &= ~(1 << (a - 32)); if (king) pos.kHi &= ~(1 << (a - 32)); }
  if (b < 32) { pos.bLo |= 1 << b; if (king) pos.kLo |= 1 << b; }
  else { pos.bHi |= 1 << (b - 32); if (king) pos.kHi |= 1 << (b - 32); }
}
