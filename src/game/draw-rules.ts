// Draw-rule bookkeeping per ply (RULES.md), per game. Kept as plain numbers so that search
// can carry the same counters along its tree cheaply; the rules of each game are data
// (DrawRules) read by the same few functions here, in Game and in the search.
//
// Decisions where the rule book's words leave room:
// - English "40 moves by each player with neither a capture nor a crowning": a counter of
//   plies since the last capture or crowning; the position after the 80th such ply is drawn.
// - International and Brazilian "25 moves by each player in which only kings moved and
//   nothing was captured": plies since the last capture or man move; drawn after the 50th.
//   Russian: the same with 15 moves (30 plies). RULES.md adds "when both sides have kings":
//   30 king-only plies in a row can only happen when both sides moved kings, so the counter
//   alone says it.
// - International 16- and 5-move rules: the count starts at the ply where the material
//   first matches one of the listed endings (a lone king against three kings, two kings and
//   a man, or a king and two men: 16 moves each = 32 plies; against two kings, a king and a
//   man, or a king: 5 moves each = 10 plies) and restarts whenever the material changes
//   (a capture or a crowning), because the rule book counts "more moves" from the new ending.
//   Russian: a lone king against three or more kings (men beside them allowed): 15 more
//   moves each (30 plies), counted the same way.
// - Turkish: 50 plies in a row without a capture; one piece against one piece is drawn at
//   the ply it arises. Men step sideways there, so a man's move does not end the window in
//   which positions can repeat; only a capture or a crowning does.
// - Lasca (our own rules, RULES.md): 80 plies in a row without a capture.
// - Killer, Antidraughts, Breakthrough: International's rules (our choice). Frisian and
//   Frysk!: two kings against one, 7 moves each (14 plies); a king against a king, 2 moves each
//   (4 plies), both counted from the ply the material arises; International's 25-move rule
//   beside them (our choice). docs/variants-10x10.md has the sources.
// - A game whose side to move has no legal move is lost even at a ply where a draw rule
//   would also fire: the game ended with that move.

import { type Position, popcount } from '../rules/position.ts';
import type { Variant, VariantName } from '../rules/variant.ts';
import { FAMILY_8x8_DRAW_RULES } from './draw-rules-8x8.ts';

export interface DrawCounters {
  /** Plies since the last irreversible move: positions before that cannot repeat. */
  reversible: number;
  /** Plies counted by the game's quiet rule (see DrawRules). */
  quiet: number;
  /** Plies since the current ending's material arose, or -1 outside the endings with a rule. */
  ending: number;
  /** Material signature (men and kings of each side). */
  material: number;
}

export interface DrawRules {
  /** The quiet count at which the game is drawn. */
  readonly quietLimit: number;
  /** A man's move restarts the quiet count ("only kings moved"). */
  readonly quietResetByMan: boolean;
  /** A crowning restarts the quiet count (English). */
  readonly quietResetByCrowning: boolean;
  /** A man's move cannot be undone (false in Turkish, where men also step sideways). */
  readonly manMoveIrreversible: boolean;
  readonly quietReason: string;
  /** Plies an ending rule allows this material, or 0 where none applies. */
  endingLimit(signature: number): number;
  endingReason(signature: number): string;
  /** Material that is a draw as soon as it is on the board. */
  drawnAtOnce(signature: number): boolean;
  /**
   * Whether endingLimit() or drawnAtOnce() ever depends on the material: where not, the
   * search need not count the material after a capture or a crowning.
   */
  readonly readsMaterial: boolean;
  /** The occurrence of one position (the same side to move) that draws the game: 3 unless set (Italian: 4). */
  readonly repetitions?: number;
}

export const ENGLISH_QUIET_LIMIT = 80;
export const INTERNATIONAL_QUIET_LIMIT = 50;
export const RUSSIAN_QUIET_LIMIT = 30;
export const TURKISH_QUIET_LIMIT = 50;
export const LASCA_QUIET_LIMIT = 80;
export const ENDING_16_LIMIT = 32;
export const ENDING_5_LIMIT = 10;
export const RUSSIAN_ENDING_LIMIT = 30;

/** Material signature: men and kings of each side packed in one number. */
export function materialSignature(pos: Position): number {
  const wk = popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi) + popcount(pos.wEx & pos.kEx);
  const bk = popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi) + popcount(pos.bEx & pos.kEx);
  const wm = popcount(pos.wLo & ~pos.kLo) + popcount(pos.wHi & ~pos.kHi) + popcount(pos.wEx & ~pos.kEx);
  const bm = popcount(pos.bLo & ~pos.kLo) + popcount(pos.bHi & ~pos.kHi) + popcount(pos.bEx & ~pos.kEx);
  return ((wm * 64 + wk) * 64 + bm) * 64 + bk;
}

