// A generic evaluation for games without tuned weights of their own (Brazilian, Russian,
// Turkish, Canadian): material, men's advancement and mobility, from the side to move, in centi-men.
// It asks the rules only what every Variant answers (the position's bitboards and the number
// of legal moves), so it fits any board; mobility is the exact count of legal moves of each
// side, which also tells the search when the side to move is stuck.
//
// The game's end changes what is good (rules/game-end.ts). Antidraughts, won by the side left
// without a move: material and mobility count the other way (fewer pieces and fewer moves are
// better) and advancement not at all (it leads to kings, which are more pieces to lose), with
// no bonus for trading down. Breakthrough, won by the first crowning: advancement weighs three
// times as much.

import { Position, WHITE, popcount } from '../rules/position.ts';
import { gameEndOf } from '../rules/game-end.ts';
import type { Variant } from '../rules/variant.ts';
import type { PositionEvaluator } from './position-evaluator.ts';

const MAN = 100;
/** A king that flies is worth about three men; one that steps, one and a half. */
const FLYING_KING = 300;
const STEPPING_KING = 150;
/** Per row a man has advanced from its own back rank. */
const ADVANCE = 4;
/** Per legal move more than the opponent. */
const MOBILITY = 2;
/** Per cent of a material lead added as the board empties (trading down when ahead). */
const TRADE = 40;

export class GenericEvaluator implements PositionEvaluator {
  /** Set by evaluate(): the side to move has no legal move at all (so it has lost). */
  sideToMoveStuck = false;
  /** By bit, 0-95: the 12x12 board's squares 65-72 are the positions' third words. */
  private readonly advanceW = new Int32Array(96);
  private readonly advanceB = new Int32Array(96);
  private readonly king: number;
  private readonly piecesAtStart: number;
  private readonly other = new Position();
  /** -1 where having fewer pieces and moves is good (Antidraughts), else 1. */
  private readonly sense: number;

  constructor(readonly variant: Variant) {
    const g = variant.geometry;
    const end = gameEndOf(variant);
    this.sense = end.noMove > 0 ? -1 : 1;
    const advance = end.noMove > 0 ? 0 : end.kingWins ? 3 * ADVANCE : ADVANCE;
    for (let sq = 1; sq <= g.squares; sq++) {
      this.advanceW[g.bit(sq)] = advance * (g.rows - 1 - g.row(sq));
      this.advanceB[g.bit(sq)] = advance * g.row(sq);
    }
    this.king = variant.flyingKings ? FLYING_KING : STEPPING_KING;
    const start = variant.startPosition();
    this.piecesAtStart = popcount(start.wLo) + popcount(start.wHi) + popcount(start.wEx) + popcount(start.bLo) + popcount(start.bHi) + popcount(start.bEx);
  }

  evaluate(pos: Position): number {
    const wmLo = pos.wLo & ~pos.kLo, wmHi = pos.wHi & ~pos.kHi, wmEx = pos.wEx & ~pos.kEx;
    const bmLo = pos.bLo & ~pos.kLo, bmHi = pos.bHi & ~pos.kHi, bmEx = pos.bEx & ~pos.kEx;
    const wm = popcount(wmLo) + popcount(wmHi) + popcount(wmEx), bm = popcount(bmLo) + popcount(bmHi) + popcount(bmEx);
    const wk = popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi) + popcount(pos.wEx & pos.kEx);
    const bk = popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi) + popcount(pos.bEx & pos.kEx);
    const material = this.sense * ((wm - bm) * MAN + (wk - bk) * this.king);
    let score = material;

    for (let lo = wmLo, hi = wmHi; (lo | hi) !== 0;) {
      if (lo !== 0) { score += this.advanceW[31 - Math.clz32(lo & -lo)]; lo &= lo - 1; }
      else { score += this.advanceW[63 - Math.clz32(hi & -hi)]; hi &= hi - 1; }
    }
    for (let lo = bmLo, hi = bmHi; (lo | hi) !== 0;) {
      if (lo !== 0) { score -= this.advanceB[31 - Math.clz32(lo & -lo)]; lo &= lo - 1; }
      else { score -= this.advanceB[63 - Math.clz32(hi & -hi)]; hi &= hi - 1; }
    }
    for (let ex = wmEx; ex !== 0; ex &= ex - 1) score += this.advanceW[95 - Math.clz32(ex & -ex)];
    for (let ex = bmEx; ex !== 0; ex &= ex - 1) score -= this.advanceB[95 - Math.clz32(ex & -ex)];

    const own = this.variant.countMoves(pos);
    this.other.copyFrom(pos);
    this.other.side = (pos.side ^ 1) as 0 | 1;
    const theirs = this.variant.countMoves(this.other);
    this.sideToMoveStuck = own === 0;
    const mobility = this.sense * MOBILITY * (own - theirs);
    score += pos.side === WHITE ? mobility : -mobility;

    if (material !== 0 && this.sense > 0) {
      const pieces = wm + bm + wk + bk;
      score += Math.trunc((material * TRADE * (this.piecesAtStart - pieces)) / (100 * this.piecesAtStart));
    }
    return (pos.side === WHITE ? score : -score) | 0;
  }
}
