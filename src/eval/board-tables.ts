// Per-bit tables of a diagonal board that the classic and the learned evaluation both read,
// built once per geometry: neighbours, rows and files, the halves of the board, the cones
// from which a man can be stopped, and the masks that move a whole bitboard one step.

import { DIRECTIONS, type Geometry } from '../board/geometry.ts';

const built = new Map<Geometry, BoardTables>();

export class BoardTables {
  /** Neighbour bit by direction (`dir * 64 + bit`), -1 off the board. */
  readonly next = new Int32Array(4 * 64).fill(-1);
  readonly row = new Int32Array(64);
  readonly file = new Int32Array(64);
  /** Rows a White man on this bit has advanced (rows - 1 - row); a Black man's is its row. */
  readonly advance = new Int32Array(64);
  /** Squares from which an opposing piece could stop a man on this bit, for White and for Black. */
  readonly coneLoW = new Int32Array(64);
  readonly coneHiW = new Int32Array(64);
  readonly coneLoB = new Int32Array(64);
  readonly coneHiB = new Int32Array(64);
  /** Files a to d (a to e on 10x10), and the others. */
  readonly leftLo: number;
  readonly leftHi: number;
  readonly rightLo: number;
  readonly rightHi: number;
  /**
   * One step of a whole bitboard: the bits whose neighbour in direction d lies `stepShift[2d + k]`
   * bits away, as masks (`stepLo`, `stepHi`), k = 0 or 1. The 8x8 board needs two shifts a
   * direction (its rows alternate), the 10x10 board one (its ghost bits make every step 5 or 6:
   * the second mask is then 0). "Up" (towards square 1) is towards bit 0.
   */
  readonly stepShift = new Int32Array(8).fill(1);
  readonly stepLo = new Int32Array(8);
  readonly stepHi = new Int32Array(8);

  /** The tables of a geometry, built on first use. */
  static of(g: Geometry): BoardTables {
    let t = built.get(g);
    if (!t) { t = new BoardTables(g); built.set(g, t); }
    return t;
  }

  private constructor(g: Geometry) {
    let lLo = 0, lHi = 0, rLo = 0, rHi = 0;
    for (let sq = 1; sq <= g.squares; sq++) {
      const b = g.bit(sq);
      const row = g.row(sq), file = g.file(sq);
      this.row[b] = row;
      this.file[b] = file;
      this.advance[b] = g.rows - 1 - row;
      for (const dir of DIRECTIONS) {
        const m = g.neighbour(sq, dir);
        if (!m) continue;
        const to = g.bit(m);
        this.next[dir * 64 + b] = to;
        this.addStep(dir, b, to);
      }
      if (file < g.rows / 2) { if (b < 32) lLo |= 1 << b; else lHi |= 1 << (b - 32); }
      else if (b < 32) rLo |= 1 << b; else rHi |= 1 << (b - 32);
      for (let sq2 = 1; sq2 <= g.squares; sq2++) {
        const r2 = g.row(sq2), f2 = g.file(sq2), b2 = g.bit(sq2);
        const ahead = row - r2; // rows towards White's crowning row
        if (ahead > 0 && Math.abs(f2 - file) <= ahead + 1) {
          if (b2 < 32) this.coneLoW[b] |= 1 << b2; else this.coneHiW[b] |= 1 << (b2 - 32);
        }
        if (-ahead > 0 && Math.abs(f2 - file) <= -ahead + 1) {
          if (b2 < 32) this.coneLoB[b] |= 1 << b2; else this.coneHiB[b] |= 1 << (b2 - 32);
        }
      }
    }
    this.leftLo = lLo; this.leftHi = lHi; this.rightLo = rLo; this.rightHi = rHi;
  }

  private addStep(dir: number, from: number, to: number): void {
    const up = dir < 2;
    const shift = up ? from - to : to - from;
    if (shift <= 0 || shift >= 32) throw new Error(`board step from bit ${from} to ${to} is not a short shift ${up ? 'down' : 'up'} the bits`);
    let k = 2 * dir;
    if ((this.stepLo[k] | this.stepHi[k]) !== 0 && this.stepShift[k] !== shift) k++;
    if ((this.stepLo[k] | this.stepHi[k]) !== 0 && this.stepShift[k] !== shift) throw new Error('a board direction with more than two step lengths');
    this.stepShift[k] = shift;
    if (from < 32) this.stepLo[k] |= 1 << from; else this.stepHi[k] |= 1 << (from - 32);
  }
}
