// Base64 for the learned weights files (JSON, so that the shipped ones bundle and import
// everywhere with no loader of their own): Node's Buffer where there is one, else btoa/atob.

/** Bytes to base64. */
export function toBase64(bytes: Uint8Array): string {
  const B = (globalThis as { Buffer?: { from(b: Uint8Array): { toString(enc: string): string } } }).Buffer;
  if (B) return B.from(bytes).toString('base64');
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Base64 to bytes: Node's Buffer where there is one (Node's atob is slow), else atob; null for
 * text that is not base64 (Buffer skips stray characters instead: a file's length and checksum
 * checks catch that).
 */
export function base64Bytes(text: string): Uint8Array | null {
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
