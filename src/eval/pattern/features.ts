// The learned evaluation's features: what the trainer fits and the evaluator sums, computed by
// this one piece of code so that the two can never disagree.
//
// A position becomes a short sparse list of (feature index, value) pairs, from the side to
// move's point of view, plus where it stands between the phases. Every feature has a weight
// a phase (two by default, an opening and an endgame one; up to four), the phases spread
// evenly over the piece count from the start to an empty board, and a position blends the
// weights of the two phases around its piece count.
//
// Region patterns: the board is covered by overlapping 4x4 blocks of squares (8 playable
// squares each, blocks every 2 rows and 2 files: 9 on 8x8, 16 on 10x10). The contents of a
// block (each square empty, own piece or opposing piece) index one of 3^8 = 6561 weights of
// that block. A king fills its square like a man, and its own terms below say what it is
// (weights files of version 1 read kings as empty squares: `patternKings` false). Reading
// kings as pieces lowered the held-out loss of the English fit from 0.46142 to 0.45960 (L2
// 1e-10 both; International, with the lighter L2 too, 0.48546 to 0.48305): a king that guards
// a square or blocks a man shapes the block around it. Each side reads the board from its
// own side (Black's view is the board turned 180 degrees with colours swapped), and the two
// readings enter with opposite signs: the evaluation is colour-symmetric by construction and
// every game position teaches both colours. The two readings look up one table, or (layout
// moverPatterns) the side to move's reading one table and its opponent's another. 4x4 blocks are what strong programs use on these
// boards: small enough that our few hundred thousand positions a variant see the common
// patterns many times, large enough to hold a man's neighbours, its backers and the holes
// around it (a 3x3 block misses the squares two rows ahead that decide a man's exchanges).
//
// Global terms follow: the king's square (read from its own side), then scalar terms.

import type { Geometry } from '../../board/geometry.ts';
import { type Position, WHITE, popcount } from '../../rules/position.ts';
import { BoardTables } from '../board-tables.ts';
import { DENSE_REGIONS, DenseRegions } from './dense-regions.ts';
import type { Variant } from '../../rules/variant.ts';

export const REGION_SQUARES = 8;
export const REGION_PATTERNS = 6561; // 3^8

/** Scalar terms, after the pattern and king-square weights. */
export const SCALARS = [
  'man', // men, own minus opposing
  'king', // kings
  'firstKing', // a king when the opponent has none
  'kingMobility', // empty squares our kings can move to
  'manMobility', // forward steps of our men to empty squares
  'balance', // |men on the left half - men on the right half|
  'tempo', // rows our men have advanced, summed
  'runaway', // men no opposing piece can stop (when the opponent has no king)
  'runawayAdvance', // rows those men have advanced
  'blockedMan', // men with no forward step
  'kingDiagonal', // kings on the long diagonal
  'toMove', // the side to move: its value is always 1
] as const;
export type ScalarName = (typeof SCALARS)[number];
export const TO_MOVE = SCALARS.indexOf('toMove');
/** Bits of a region half's base-3 value in a row pair's packed values (3^4 - 1 = 80 < 2^7). */
const HALF_BITS = 7;

/** Most (index, value) pairs one position can produce: both sides' pattern readings, king squares, scalars. */
function maxFeatures(regions: number, squares: number): number {
  return 2 * regions + squares + SCALARS.length;
}

/** What a set of weights is laid out for (a weights file says it). */
export interface PatternLayout {
  /** Kings fill their squares in the region patterns (false: read as empty, the weights of version 1). */
  patternKings: boolean;
  /**
   * Weights a feature: one a phase, at piece counts spread evenly from the start (phase 0) to
   * an empty board (the last), a position blending the two phases around its piece count.
   * Two: an opening and an endgame weight.
   */
  phases: number;
  /**
   * Two tables of region patterns: one for the side to move's reading, one for its
   * opponent's. With one table a block of men is worth the same whoever is to move, but who
   * has the move decides much in draughts (who must give way in a locked position, the
   * opposition in an ending). Each position teaches both tables, one reading each.
   */
  moverPatterns: boolean;
  /**
   * More regions over the same board (8x8 only): besides the 4x4 blocks every 2 rows and
   * files, the 4x4 blocks at the other offsets (every row and file: 16 more) and every pair
   * of neighbouring rows (7): 32 regions of 8 squares. The blocks every 2 rows cut the board
   * along fixed lines, so a formation across a cut is seen only in halves; the offset blocks
   * see it whole, and the row pairs see a front across the whole board (who holds which
   * files, the gaps a man can run through). On the English data of rounds 11-12 they lowered
   * the held-out loss of a tied fit from 0.36926 to 0.36709, but the reading costs 15% of the
   * English search's nodes a second, and the shipped weights do without (weights README, round 13).
   */
  denseRegions: boolean;
}

