// The learned weights as a file: JSON with a header and the weights as base64 16-bit integers
// in tenths of a centi-man (little-endian), opening and endgame. JSON so that the shipped
// files bundle (esbuild) and import (Node, tests, browsers) with no loader of their own;
// integers so that the evaluation is exact integer arithmetic (colour symmetry holds to the
// last unit). Every field is checked on load and nothing half-read is ever used.

import type { VariantName } from '../../rules/variant.ts';

export const WEIGHTS_FORMAT = 'damka-pattern-weights';
/** Version 2: the region patterns read kings as pieces. Version 1 (read, and written for such weights): as empty squares. */
export const WEIGHTS_VERSION = 2;
/** Weight units per centi-man in the file and the evaluator. */
export const WEIGHT_UNITS = 10;
const MAX_WEIGHT = 32767;

export interface PatternWeights {
  variant: string;
  /** Weights per phase in WEIGHT_UNITS, index as PatternFeatures lays them out. */
  opening: Int16Array;
  endgame: Int16Array;
  /** Whether the region patterns read kings as pieces (version 2) or as empty squares (version 1): PatternFeatures.patternKings. */
  patternKings: boolean;
}

export interface WeightsFile {
  format: string;
  version: number;
  variant: string;
  size: number;
  checksum: string;
  opening: string;
  endgame: string;
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
  if (w.opening.length !== w.endgame.length) throw new Error('opening and endgame weights differ in size');
  return {
    format: WEIGHTS_FORMAT,
    version: w.patternKings ? WEIGHTS_VERSION : 1,
    variant: w.variant,
    size: w.opening.length,
    checksum: checksum(w.opening, w.endgame),
    opening: toBase64(w.opening),
    endgame: toBase64(w.endgame),
    ...(about ? { about } : {}),
  };
}

/**
 * Checks and decodes a weights file's contents for `variant` with `size` weights a phase.
 * `source` names the file in errors.
 */
export function decodeWeights(data: unknown, variant: VariantName, size: number, source: string): PatternWeights {
  const fail = (why: string): never => {
    throw new Error(`evaluation weights ${source}: ${why}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('not a weights file (expected a JSON object)');
  const f = data as Partial<WeightsFile>;
  if (f.format !== WEIGHTS_FORMAT) fail(`not a weights file (format is ${JSON.stringify(f.format)}, expected "${WEIGHTS_FORMAT}")`);
  if (f.version !== 1 && f.version !== WEIGHTS_VERSION) fail(`version ${JSON.stringify(f.version)}, this build reads versions 1 and ${WEIGHTS_VERSION}`);
  if (f.variant !== variant) fail(`made for ${JSON.stringify(f.variant)}, not ${variant}`);
  if (f.size !== size) fail(`has ${JSON.stringify(f.size)} weights a phase, this build's ${variant} evaluation has ${size}`);
  if (typeof f.opening !== 'string' || typeof f.endgame !== 'string') fail('opening or endgame weights missing');
  const opening = fromBase64(f.opening!, size, 'opening', fail);
  const endgame = fromBase64(f.endgame!, size, 'endgame', fail);
  if (f.checksum !== checksum(opening, endgame)) fail('checksum does not match (the file is damaged)');
  return { variant, opening, endgame, patternKings: f.version === WEIGHTS_VERSION };
}

function toBase64(a: Int16Array): string {
  const bytes = new Uint8Array(a.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < a.length; i++) view.setInt16(i * 2, a[i], true);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Base64 to bytes: Node's Buffer where there is one (Node's atob is slow), else atob; null for
 * text that is not base64 (Buffer skips stray characters instead: the length and checksum
 * checks catch that).
 */
function base64Bytes(text: string): Uint8Array | null {
  const B = (globalThis as { Buffer?: { from(s: string, enc: string): Uint8Array } }).Buffer;
  if (B) return B.from(text, 'base64');
  let raw: string;
  try {
    raw = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function fromBase64(text: string, size: number, what: string, fail: (why: string) => never): Int16Array {
  const bytes = base64Bytes(text);
  if (bytes === null) return fail(`${what} weights are not base64`);
  if (bytes.length !== size * 2) fail(`${what} weights hold ${Math.floor(bytes.length / 2)} values, expected ${size} (truncated?)`);
  if (LITTLE_ENDIAN) return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return Int16Array.from({ length: size }, (_, i) => view.getInt16(2 * i, true));
}

/** FNV-1a over both arrays, two weights (one 32-bit word) a step, as 8 hex digits. */
function checksum(a: Int16Array, b: Int16Array): string {
  let h = 0x811c9dc5;
  for (const arr of [a, b]) {
    for (let i = 0; i < arr.length; i += 2) {
      const word = (arr[i] & 0xffff) | ((i + 1 < arr.length ? arr[i + 1] : 0) << 16);
      h = Math.imul(h ^ word, 0x01000193);
      h ^= h >>> 15;
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
