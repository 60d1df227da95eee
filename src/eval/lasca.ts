// A generic Lasca evaluation, in centi-soldiers from the side to move: what each column is worth
// to the side commanding it (its commander, our pieces beneath it that keep it ours after a
// capture, and the opposing pieces it holds prisoner), soldiers' advance towards promotion,
// officers nearer the centre, and mobility. Pieces are never removed in Lasca, so "material" is
// command: a piece counts for whoever commands its column.

import { GEOMETRY_7x7 } from '../board/geometry-7x7.ts';
import { BOARD, stepTargets } from '../rules/lasca/generate.ts';
import { HEIGHT_SHIFT } from '../rules/lasca/columns.ts';
import { type Position, WHITE, popcount } from '../rules/position.ts';
import weightsFile from './weights/lasca.json' with { type: 'json' };

export interface LascaWeights {
  /** A column commanded by a soldier. */
  soldier: number;
  /** A column commanded by an officer. */
  officer: number;
  /** Each of our pieces beneath our commander (the column needs more captures to change hands). */
  reserve: number;
  /** The piece right beneath our commander is ours: one capture does not lose the column. */
  guard: number;
  /** Each opposing soldier held beneath our commander. */
  prisoner: number;
  /** Each opposing officer held beneath our commander. */
  prisonerOfficer: number;
  /** Soldier-commanded columns by ranks advanced from their own back rank (index 0..6). */
  advance: number[];
  /** Officer-commanded columns: per step nearer the centre. */
  centre: number;
  /** Per empty square a side's columns can step to. */
  mobility: number;
}

export function defaultLascaWeights(): LascaWeights {
  return structuredClone(weightsFile);
}

export class LascaEvaluator {
  /** Set by evaluate(): the side to move has no step, so with no capture either it has lost. */
  sideToMoveStuck = false;
  private readonly advanceW = new Int32Array(32);
  private readonly advanceB = new Int32Array(32);
  private readonly centre = new Int32Array(32);

  constructor(readonly weights: LascaWeights = defaultLascaWeights()) {
    const g = GEOMETRY_7x7;
    for (let sq = 1; sq <= g.squares; sq++) {
      const b = g.bit(sq), row = g.row(sq), file = g.file(sq);
      this.advanceW[b] = weights.advance[g.rows - 1 - row];
      this.advanceB[b] = weights.advance[row];
      this.centre[b] = weights.centre * (3 - Math.max(Math.abs(row - 3), Math.abs(file - 3)));
    }
  }

  evaluate(pos: Position): number {
    const w = this.weights;
    const cols = pos.cols!;
    let score = 0;
    for (let m = pos.wLo | pos.bLo; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      const colour = cols[2 * b], rank = cols[2 * b + 1];
      const black = colour & 1;
      let v = rank & 1 ? w.officer + this.centre[b] : w.soldier + (black ? this.advanceB[b] : this.advanceW[b]);
      const beneath = (colour >>> HEIGHT_SHIFT) - 1;
      if (beneath > 0) {
        const mask = (1 << beneath) - 1;
        const blacks = (colour >>> 1) & mask, officers = (rank >>> 1) & mask;
        const theirs = black ? ~blacks & mask : blacks;
        const held = popcount(theirs);
        const heldOfficers = popcount(theirs & officers);
        v += (beneath - held) * w.reserve + (held - heldOfficers) * w.prisoner + heldOfficers * w.prisonerOfficer;
        if ((theirs & 1) === 0) v += w.guard;
      }
      score += black ? -v : v;
    }
    const empty = ~(pos.wLo | pos.bLo) & BOARD;
    const wMob = popcount(stepTargets(pos.wLo, pos.wLo & pos.kLo, empty, true));
    const bMob = popcount(stepTargets(pos.bLo, pos.bLo & pos.kLo, empty, false));
    score += w.mobility * (wMob - bMob);
    this.sideToMoveStuck = (pos.side === WHITE ? wMob : bMob) === 0;
    return (pos.side === WHITE ? score : -score) | 0;
  }
}
