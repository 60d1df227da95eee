// Small checks for data that crosses the queue: whatever arrives may come from another program
// or an older build, so every field is checked and a bad one named in a clear message.

export class BadData extends Error {}

export function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

export function field<T>(obj: Record<string, unknown>, key: string, what: string, ok: (v: unknown) => v is T): T {
  const v = obj[key];
  if (!ok(v)) throw new BadData(`${key} ${v === undefined ? 'missing' : `is not ${what}`}`);
  return v;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const wholeIn = (lo: number, hi: number) => (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
export const numberIn = (lo: number, hi: number) => (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;
export const matches = (pattern: RegExp) => (v: unknown): v is string => typeof v === 'string' && pattern.test(v);
export const stringArray = (max: number, pattern: RegExp) => (v: unknown): v is string[] =>
  Array.isArray(v) && v.length <= max && v.every((s) => typeof s === 'string' && pattern.test(s));
