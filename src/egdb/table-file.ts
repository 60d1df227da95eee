// One table on disk: a header (magic, format version, variant, balance, position count,
// CRC-32 of the values) and the values, deflated. Two kinds share the layout: the
// win/draw/loss table (.egdb, two bits a position) and its companion distance file (.dtc,
// a byte a position), whose own magic keeps one from ever being read as the other.
// Anything that does not match what the reader expects is refused with a reason, never
// half-trusted.

import * as zlib from 'node:zlib';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Balance } from './balance.ts';
import { balanceName } from './balance.ts';
import { crc32 as plainCrc32 } from '../util/crc32.ts';

// zlib's CRC-32 (Node 20.15 and later) where there is one: the same value ten times faster
// (25 MB in 8 ms against 80 ms), and an engine reads every shipped table when it starts, some
// 20 MB unpacked: 0.4 s of each engine's start in a match that starts engines for every game.
const zlibCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
const crc32 = (data: Uint8Array): number => (zlibCrc32 !== undefined ? zlibCrc32(data) >>> 0 : plainCrc32(data));

export interface TableKind {
  readonly magic: string;
  readonly version: number;
  /** Payload bytes (inflated) for a table of this many positions. */
  bytes(positions: number): number;
}

/** Win/draw/loss, four positions a byte. */
export const WDL_FILE: TableKind = { magic: 'DAMKA-EGDB', version: 1, bytes: (n) => Math.ceil(n / 4) };
/** Distance to conversion, a byte a position (generate.ts). */
export const DTC_FILE: TableKind = { magic: 'DAMKA-DTC', version: 1, bytes: (n) => n };

export class TableFileError extends Error {}

export function encodeTable(variant: string, balance: Balance, positions: number, packed: Uint8Array, kind: TableKind = WDL_FILE): Buffer {
  if (packed.length !== kind.bytes(positions)) throw new Error(`${balanceName(balance)}: ${packed.length} bytes of values for ${positions} positions`);
  const name = Buffer.from(variant, 'ascii');
  const payload = deflateRawSync(packed, { level: 9 });
  const header = Buffer.alloc(kind.magic.length + 2 + name.length + 4 + 8 + 4 + 4);
  let o = header.write(kind.magic, 0, 'ascii');
  o = header.writeUInt8(kind.version, o);
  o = header.writeUInt8(name.length, o);
  o += name.copy(header, o);
  for (const n of [balance.myMen, balance.myKings, balance.theirMen, balance.theirKings]) o = header.writeUInt8(n, o);
  o = header.writeDoubleLE(positions, o);
  o = header.writeUInt32LE(crc32(packed), o);
  header.writeUInt32LE(payload.length, o);
  return Buffer.concat([header, payload]);
}

/** The values of a table file, after checking it is the table asked for and intact. */
export function decodeTable(file: Buffer, variant: string, balance: Balance, positions: number, kind: TableKind = WDL_FILE): Uint8Array {
  const what = `${variant} ${balanceName(balance)}${kind === DTC_FILE ? ' distances' : ''}`;
  const fail = (why: string): never => { throw new TableFileError(`${what}: ${why}`); };
  const need = (o: number, n: number) => { if (o + n > file.length) fail('file is truncated'); };
  need(0, kind.magic.length + 2);
  if (file.toString('ascii', 0, kind.magic.length) !== kind.magic) fail(kind === DTC_FILE ? 'not a Damka distance file' : 'not a Damka endgame table');
  let o = kind.magic.length;
  const version = file.readUInt8(o++);
  if (version !== kind.version) fail(`format version ${version}, this build reads ${kind.version}`);
  const nameLength = file.readUInt8(o++);
  need(o, nameLength + 4 + 8 + 8);
  const fileVariant = file.toString('ascii', o, o + nameLength);
  o += nameLength;
  if (fileVariant !== variant) fail(`the file is for ${fileVariant}`);
  const counts = [0, 1, 2, 3].map((i) => file.readUInt8(o + i));
  o += 4;
  const expected = [balance.myMen, balance.myKings, balance.theirMen, balance.theirKings];
  if (counts.some((c, i) => c !== expected[i])) {
    fail(`the file holds ${balanceName({ myMen: counts[0], myKings: counts[1], theirMen: counts[2], theirKings: counts[3] })}`);
  }
  const filePositions = file.readDoubleLE(o); o += 8;
  if (filePositions !== positions) fail(`${filePositions} positions, expected ${positions} (another index?)`);
  const crc = file.readUInt32LE(o); o += 4;
  const length = file.readUInt32LE(o); o += 4;
  if (o + length !== file.length) fail(`payload is ${file.length - o} bytes, the header says ${length}`);
  let packed: Uint8Array;
  try {
    packed = inflateRawSync(file.subarray(o));
  } catch {
    return fail('payload does not decompress');
  }
  if (packed.length !== kind.bytes(positions)) fail(`payload holds ${packed.length} bytes, expected ${kind.bytes(positions)}`);
  if (crc32(packed) !== crc) fail('checksum mismatch');
  return packed;
}