export const DEFAULT_LAYOUT: PatternLayout = { patternKings: true, phases: 2, moverPatterns: false, denseRegions: false };
/** The most phases a layout has. */
export const MAX_PHASES = 4;

/** Where the 4x4 blocks start, as rows (and files): every 2 rows. */
function regionStarts(rows: number): number[] {
  const starts: number[] = [];
  for (let s = 0; s + 4 <= rows; s += 2) starts.push(s);
  return starts;
}

/** Regions of a layout: the 4x4 blocks every 2 rows and files, and with denseRegions the rest (dense-regions.ts; 8x8 only). */
function regionCount(rows: number, denseRegions: boolean): number {
  return regionStarts(rows).length ** 2 + (denseRegions ? DENSE_REGIONS : 0);
}

/** Weights a phase of `variant`'s features with this layout: region patterns, king squares, scalars. */
export function weightsPerPhase(variant: Variant, layout: { moverPatterns: boolean; denseRegions: boolean }): number {
  const regions = regionCount(variant.geometry.rows, layout.denseRegions);
  return regions * REGION_PATTERNS * (layout.moverPatterns ? 2 : 1) + variant.geometry.squares + SCALARS.length;
}

export class PatternFeatures {
  /** Regions: the 4x4 blocks every 2 rows and files (the first `blocks`), then any dense regions. */
  readonly regions: number;
  readonly blocks: number;
  private readonly dense: DenseRegions | null;
  /** Index of the first king-square weight (after the regions' pattern weights). */
  readonly kingBase: number;
  /** Index of the first scalar weight. */
  readonly scalarBase: number;
  /** Number of weights per phase. */
  readonly size: number;
  readonly maxFeatures: number;

  /** The bit of the square turned 180 degrees. */
  private readonly rotated = new Int32Array(64).fill(-1);
  private readonly squareIndex = new Int32Array(64).fill(-1);
  private readonly rows: number;
  private readonly next: Int32Array;
  private readonly coneLoW: Int32Array;
  private readonly coneHiW: Int32Array;
  private readonly coneLoB: Int32Array;
  private readonly coneHiB: Int32Array;
  private readonly stepShift: Int32Array;
  private readonly stepLo: Int32Array;
  private readonly stepHi: Int32Array;
  /** Bit k of each square's rows advanced (White's), as lo/hi masks: [2k], [2k + 1]. */
  private readonly advancePlanes = new Int32Array(8);
  private readonly diagLo: number;
  private readonly diagHi: number;
  /** Pieces at the start: the phase is pieces / piecesAtStart. */
  readonly piecesAtStart: number;
  private readonly flying: boolean;
  /** Every square in the low word (8x8): one word to count, not two. */
  private readonly oneWord: boolean;

  /**
   * A region's squares are two neighbouring bits in each of its four rows; its rows 0-1 and
   * its rows 2-3 are two halves, each shared with the region two rows up or down. The halves
   * of one pair of rows lie in one field of neighbouring bits (a byte on 8x8, ten bits on
   * 10x10) in one word, and every pair of rows has the same layout. So one look-up of the
   * field's White pieces and one of its Black pieces give the base-3 values of all the halves
   * across that pair (digit 1 White piece, 2 Black piece: the value is PAIR_VALUE[white] +
   * 2 * PAIR_VALUE[black], HALF_BITS bits a half), and two more the values Black reads, each
   * half turned 180 degrees (its digits backwards, colours swapped): no loop over squares.
   */
  private readonly pairWord: Int32Array;
  private readonly pairShift: Int32Array;
  private readonly pairMask: number;
  private readonly pairValue: Int32Array;
  private readonly pairTurned: Int32Array;
  /**
   * A row pair's field holds exactly the squares of its two rows, alike in every pair, so the
   * men of a field also give counts: PAIR_MEN[f] packs the men in the field (bits 0-7), those
   * on the left half of the board (8-15) and those on the pair's lower row (16-23). Summed
   * over the pairs (no field overflows: at most 20 men a side) they replace bit counts of
   * whole bitboards.
   */
  private readonly pairMen: Int32Array;
  /** Regions (and halves) across the board. */
  private readonly across: number;

