// The 8x8 games with 12 men a side on the diagonal board (English aside, which keeps a
// generator of its own), as rule parameters read by one generator (generate.ts). This table
// is the one place that says how the games differ: docs/variants.md gives each game's rules
// in words and their sources.

import type { Geometry } from '../../board/geometry.ts';
import { GEOMETRY_8x8 } from '../../board/geometry.ts';
import { GEOMETRY_8x8_ITALIAN, GEOMETRY_8x8_SPANISH } from '../../board/geometry-turned.ts';
import { BLACK, type Color, WHITE } from '../position.ts';
import type { VariantName } from '../variant.ts';

/** How the captures a player may choose from are ranked; only the best ranked are legal. */
export type CaptureRanking =
  /** Any capture (Russian, Pool, Thai). */
  | 'free'
  /** The most pieces; kings and men count the same (Brazilian, as International). */
  | 'most'
  /** The most pieces, then the most kings among them (Spanish). */
  | 'most-then-kings'
  /** The most pieces, then a king's capture over a man's, then the most kings, then the king taken earliest (Italian). */
  | 'italian'
  /** A king's capture over a man's, otherwise free (Czech). */
  | 'king-first';

export interface FamilyRules {
  readonly name: VariantName;
  /** PDN GameType (the PDN standard's list). */
  readonly gameType: number;
  /** The board and the federation's numbering of it (geometry-turned.ts for Italian and Spanish). */
  readonly geometry: Geometry;
  /** The start position in that numbering. */
  readonly startFen: string;
  readonly firstToMove: Color;
  /** Kings move and capture any distance along a diagonal (false: one square, Italian). */
  readonly flyingKings: boolean;
  /** Men capture backwards as well as forwards. */
  readonly menCaptureBackwards: boolean;
  /** Men may capture kings (false: Italian, where only a king takes a king). */
  readonly menCaptureKings: boolean;
  /**
   * A man reaching the far row in the middle of a capture that can go on: goes on as a king
   * (Russian) or as a man, crowned only if the move ends there (Brazilian, Pool). Only games
   * whose men capture backwards can go on from the far row.
   */
  readonly crownedMidCapture: 'king' | 'man';
  /** A capturing king lands on the square just beyond the piece it takes (Thai), not anywhere beyond. */
  readonly kingLandsJustBeyond: boolean;
  /** Jumped pieces leave the board as they are jumped (Thai), not when the capture ends. */
  readonly removesCapturedAtOnce: boolean;
  readonly ranking: CaptureRanking;
}

/** Common ground: the shape most of the games share, each entry below saying what it changes. */
const FLYING_FORWARD_CAPTURES = {
  geometry: GEOMETRY_8x8,
  startFen: 'W:W21-32:B1-12',
  firstToMove: WHITE,
  flyingKings: true,
  menCaptureBackwards: false,
  menCaptureKings: true,
  crownedMidCapture: 'man',
  kingLandsJustBeyond: false,
  removesCapturedAtOnce: false,
  ranking: 'free',
} as const;

export const BRAZILIAN_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'brazilian', gameType: 26, menCaptureBackwards: true, ranking: 'most',
};

export const RUSSIAN_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'russian', gameType: 25, menCaptureBackwards: true, crownedMidCapture: 'king',
};

/**
 * Pool is Russian but for one rule, a man reaching the far row mid-capture goes on as a man,
 * and Black (on 1-12) moves first, as in English.
 */
export const POOL_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'pool', gameType: 23, startFen: 'B:W21-32:B1-12', firstToMove: BLACK,
  menCaptureBackwards: true,
};

/**
 * Czech is Pool with White first, men capturing forwards only (so none reaches the far row
 * mid-capture), and a king's capture before a man's.
 */
export const CZECH_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'czech', gameType: 29, ranking: 'king-first',
};

/** Spanish: the turned board numbered from White's side; the most pieces, then the most kings. */
export const SPANISH_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'spanish', gameType: 24, geometry: GEOMETRY_8x8_SPANISH,
  startFen: 'W:W1-12:B21-32', ranking: 'most-then-kings',
};

/** Italian: the turned board, kings one square, men never take kings, four capture priorities. */
export const ITALIAN_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'italian', gameType: 22, geometry: GEOMETRY_8x8_ITALIAN,
  flyingKings: false, menCaptureKings: false, ranking: 'italian',
};

/**
 * Thai: 8 men a side on their first two rows; kings fly but land just beyond the piece they
 * take, and jumped pieces leave at once.
 */
export const THAI_RULES: FamilyRules = {
  ...FLYING_FORWARD_CAPTURES, name: 'thai', gameType: 31, startFen: 'W:W25-32:B1-8',
  kingLandsJustBeyond: true, removesCapturedAtOnce: true,
};