// A signature's fields, read without allocating: endingLimit() runs at every move the search makes.
const whiteMen = (signature: number) => signature >>> 18;
const whiteKings = (signature: number) => (signature >>> 12) & 63;
const blackMen = (signature: number) => (signature >>> 6) & 63;
const blackKings = (signature: number) => signature & 63;

/** Plies an International ending rule allows a side with `kings` and `men` against the other's pieces. */
function limitFor(kings: number, men: number, loneKings: number, loneMen: number): number {
  if (loneKings !== 1 || loneMen !== 0 || kings < 1) return 0;
  const pieces = kings + men;
  if (pieces === 3) return ENDING_16_LIMIT; // 3 kings, 2 kings + man, king + 2 men
  if (pieces <= 2) return ENDING_5_LIMIT; // 2 kings, king + man, king
  return 0;
}

/** International's 16- and 5-move rules: plies allowed, or 0 when no ending rule applies. */
export function endingLimit(signature: number): number {
  const wm = whiteMen(signature), wk = whiteKings(signature), bm = blackMen(signature), bk = blackKings(signature);
  return Math.max(limitFor(wk, wm, bk, bm), limitFor(bk, bm, wk, wm));
}

function russianEndingLimit(signature: number): number {
  const wm = whiteMen(signature), wk = whiteKings(signature), bm = blackMen(signature), bk = blackKings(signature);
  const lone = (kings: number, men: number) => kings === 1 && men === 0;
  return (lone(bk, bm) && wk >= 3) || (lone(wk, wm) && bk >= 3) ? RUSSIAN_ENDING_LIMIT : 0;
}

/** Frisian (lidraughts' reading of the federation's rules): two kings against one, 7 moves each; one king each, 2 moves each. */
export const FRISIAN_2V1_LIMIT = 14;
export const FRISIAN_1V1_LIMIT = 4;
function frisianEndingLimit(signature: number): number {
  if (whiteMen(signature) + blackMen(signature) !== 0) return 0;
  const wk = whiteKings(signature), bk = blackKings(signature);
  if (wk === 1 && bk === 1) return FRISIAN_1V1_LIMIT;
  return (wk === 2 && bk === 1) || (wk === 1 && bk === 2) ? FRISIAN_2V1_LIMIT : 0;
}

const FRISIAN_RULES: DrawRules = {
  // Our choice where the federation sets none (docs/variants-10x10.md): International's 25 moves.
  quietLimit: INTERNATIONAL_QUIET_LIMIT,
  quietResetByMan: true,
  quietResetByCrowning: false,
  manMoveIrreversible: true,
  quietReason: '25 moves each with only kings moving and no capture',
  endingLimit: frisianEndingLimit,
  endingReason: (sig) => (frisianEndingLimit(sig) === FRISIAN_1V1_LIMIT ? '2 moves each with a king against a king' : '7 moves each with two kings against one'),
  drawnAtOnce: () => false,
  readsMaterial: true,
};

const none = () => 0;
const never = () => false;

const INTERNATIONAL_RULES: DrawRules = {
  quietLimit: INTERNATIONAL_QUIET_LIMIT,
  quietResetByMan: true,
  quietResetByCrowning: false,
  manMoveIrreversible: true,
  quietReason: '25 moves each with only kings moving and no capture',
  endingLimit,
  endingReason: (sig) => (endingLimit(sig) === ENDING_16_LIMIT ? '16-move rule in a king ending' : '5-move rule in a king ending'),
  drawnAtOnce: never,
  readsMaterial: true,
};