  // Filled by scan(), reused (no allocation per position).
  readonly reading: Int32Array;
  readonly kingIndex = new Int32Array(64);
  readonly kingSign = new Int32Array(64);
  kings = 0;
  // Scratch between scan()'s parts.
  private whiteKingMobility = 0;
  private blackKingMobility = 0;
  /** Scratch for scan()'s bit counts: pairs of words in, counts out. */
  private readonly countIn = new Int32Array(2 * 16);
  private readonly counted = new Int32Array(16);
  /** The scalar terms from White's side (the last, toMove, is not set here). */
  readonly scalarValues = new Int32Array(SCALARS.length);

  /**
   * Set by scan(): the last position's pieces, its segment (the two neighbouring phases whose
   * weights it blends: phases `segment` and `segment + 1`) and its phase (the share of the
   * first of them, in [0, 1]), and whether its side to move has no step.
   */
  phase = 1;
  segment = 0;
  /** phase * piecesAtStart, an integer: what the evaluator blends with. */
  share = 0;
  pieces = 0;
  sideToMoveStuck = false;

  readonly patternKings: boolean;
  readonly phases: number;
  readonly moverPatterns: boolean;
  readonly denseRegions: boolean;
  /** Where the opponent's readings' pattern table starts: after the mover's, or the same table. */
  readonly opponentBase: number;

