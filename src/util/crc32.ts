// CRC-32 (the zlib polynomial) in plain code, shared by the endgame table files and the opening
// books. Plain rather than node:zlib because the book format is read in the browser too. Int32
// throughout (signed table, state started at -1): values above 2^31 would be heap numbers,
// allocated every byte, which made a cold load of a 30 kB book take 60 ms.

const TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (c & 1 ? 0xedb88320 : 0);
  TABLE[n] = c;
}

/** CRC-32 of bytes[start..end). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = -1;
  for (let i = start; i < end; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
