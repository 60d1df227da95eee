// Training positions on disk: a small header, then one record of RECORD_INTS 32-bit words a
// position: its bitboards; side to move, the game's result and the self-play search's score
// (both from the side to move) packed in one word; and the game's number, which keeps whole
// games together when data is split for validation.

import { readFileSync, writeFileSync } from 'node:fs';
import { Position } from '../rules/position.ts';

export const RECORD_INTS = 8;
const MAGIC = 0x444d4b44; // "DKMD"
const VERSION = 2;
/** Search scores are kept within this (a win is a win: the distance does not matter here). */
export const SCORE_CLAMP = 5000;
const HEADER_INTS = 4;

/** Result from the side to move's point of view: 0 loss, 1 draw, 2 win. */
export type StmResult = 0 | 1 | 2;

/** `score` null: no search score (a move played without searching). */
export function writeRecord(out: Int32Array, at: number, pos: Position, result: StmResult, score: number | null, game: number): void {
  const o = at * RECORD_INTS;
  const s = score === null ? 0 : Math.max(-SCORE_CLAMP, Math.min(SCORE_CLAMP, score));
  out[o] = pos.wLo; out[o + 1] = pos.wHi; out[o + 2] = pos.bLo; out[o + 3] = pos.bHi;
  out[o + 4] = pos.kLo; out[o + 5] = pos.kHi;
  out[o + 6] = pos.side | (result << 1) | ((score === null ? 0 : 1) << 3) | (s << 4);
  out[o + 7] = game;
}

export function readRecord(data: Int32Array, i: number, pos: Position): { result: StmResult; score: number | null; game: number } {
  const o = i * RECORD_INTS;
  pos.wLo = data[o]; pos.wHi = data[o + 1]; pos.bLo = data[o + 2]; pos.bHi = data[o + 3];
  pos.kLo = data[o + 4]; pos.kHi = data[o + 5];
  const w = data[o + 6];
  pos.side = (w & 1) as 0 | 1;
  return { result: ((w >> 1) & 3) as StmResult, score: (w >> 3) & 1 ? w >> 4 : null, game: data[o + 7] };
}

function variantTag(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

export function saveRecords(path: string, variant: string, records: Int32Array): void {
  const count = records.length / RECORD_INTS;
  const all = new Int32Array(HEADER_INTS + records.length);
  all.set([MAGIC, VERSION, variantTag(variant), count]);
  all.set(records, HEADER_INTS);
  writeFileSync(path, new Uint8Array(all.buffer));
}

export function loadRecords(path: string, variant: string): Int32Array {
  const buf = readFileSync(path);
  if (buf.length < HEADER_INTS * 4 || buf.length % 4 !== 0) throw new Error(`${path}: not a training data file`);
  const all = new Int32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
  if (all[0] !== MAGIC) throw new Error(`${path}: not a training data file`);
  if (all[1] !== VERSION) throw new Error(`${path}: data version ${all[1]}, this build reads ${VERSION}`);
  if (all[2] !== variantTag(variant)) throw new Error(`${path}: data of another variant, not ${variant}`);
  if (all.length !== HEADER_INTS + all[3] * RECORD_INTS) throw new Error(`${path}: truncated (${all[3]} positions announced)`);
  return all.subarray(HEADER_INTS);
}

/** A game's result, White's score 1, 0.5 or 0, from the view of `side` (0 White) as a record keeps it. */
export function resultFor(whiteScore: number, side: number): StmResult {
  return ((side === 0 ? whiteScore : 1 - whiteScore) * 2) as StmResult;
}

/** Record `i`'s result replaced, everything else kept. */
export function setRecordResult(data: Int32Array, i: number, result: StmResult): void {
  const o = i * RECORD_INTS + 6;
  data[o] = (data[o] & ~(3 << 1)) | (result << 1);
}

/** One game's positions as records, each with the game's result (White's score 1, 0.5 or 0) from its side to move. */
export function gameRecords(positions: readonly Position[], whiteScore: number, game: number, scores?: readonly (number | null)[]): Int32Array {
  const out = new Int32Array(positions.length * RECORD_INTS);
  positions.forEach((pos, i) => writeRecord(out, i, pos, resultFor(whiteScore, pos.side), scores?.[i] ?? null, game));
  return out;
}

/**
 * The records of several files as one, in order. Game numbers restart in each file: the n-th
 * file's are moved up by n * 10,000,000 to keep them apart, so that whole games stay together
 * (and a game held out stays held out: the offset is a multiple of 10).
 */
export function loadRecordFiles(files: readonly string[], variant: string): Int32Array {
  return concatRecords(files.map((f, n) => {
    const r = loadRecords(f, variant).slice();
    for (let i = 7; i < r.length; i += RECORD_INTS) r[i] += n * 10_000_000;
    return r;
  }));
}

/** Several runs of records as one, in order. */
export function concatRecords(parts: readonly Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/**
 * The records of the games whose number is a multiple of `n`, in their order. The fit holds
 * out the games whose number is a multiple of 10, so an `n` that divides 10 keeps every one
 * of them: a fit of the smaller set is judged on the same held-out positions.
 */
export function everyNthGame(records: Int32Array, n: number): Int32Array {
  const count = records.length / RECORD_INTS;
  let kept = 0;
  for (let i = 0; i < count; i++) if (records[i * RECORD_INTS + 7] % n === 0) kept++;
  const out = new Int32Array(kept * RECORD_INTS);
  for (let i = 0, o = 0; i < count; i++) {
    if (records[i * RECORD_INTS + 7] % n !== 0) continue;
    out.set(records.subarray(i * RECORD_INTS, (i + 1) * RECORD_INTS), o);
    o += RECORD_INTS;
  }
  return out;
}
