// The learned weights as a file: JSON with a header and the weights as base64 16-bit integers
// in tenths of a centi-man (little-endian), opening and endgame. JSON so that the shipped
// files bundle (esbuild) and import (Node, tests, browsers) with no loader of their own;
// integers so that the evaluation is exact integer arithmetic (colour symmetry holds to the
// last unit). Every field is checked on load and nothing half-read is ever used.

import type { Variant } from '../../rules/variant.ts';
import { base64Bytes, toBase64 } from '../base64.ts';
import { MAX_PHASES, weightsPerPhase } from './features.ts';

export const WEIGHTS_FORMAT = 'damka-pattern-weights';
/**
 * Version 4: version 3 with `denseRegions` (the dense regions of an 8x8 board besides the
 * blocks: PatternLayout.denseRegions). Version 3: any number of phases (`phases`, from the
 * opening to the endgame), and `moverPatterns` (two pattern tables: the side to move's and its
 * opponent's). Version 2: an opening and an endgame phase (`opening`, `endgame`), one pattern
 * table, the region patterns reading kings as pieces; version 1: as empty squares. Each is
 * written in the oldest version that holds it, so weights of version-2 layout stay version-2
 * files.
 */
export const WEIGHTS_VERSION = 4;
/** The first version with `phases` and `moverPatterns`. */
const PHASES_VERSION = 3;
const TWO_PHASES = 2;
/** Weight units per centi-man in the file and the evaluator. */
export const WEIGHT_UNITS = 10;
const MAX_WEIGHT = 32767;

export interface PatternWeights {
  variant: string;
  /** Weights of each phase (the opening first, the endgame last) in WEIGHT_UNITS, index as PatternFeatures lays them out. */
  phases: Int16Array[];
  /** Whether the region patterns read kings as pieces (versions 2 and 3) or as empty squares (version 1): PatternLayout.patternKings. */
  patternKings: boolean;
  /** Two pattern tables, the side to move's and its opponent's (version 3): PatternLayout.moverPatterns. */
  moverPatterns: boolean;
  /** The dense regions besides the blocks (version 4): PatternLayout.denseRegions. */
  denseRegions: boolean;
}

export interface WeightsFile {
  format: string;
  version: number;
  variant: string;
  size: number;
  checksum: string;
  /** Versions 1 and 2. */
  opening?: string;
  endgame?: string;
  /** Versions 3 and 4. */
  phases?: string[];
  moverPatterns?: boolean;
  /** Version 4. */
  denseRegions?: boolean;
  /** How the weights were made (commands, data, losses): free-form, for people. */
  about?: Record<string, unknown>;
}

/** Rounds float weights in centi-men to file units; a weight out of range is an error, not clipped. */
export function quantize(centiMen: Float64Array): Int16Array {
  const out = new Int16Array(centiMen.length);
  for (let i = 0; i < centiMen.length; i++) {
    const v = Math.round(centiMen[i] * WEIGHT_UNITS);
    if (!(Math.abs(v) <= MAX_WEIGHT)) throw new Error(`weight ${i} is ${centiMen[i]} centi-men, outside what the file holds`);
    out[i] = v;
  }
  return out;
}

export function encodeWeights(w: PatternWeights, about?: Record<string, unknown>): WeightsFile {
  const n = w.phases.length, size = w.phases[0]?.length ?? 0;
  if (n < 2 || n > MAX_PHASES) throw new Error(`weights of ${n} phases (2 to ${MAX_PHASES})`);
  if (w.phases.some((p) => p.length !== size)) throw new Error('the phases\' weights differ in size');
  const plain = n === TWO_PHASES && !w.moverPatterns && !w.denseRegions;
  if (!w.patternKings && !plain) throw new Error('weights of version 1 (patterns without kings) have two phases and one pattern table');
  // Fields in the order that files have always had: format, version, variant, size, checksum, weights, about.
  const version = w.denseRegions ? WEIGHTS_VERSION : !plain ? PHASES_VERSION : w.patternKings ? 2 : 1;
  const weights = plain
    ? { opening: int16Base64(w.phases[0]), endgame: int16Base64(w.phases[1]) }
    : { phases: w.phases.map(int16Base64), moverPatterns: w.moverPatterns, ...(w.denseRegions ? { denseRegions: true } : {}) };
  return { format: WEIGHTS_FORMAT, version, variant: w.variant, size, checksum: checksum(w.phases), ...weights, ...(about ? { about } : {}) };
}