  constructor(readonly variant: Variant, options: Partial<PatternLayout> = {}) {
    const { patternKings, phases, moverPatterns, denseRegions } = { ...DEFAULT_LAYOUT, ...options };
    if (!(Number.isInteger(phases) && phases >= 2 && phases <= MAX_PHASES)) throw new Error(`pattern features: ${phases} phases (2 to ${MAX_PHASES})`);
    this.patternKings = patternKings;
    this.phases = phases;
    this.moverPatterns = moverPatterns;
    this.denseRegions = denseRegions;
    const g: Geometry = variant.geometry;
    const n = g.squares;
    const starts = regionStarts(g.rows);
    this.blocks = starts.length * starts.length;
    this.regions = regionCount(g.rows, denseRegions);
    this.dense = denseRegions ? new DenseRegions(g, this.blocks) : null;
    this.opponentBase = moverPatterns ? this.regions * REGION_PATTERNS : 0;
    this.kingBase = this.regions * REGION_PATTERNS + this.opponentBase;
    this.scalarBase = this.kingBase + n;
    this.size = this.scalarBase + SCALARS.length;
    if (this.size !== weightsPerPhase(variant, { moverPatterns, denseRegions })) throw new Error('pattern features: size miscounted');
    this.maxFeatures = maxFeatures(this.regions, n);
    this.reading = new Int32Array(2 * this.regions);

    const pairs = g.rows / 2, across = starts.length;
    if (across * HALF_BITS > 31) throw new Error('pattern regions: too many across the board to pack');
    // Each half's four bits, in digit order: (bits of row 0 of the half, bits of row 1).
    const halfBits: number[][] = new Array(pairs * across);
    this.across = across;
    let region = 0;
    for (const r0 of starts) {
      for (const f0 of starts) {
        const squares: number[] = [];
        for (let sq = 1; sq <= n; sq++) {
          if (g.row(sq) >= r0 && g.row(sq) < r0 + 4 && g.file(sq) >= f0 && g.file(sq) < f0 + 4) squares.push(sq);
        }
        if (squares.length !== REGION_SQUARES) throw new Error(`pattern region ${region} has ${squares.length} squares`);
        for (let c = 0; c < 2; c++) {
          const u = (r0 / 2 + c) * across + f0 / 2;
          if (u !== region + c * across) throw new Error(`pattern region ${region}: halves out of order`);
          halfBits[u] = squares.slice(4 * c, 4 * c + 4).map((sq) => g.bit(sq));
        }
        region++;
      }
    }
    // Row pair p's field: from its lowest bit to its highest, the same width and the same
    // layout relative to its start in every pair, inside one word.
    this.pairWord = new Int32Array(pairs);
    this.pairShift = new Int32Array(pairs);
    const pairBits = (p: number) => halfBits.slice(p * across, p * across + across).flat();
    const lows = Array.from({ length: pairs }, (_, p) => Math.min(...pairBits(p)));
    const width = Math.max(...lows.map((first, p) => Math.max(...pairBits(p)) - first + 1));
    if (width > 12) throw new Error(`pattern regions: a row pair spans ${width} bits`);
    this.pairMask = (1 << width) - 1;
    this.pairValue = new Int32Array(1 << width);
    this.pairTurned = new Int32Array(1 << width);
    for (let p = 0; p < pairs; p++) {
      const first = lows[p];
      if (Math.floor(first / 32) !== Math.floor((first + width - 1) / 32)) throw new Error(`pattern regions: row pair ${p} crosses the word boundary`);
      this.pairWord[p] = first >= 32 ? 1 : 0;
      this.pairShift[p] = first & 31;
      for (let a = 0; a < across; a++) {
        const rel = halfBits[p * across + a].map((b) => b - first);
        const ref = halfBits[a].map((b) => b - lows[0]);
        if (rel.join() !== ref.join()) throw new Error(`pattern regions: row pair ${p} is laid out unlike row pair 0`);
      }
    }
    // Every square of a pair's two rows in its field, and nothing else but ghost bits.
    const pair0: { bit: number; left: boolean; lower: boolean }[] = [];
    for (let p = 0; p < pairs; p++) {
      const inField: string[] = [];
      for (let bit = lows[p]; bit < lows[p] + width; bit++) {
        const sq = g.squareOfBit(bit);
        if (sq === 0) continue;
        if (g.row(sq) >> 1 !== p) throw new Error(`pattern regions: row pair ${p}'s field holds square ${sq} of row ${g.row(sq)}`);
        const left = g.file(sq) < g.rows / 2, lower = (g.row(sq) & 1) === 1;
        inField.push(`${bit - lows[p]}:${left}:${lower}`);
        if (p === 0) pair0.push({ bit: bit - lows[0], left, lower });
      }
      if (inField.length !== 2 * g.perRow) throw new Error(`pattern regions: row pair ${p}'s field holds ${inField.length} squares`);
      if (inField.join() !== pair0.map((x) => `${x.bit}:${x.left}:${x.lower}`).join()) throw new Error(`pattern regions: row pair ${p}'s squares are laid out unlike row pair 0's`);
    }
    this.pairMen = new Int32Array(1 << width);
    for (let f = 0; f <= this.pairMask; f++) {
      for (const x of pair0) {
        if ((f >> x.bit) & 1) this.pairMen[f] += 1 + (x.left ? 1 << 8 : 0) + (x.lower ? 1 << 16 : 0);
      }
    }
    const layout = halfBits.slice(0, across).map((bits) => bits.map((b) => b - lows[0]));
    for (let f = 0; f <= this.pairMask; f++) {
      let v = 0, t = 0;
      for (let a = 0; a < across; a++) {
        const bits = layout[a];
        for (let k = 0; k < 4; k++) {
          if ((f >> bits[k]) & 1) { v += 3 ** k << (HALF_BITS * a); t += 3 ** (3 - k) << (HALF_BITS * a); }
        }
      }
      this.pairValue[f] = v;
      this.pairTurned[f] = t;
    }
    // Turned half a turn, the block starting at (r0, f0) is the one at (rows-4-r0, rows-4-f0).
    for (let r = 0; r < this.blocks; r++) {
      const r0 = starts[Math.floor(r / across)], f0 = starts[r % across];
      const t = starts.indexOf(g.rows - 4 - r0) * across + starts.indexOf(g.rows - 4 - f0);
      if (t !== this.blocks - 1 - r) throw new Error(`pattern region ${r} turned is ${t}, not ${this.blocks - 1 - r}`);
    }

    const t = BoardTables.of(g);
    this.rows = g.rows;
    this.next = t.next;
    this.coneLoW = t.coneLoW; this.coneHiW = t.coneHiW; this.coneLoB = t.coneLoB; this.coneHiB = t.coneHiB;
    this.stepShift = t.stepShift; this.stepLo = t.stepLo; this.stepHi = t.stepHi;
    if (g.rows > 16) throw new Error('pattern features count rows advanced in four bits');
    let dLo = 0, dHi = 0;
    for (let sq = 1; sq <= n; sq++) {
      const b = g.bit(sq);
      this.rotated[b] = g.bit(n + 1 - sq);
      this.squareIndex[b] = sq - 1;
      for (let k = 0; k < 4; k++) {
        if ((t.advance[b] >> k) & 1) this.advancePlanes[2 * k + (b < 32 ? 0 : 1)] |= 1 << (b & 31);
      }
      // The long diagonal (a1-h8 / a1-j10 as files and rows: row + file = rows - 1 from the top).
      if (g.row(sq) + g.file(sq) === g.rows - 1) { if (b < 32) dLo |= 1 << b; else dHi |= 1 << (b - 32); }
    }
    this.diagLo = dLo; this.diagHi = dHi;
    const start = variant.startPosition();
    this.piecesAtStart = popcount(start.wLo) + popcount(start.wHi) + popcount(start.bLo) + popcount(start.bHi);
    this.flying = variant.flyingKings;
    let oneWord = true;
    for (let sq = 1; sq <= n; sq++) if (g.bit(sq) >= 32) oneWord = false;
    this.oneWord = oneWord;
  }