const RULES: Record<VariantName, DrawRules> = {
  english: {
    quietLimit: ENGLISH_QUIET_LIMIT,
    quietResetByMan: false,
    quietResetByCrowning: true,
    manMoveIrreversible: true,
    quietReason: '40 moves each without a capture or crowning',
    endingLimit: none,
    endingReason: () => '',
    drawnAtOnce: never,
    readsMaterial: false,
  },
  international: INTERNATIONAL_RULES,
  brazilian: INTERNATIONAL_RULES,
  // International's draw rules, our choice (docs/variants-10x10.md): the federations set none of their own.
  killer: INTERNATIONAL_RULES,
  antidraughts: INTERNATIONAL_RULES,
  breakthrough: INTERNATIONAL_RULES,
  frisian: FRISIAN_RULES,
  frysk: FRISIAN_RULES,
  // No federation text for the 12x12 board sets draw rules of its own: International's (docs/variants-12x12.md).
  canadian: INTERNATIONAL_RULES,
  russian: {
    quietLimit: RUSSIAN_QUIET_LIMIT,
    quietResetByMan: true,
    quietResetByCrowning: false,
    manMoveIrreversible: true,
    quietReason: '15 moves each with only kings moving and no capture',
    endingLimit: russianEndingLimit,
    endingReason: () => '15-move rule: three or more kings against a lone king',
    drawnAtOnce: never,
    readsMaterial: true,
  },
  turkish: {
    quietLimit: TURKISH_QUIET_LIMIT,
    quietResetByMan: false,
    quietResetByCrowning: false,
    manMoveIrreversible: false,
    quietReason: '50 plies without a capture',
    endingLimit: none,
    endingReason: () => '',
    drawnAtOnce: (sig) => {
      return whiteMen(sig) + whiteKings(sig) === 1 && blackMen(sig) + blackKings(sig) === 1;
    },
    readsMaterial: true,
  },
  ...FAMILY_8x8_DRAW_RULES,
  lasca: {
    quietLimit: LASCA_QUIET_LIMIT,
    quietResetByMan: false,
    quietResetByCrowning: false,
    manMoveIrreversible: true,
    quietReason: '80 plies without a capture',
    endingLimit: none,
    endingReason: () => '',
    drawnAtOnce: never,
    readsMaterial: false,
  },
};

export function drawRulesOf(variant: Variant): DrawRules {
  return RULES[variant.name];
}

const TIMES = ['', 'one', 'two', 'three', 'four', 'five'];

/** How many occurrences of a position draw a game of this variant, and the rule in words. */
export function repetitionRule(variant: Variant): { count: number; reason: string } {
  const count = RULES[variant.name].repetitions ?? 3;
  return { count, reason: `${TIMES[count] ?? count}fold repetition` };
}

/** The reversible count after a move. */
export function nextReversible(rules: DrawRules, prev: number, manMoved: boolean, captured: boolean, crowned: boolean): number {
  return captured || crowned || (manMoved && rules.manMoveIrreversible) ? 0 : prev + 1;
}

/** The quiet count after a move. */
export function nextQuiet(rules: DrawRules, prev: number, manMoved: boolean, captured: boolean, crowned: boolean): number {
  return captured || (manMoved && rules.quietResetByMan) || (crowned && rules.quietResetByCrowning) ? 0 : prev + 1;
}

/** The ending count for material `signature` after a move from `prevSignature`. */
export function nextEnding(rules: DrawRules, prev: number, prevSignature: number, signature: number): number {
  if (rules.endingLimit(signature) === 0) return -1;
  return signature === prevSignature && prev >= 0 ? prev + 1 : 0;
}

/** Whether the counters of a position say it is drawn (repetition aside). */
export function drawnByCounters(rules: DrawRules, quiet: number, ending: number, signature: number): boolean {
  return quiet >= rules.quietLimit || (ending >= 0 && ending >= rules.endingLimit(signature)) || rules.drawnAtOnce(signature);
}

export function initialCounters(variant: Variant, pos: Position): DrawCounters {
  const sig = materialSignature(pos);
  return { reversible: 0, quiet: 0, ending: drawRulesOf(variant).endingLimit(sig) > 0 ? 0 : -1, material: sig };
}

/** Counters after a move to `after`; `manMoved`, `captured` and `crowned` describe the move. */
export function nextCounters(
  variant: Variant, prev: DrawCounters, after: Position, manMoved: boolean, captured: boolean, crowned: boolean,
): DrawCounters {
  const rules = drawRulesOf(variant);
  const sig = captured || crowned ? materialSignature(after) : prev.material;
  return {
    reversible: nextReversible(rules, prev.reversible, manMoved, captured, crowned),
    quiet: nextQuiet(rules, prev.quiet, manMoved, captured, crowned),
    ending: nextEnding(rules, prev.ending, prev.material, sig),
    material: sig,
  };
}

/** The draw rule (other than repetition) that the counters say has fired, or null. */
export function drawByCounters(variant: Variant, c: DrawCounters): string | null {
  const rules = drawRulesOf(variant);
  if (rules.drawnAtOnce(c.material)) return 'one piece against one';
  if (c.quiet >= rules.quietLimit) return rules.quietReason;
  if (c.ending >= 0 && c.ending >= rules.endingLimit(c.material)) return rules.endingReason(c.material);
  return null;
}