/**
 * Checks and decodes a weights file's contents for `variant` (as many weights a phase as its
 * features have in the file's layout). `source` names the file in errors.
 */
export function decodeWeights(data: unknown, variant: Variant, source: string): PatternWeights {
  const fail = (why: string): never => {
    throw new Error(`evaluation weights ${source}: ${why}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('not a weights file (expected a JSON object)');
  const f = data as Partial<WeightsFile>;
  if (f.format !== WEIGHTS_FORMAT) fail(`not a weights file (format is ${JSON.stringify(f.format)}, expected "${WEIGHTS_FORMAT}")`);
  if (f.version !== 1 && f.version !== 2 && f.version !== PHASES_VERSION && f.version !== WEIGHTS_VERSION) fail(`version ${JSON.stringify(f.version)}, this build reads versions 1 to ${WEIGHTS_VERSION}`);
  if (f.variant !== variant.name) fail(`made for ${JSON.stringify(f.variant)}, not ${variant.name}`);
  const byPhases = f.version === PHASES_VERSION || f.version === WEIGHTS_VERSION;
  if (byPhases && f.moverPatterns !== true && f.moverPatterns !== false) fail('moverPatterns missing (expected true or false)');
  if (f.version === WEIGHTS_VERSION && f.denseRegions !== true) fail('denseRegions missing (expected true in a version 4 file)');
  const moverPatterns = byPhases && f.moverPatterns === true;
  const denseRegions = f.version === WEIGHTS_VERSION;
  if (denseRegions && variant.geometry.rows !== 8) fail(`dense regions are for 8x8 boards, not ${variant.name}`);
  const size = weightsPerPhase(variant, { moverPatterns, denseRegions });
  const tables = (moverPatterns ? 'two pattern tables' : 'one pattern table') + (denseRegions ? ' of dense regions' : '');
  if (f.size !== size) fail(`has ${JSON.stringify(f.size)} weights a phase, this build's ${variant.name} evaluation with ${tables} has ${size}`);
  let phases: Int16Array[];
  if (byPhases) {
    const texts = f.phases;
    if (!Array.isArray(texts) || texts.length < 2 || texts.length > MAX_PHASES || texts.some((t) => typeof t !== 'string')) {
      return fail(`phases missing (expected 2 to ${MAX_PHASES} strings of weights)`);
    }
    phases = texts.map((t, j) => fromBase64(t as string, size, `phase ${j}`, fail));
  } else {
    if (typeof f.opening !== 'string' || typeof f.endgame !== 'string') fail('opening or endgame weights missing');
    phases = [fromBase64(f.opening!, size, 'opening', fail), fromBase64(f.endgame!, size, 'endgame', fail)];
  }
  if (f.checksum !== checksum(phases)) fail('checksum does not match (the file is damaged)');
  return { variant: variant.name, phases, patternKings: f.version !== 1, moverPatterns, denseRegions };
}

function int16Base64(a: Int16Array): string {
  const bytes = new Uint8Array(a.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < a.length; i++) view.setInt16(i * 2, a[i], true);
  return toBase64(bytes);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function fromBase64(text: string, size: number, what: string, fail: (why: string) => never): Int16Array {
  const bytes = base64Bytes(text);
  if (bytes === null) return fail(`${what} weights are not base64`);
  if (bytes.length !== size * 2) fail(`${what} weights hold ${Math.floor(bytes.length / 2)} values, expected ${size} (truncated?)`);
  if (LITTLE_ENDIAN) return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return Int16Array.from({ length: size }, (_, i) => view.getInt16(2 * i, true));
}

/** FNV-1a over the arrays in order, two weights (one 32-bit word) a step, as 8 hex digits. */
function checksum(arrays: Int16Array[]): string {
  let h = 0x811c9dc5;
  for (const arr of arrays) {
    for (let i = 0; i < arr.length; i += 2) {
      const word = (arr[i] & 0xffff) | ((i + 1 < arr.length ? arr[i + 1] : 0) << 16);
      h = Math.imul(h ^ word, 0x01000193);
      h ^= h >>> 15;
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