  /**
   * Weights of one phase of a smaller layout of this variant (one pattern table where this
   * has two, only the blocks where this has dense regions) laid out for this one, scoring
   * every position the same: the one table serves as both, a region it lacks starts at 0.
   * A start for a fit of the larger layout.
   */
  adopt(w: Float64Array, from: { moverPatterns: boolean; denseRegions: boolean }): Float64Array {
    if ((from.moverPatterns && !this.moverPatterns) || (from.denseRegions && !this.denseRegions)) {
      throw new Error('pattern weights: a layout with more tables or regions does not fit into one with fewer');
    }
    const fromTable = (from.denseRegions ? this.regions : this.blocks) * REGION_PATTERNS, fromTables = from.moverPatterns ? 2 : 1;
    const rest = this.size - this.kingBase;
    if (w.length !== fromTables * fromTable + rest) throw new Error(`pattern weights: ${w.length} weights a phase, not the ${fromTables * fromTable + rest} of the layout to adopt`);
    const out = new Float64Array(this.size), table = this.regions * REGION_PATTERNS;
    for (let t = 0; t < (this.moverPatterns ? 2 : 1); t++) {
      const source = Math.min(t, fromTables - 1) * fromTable;
      out.set(w.subarray(source, source + fromTable), t * table);
    }
    out.set(w.subarray(fromTables * fromTable), this.kingBase);
    return out;
  }

  /** The weight index of a scalar term. */
  scalar(name: ScalarName): number {
    return this.scalarBase + SCALARS.indexOf(name);
  }

