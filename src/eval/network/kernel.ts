// The network kernel (kernel.as.ts, compiled into kernel-wasm.ts) instantiated with a
// network's weights quantised into its memory. Each evaluator has an instance of its own (a
// few tens of KB), so that searches in several threads never share scratch memory.

import { base64Bytes } from '../base64.ts';
import { KERNEL_WASM } from './kernel-wasm.ts';
import { type NetworkWeights, NETWORK_INPUTS, networkLayout } from './network-file.ts';

/** The first hidden layer's outputs and weights in units of 1 / FIRST (its clipped range [0, 1] is 0..FIRST). */
export const FIRST = 127;
/** The second layer's weights in units of 1 / SECOND. */
export const SECOND = 64;

let compiled: WebAssembly.Module | null = null;

interface KernelExports {
  memory: WebAssembly.Memory;
  setup(h1: number, h2: number, bias3: number, secondScale: number): number;
  needed(): number;
  evaluate(ownMen: number, ownKings: number, oppMen: number, oppKings: number): number;
}

/** The network's output (before the logistic) for four bitboards from the side to move's view: own men, own kings, opposing men, opposing kings. */
export type NetworkRun = (ownMen: number, ownKings: number, oppMen: number, oppKings: number) => number;

export function instantiateNetwork(w: NetworkWeights): NetworkRun {
  // Compiled once; small enough (under 2 KB) to compile synchronously even on a browser's main thread.
  compiled ??= new WebAssembly.Module(Uint8Array.from(base64Bytes(KERNEL_WASM)!));
  const k = new WebAssembly.Instance(compiled, {}).exports as unknown as KernelExports;
  const [h1, h2] = w.hidden, p = w.parameters, at = networkLayout(h1, h2);
  const base = k.setup(h1, h2, p[at.b3], 1 / (FIRST * SECOND));
  const missing = k.needed() - k.memory.buffer.byteLength;
  if (missing > 0) k.memory.grow(Math.ceil(missing / 65536));
  const buf = k.memory.buffer;
  const quantise = (x: number, unit: number, max: number, what: string): number => {
    const q = Math.round(x * unit);
    if (!(Math.abs(q) <= max)) throw new Error(`evaluation network: a ${what} of ${x} is too large for the kernel's integers`);
    return q;
  };
  const W1 = new Int16Array(buf, base, NETWORK_INPUTS * h1);
  for (let i = 0; i < NETWORK_INPUTS * h1; i++) W1[i] = quantise(p[at.w1 + i], FIRST, 32767, 'first-layer weight');
  const B1 = new Int16Array(buf, base + W1.byteLength, h1);
  for (let j = 0; j < h1; j++) B1[j] = quantise(p[at.b1 + j], FIRST, 32767, 'first-layer bias');
  // The kernel reads the second layer's weights a pair of hidden units at a time: for pair q and
  // output k, the weights of units 2q and 2q + 1 side by side.
  const W2 = new Int16Array(buf, B1.byteOffset + B1.byteLength, h1 * h2);
  for (let q = 0; q < h1 / 2; q++) {
    for (let o = 0; o < h2; o++) {
      for (let e = 0; e < 2; e++) W2[(q * h2 + o) * 2 + e] = quantise(p[at.w2 + (2 * q + e) * h2 + o], SECOND, 32767, 'second-layer weight');
    }
  }
  const B2 = new Int32Array(buf, W2.byteOffset + W2.byteLength, h2);
  for (let o = 0; o < h2; o++) B2[o] = quantise(p[at.b2 + o], FIRST * SECOND, 2 ** 30, 'second-layer bias');
  const W3 = new Float32Array(buf, B2.byteOffset + B2.byteLength, h2);
  for (let o = 0; o < h2; o++) W3[o] = p[at.w3 + o];
  return k.evaluate;
}