  /**
   * Reads the board once: each region's pattern from both sides (`reading`: White's view of
   * region r at r, Black's at regions + r), the kings' squares and the scalar terms from
   * White's side. Sets `pieces`, `phase` and `sideToMoveStuck`. Both extract() and the
   * evaluator consume what this leaves, so training and play read positions alike.
   */
  scan(pos: Position): void {
    const wmLo = pos.wLo & ~pos.kLo, wmHi = pos.wHi & ~pos.kHi;
    const bmLo = pos.bLo & ~pos.kLo, bmHi = pos.bHi & ~pos.kHi;
    // The pieces the region patterns read.
    const pk = this.patternKings;
    const pwLo = pk ? pos.wLo : wmLo, pwHi = pk ? pos.wHi : wmHi, pbLo = pk ? pos.bLo : bmLo, pbHi = pk ? pos.bHi : bmHi;
    const A = this.across, pairs = this.pairWord.length, acc = this.reading, R = this.regions;
    const pv = this.pairValue, pt = this.pairTurned, pm = this.pairMen, mask = this.pairMask, word = this.pairWord, shift = this.pairShift;
    let vPrev = 0, tPrev = 0, whiteMen = 0, blackMen = 0, advanced = 0;
    for (let p = 0; p < pairs; p++) {
      const s = shift[p];
      let w: number, b: number, wp: number, bp: number;
      if (word[p] === 0) { w = (wmLo >>> s) & mask; b = (bmLo >>> s) & mask; wp = (pwLo >>> s) & mask; bp = (pbLo >>> s) & mask; }
      else { w = (wmHi >>> s) & mask; b = (bmHi >>> s) & mask; wp = (pwHi >>> s) & mask; bp = (pbHi >>> s) & mask; }
      // Never a carry between halves: a square holds one colour, so each half's digits stay below 3.
      const v = pv[wp] + 2 * pv[bp], t = pt[bp] + 2 * pt[wp];
      const mw = pm[w], mb = pm[b], men = mw + mb;
      whiteMen += mw; blackMen += mb;
      // Rows advanced as White reads them: rows - 1 - row, rows 2p and 2p + 1 here.
      advanced += (this.rows - 1 - 2 * p) * (men & 255) - ((men >>> 16) & 255);
      if (p > 0) {
        // The regions over row pairs p - 1 and p: White reads the upper pair as the low digits.
        // Black reads the board turned half a turn: the same region is its region R - 1 - r,
        // with the lower pair (turned) as the low digits and the halves across in reverse.
        const white = (p - 1) * A, black = R + (pairs - 1 - p) * A + A - 1;
        for (let a = 0, sh = 0; a < A; a++, sh += HALF_BITS) {
          acc[white + a] = ((vPrev >>> sh) & 127) + 81 * ((v >>> sh) & 127);
          acc[black - a] = ((t >>> sh) & 127) + 81 * ((tPrev >>> sh) & 127);
        }
      }
      vPrev = v; tPrev = t;
    }
    if (this.dense !== null) this.dense.read(pwLo, pbLo, acc, R);

    // The men's steps over whole bitboards: the men with a free step one way are the men on
    // the squares whose neighbour that way is empty. On a board in one word (8x8) every high
    // word is 0 and its work is skipped.
    const oneWord = this.oneWord;
    const eLo = ~(pos.wLo | pos.bLo), eHi = ~(pos.wHi | pos.bHi);
    const sh = this.stepShift, ml = this.stepLo, mh = this.stepHi;
    const s0 = sh[0], s1 = sh[1], s2 = sh[2], s3 = sh[3], s4 = sh[4], s5 = sh[5], s6 = sh[6], s7 = sh[7];
    const ulLo = ((eLo << s0) & ml[0]) | ((eLo << s1) & ml[1]);
    const urLo = ((eLo << s2) & ml[2]) | ((eLo << s3) & ml[3]);
    const dlLo = (((eLo >>> s4) | (eHi << (32 - s4))) & ml[4]) | (((eLo >>> s5) | (eHi << (32 - s5))) & ml[5]);
    const drLo = (((eLo >>> s6) | (eHi << (32 - s6))) & ml[6]) | (((eLo >>> s7) | (eHi << (32 - s7))) & ml[7]);
    let ulHi = 0, urHi = 0, dlHi = 0, drHi = 0;
    if (!oneWord) {
      ulHi = (((eHi << s0) | (eLo >>> (32 - s0))) & mh[0]) | (((eHi << s1) | (eLo >>> (32 - s1))) & mh[1]);
      urHi = (((eHi << s2) | (eLo >>> (32 - s2))) & mh[2]) | (((eHi << s3) | (eLo >>> (32 - s3))) & mh[3]);
      dlHi = ((eHi >>> s4) & mh[4]) | ((eHi >>> s5) & mh[5]);
      drHi = ((eHi >>> s6) & mh[6]) | ((eHi >>> s7) & mh[7]);
    }

    // Every other count in one loop, so that the one copy of the bit count is compiled inline:
    // pairs of words in q (low words at even places, high ones after them), counts out in c.
    // The kings' counts, their own number included, only when there are kings.
    const q = this.countIn;
    const wkLo = pos.wLo & pos.kLo, wkHi = pos.wHi & pos.kHi, bkLo = pos.bLo & pos.kLo, bkHi = pos.bHi & pos.kHi;
    q[0] = wmLo & (ulLo | urLo);
    q[2] = wmLo & ulLo & urLo;
    q[4] = bmLo & (dlLo | drLo);
    q[6] = bmLo & dlLo & drLo;
    if (!oneWord) {
      q[1] = wmHi & (ulHi | urHi);
      q[3] = wmHi & ulHi & urHi;
      q[5] = bmHi & (dlHi | drHi);
      q[7] = bmHi & dlHi & drHi;
    }
    let counts = 4;
    const kings = ((wkLo | wkHi) | (bkLo | bkHi)) !== 0;
    if (kings) {
      kingCountWords(q, 0, wkLo, bkLo, ulLo, urLo, dlLo, drLo, this.diagLo);
      if (!oneWord) kingCountWords(q, 1, wkHi, bkHi, ulHi, urHi, dlHi, drHi, this.diagHi);
      counts = 16;
    }
    const c = this.counted;
    if (oneWord) for (let k = 0; k < counts; k++) c[k] = popcount(q[2 * k]);
    else for (let k = 0; k < counts; k++) c[k] = bitCount(q[2 * k], q[2 * k + 1]);
    const wm = whiteMen & 255, bm = blackMen & 255, wk = kings ? c[4] : 0, bk = kings ? c[5] : 0;
    const wFree = c[0], bFree = c[2], wMob = wFree + c[1], bMob = bFree + c[3];

    const sc = this.scalarValues;
    sc[0] = wm - bm;
    sc[1] = wk - bk;
    sc[2] = (wk > 0 && bk === 0 ? 1 : 0) - (bk > 0 && wk === 0 ? 1 : 0);
    sc[4] = wMob - bMob;
    // Every square is in one half: the right half's men are the rest.
    sc[5] = Math.abs(2 * ((whiteMen >>> 8) & 255) - wm) - Math.abs(2 * ((blackMen >>> 8) & 255) - bm);
    // A Black man's rows advanced are its row: rows - 1 less White's reading of its square.
    sc[6] = advanced - (this.rows - 1) * bm;
    sc[9] = (wm - wFree) - (bm - bFree);

    // Runaways: men with no opposing piece in their cone, the squares from which one could stop them.
    let run = 0, runAdv = 0;
    if (bk === 0) {
      const coneLo = this.coneLoW, coneHi = this.coneHiW, oLo = pos.bLo, oHi = pos.bHi;
      let fLo = 0, fHi = 0;
      for (let l = wmLo; l !== 0; l &= l - 1) {
        const bit = 31 - Math.clz32(l & -l);
        if ((coneLo[bit] & oLo) === 0 && (coneHi[bit] & oHi) === 0) fLo |= 1 << bit;
      }
      for (let h = wmHi; h !== 0; h &= h - 1) {
        const bit = 63 - Math.clz32(h & -h);
        if ((coneLo[bit] & oLo) === 0 && (coneHi[bit] & oHi) === 0) fHi |= 1 << (bit - 32);
      }
      if ((fLo | fHi) !== 0) { run += bitCount(fLo, fHi); runAdv += this.advanced(fLo, fHi); }
    }
    if (wk === 0) {
      const coneLo = this.coneLoB, coneHi = this.coneHiB, oLo = pos.wLo, oHi = pos.wHi;
      let fLo = 0, fHi = 0;
      for (let l = bmLo; l !== 0; l &= l - 1) {
        const bit = 31 - Math.clz32(l & -l);
        if ((coneLo[bit] & oLo) === 0 && (coneHi[bit] & oHi) === 0) fLo |= 1 << bit;
      }
      for (let h = bmHi; h !== 0; h &= h - 1) {
        const bit = 63 - Math.clz32(h & -h);
        if ((coneLo[bit] & oLo) === 0 && (coneHi[bit] & oHi) === 0) fHi |= 1 << (bit - 32);
      }
      if ((fLo | fHi) !== 0) {
        const n = bitCount(fLo, fHi);
        run -= n; runAdv -= (this.rows - 1) * n - this.advanced(fLo, fHi);
      }
    }
    sc[7] = run;
    sc[8] = runAdv;

    let wKMob = 0, bKMob = 0;
    if (wk + bk > 0) {
      this.kingSquares(pos);
      if (this.flying) { wKMob = this.whiteKingMobility; bKMob = this.blackKingMobility; }
      else { wKMob = c[6] + c[7] + c[8] + c[9]; bKMob = c[10] + c[11] + c[12] + c[13]; }
      sc[10] = c[14] - c[15];
    } else {
      this.kings = 0;
      sc[10] = 0;
    }
    sc[3] = wKMob - bKMob;
    const full = this.piecesAtStart, pieces = Math.min(full, wm + bm + wk + bk);
    this.pieces = pieces;
    // u / full: how many phases down from the start the position is (pieces gone, in units
    // of the pieces between two phases), an integer ratio so the evaluator's blend is exact.
    const last = this.phases - 2, u = (full - pieces) * (last + 1);
    const segment = Math.min(last, Math.floor(u / full));
    this.segment = segment;
    this.share = (segment + 1) * full - u;
    this.phase = this.share / full;
    this.sideToMoveStuck = (pos.side === WHITE ? wMob + wKMob : bMob + bKMob) === 0;
  }

  /** The kings' squares (kingIndex, kingSign), and flying kings' mobility (the squares along their lines). */
  private kingSquares(pos: Position): void {
    const eLo = ~(pos.wLo | pos.bLo), eHi = ~(pos.wHi | pos.bHi);
    const next = this.next, rotated = this.rotated;
    let kings = 0, wKMob = 0, bKMob = 0;
    for (let lo = pos.kLo, hi = pos.kHi; (lo | hi) !== 0;) {
      let b: number, white: boolean;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); white = (pos.wLo & (lo & -lo)) !== 0; lo &= lo - 1; }
      else { b = 63 - Math.clz32(hi & -hi); white = (pos.wHi & (hi & -hi)) !== 0; hi &= hi - 1; }
      if (this.flying) {
        let reach = 0;
        for (let dir = 0; dir < 4; dir++) {
          for (let t = next[dir * 64 + b]; t >= 0 && emptyAt(t, eLo, eHi) === 1; t = next[dir * 64 + t]) reach++;
        }
        if (white) wKMob += reach; else bKMob += reach;
      }
      if (white) { this.kingIndex[kings] = this.kingBase + this.squareIndex[b]; this.kingSign[kings++] = 1; }
      else { this.kingIndex[kings] = this.kingBase + this.squareIndex[rotated[b]]; this.kingSign[kings++] = -1; }
    }
    this.kings = kings;
    this.whiteKingMobility = wKMob;
    this.blackKingMobility = bKMob;
  }

  /** Rows advanced, summed over the men on (lo, hi) read as White's: one count a bit of the row number. */
  private advanced(lo: number, hi: number): number {
    const p = this.advancePlanes;
    return bitCount(lo & p[0], hi & p[1]) + 2 * bitCount(lo & p[2], hi & p[3]) + 4 * bitCount(lo & p[4], hi & p[5]) + 8 * bitCount(lo & p[6], hi & p[7]);
  }

  /**
   * Writes the features of `pos` (side to move's view) into idx/val and returns their number.
   * Sets `phase` and `sideToMoveStuck`. The arrays need `maxFeatures` entries.
   */
  extract(pos: Position, idx: Int32Array, val: Float64Array): number {
    this.scan(pos);
    const sign = pos.side === WHITE ? 1 : -1;
    const acc = this.reading, R = this.regions;
    // The side to move's readings in the first table, its opponent's in the second (or the same).
    const white = sign > 0 ? 0 : this.opponentBase, black = sign > 0 ? this.opponentBase : 0;
    let n = 0;
    for (let r = 0; r < R; r++) {
      idx[n] = white + r * REGION_PATTERNS + acc[r]; val[n++] = sign;
      idx[n] = black + r * REGION_PATTERNS + acc[R + r]; val[n++] = -sign;
    }
    for (let k = 0; k < this.kings; k++) { idx[n] = this.kingIndex[k]; val[n++] = sign * this.kingSign[k]; }
    const sc = this.scalarValues, s = this.scalarBase;
    for (let k = 0; k < TO_MOVE; k++) {
      if (sc[k] !== 0) { idx[n] = s + k; val[n++] = sign * sc[k]; }
    }
    idx[n] = s + TO_MOVE; val[n++] = 1;
    return n;
  }
}

/**
 * One word (0 low, 1 high) of the kings' bit-count inputs: each side's kings, those with a free
 * step up, with two, with one down, with two down (a king that is not flying moves to its empty
 * neighbours, any way), and those on the long diagonal.
 */
function kingCountWords(
  q: Int32Array, o: number, wk: number, bk: number, ul: number, ur: number, dl: number, dr: number, diag: number,
): void {
  const up = ul | ur, upTwo = ul & ur, down = dl | dr, downTwo = dl & dr;
  q[8 + o] = wk; q[10 + o] = bk;
  q[12 + o] = wk & up; q[14 + o] = wk & upTwo; q[16 + o] = wk & down; q[18 + o] = wk & downTwo;
  q[20 + o] = bk & up; q[22 + o] = bk & upTwo; q[24 + o] = bk & down; q[26 + o] = bk & downTwo;
  q[28 + o] = wk & diag; q[30 + o] = bk & diag;
}

/** Bits set in a 64-bit board (both words summed before the last step of the count). */
function bitCount(lo: number, hi: number): number {
  lo = lo - ((lo >>> 1) & 0x55555555);
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333);
  hi = hi - ((hi >>> 1) & 0x55555555);
  hi = (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  let x = lo + hi; // 4-bit lanes of at most 8
  x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

function emptyAt(b: number, eLo: number, eHi: number): number {
  if (b < 0) return 0;
  return b < 32 ? (eLo >>> b) & 1 : (eHi >>> (b - 32)) & 1;
}
