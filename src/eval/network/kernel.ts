// The network kernel (kernel.as.ts, compiled into kernel-wasm.ts) instantiated with a
// network's weights quantised into its memory. Each evaluator has an instance of its own (a
// few tens of KB), so that searches in several threads never share scratch memory.

import { base64Bytes } from '../base64.ts';
import { KERNEL_WASM } from './kernel-wasm.ts';
import type { NetworkBoard } from './inputs.ts';
import { type NetworkWeights, networkLayout } from './network-file.ts';

/** The first hidden layer's outputs and weights in units of 1 / FIRST (its clipped range [0, 1] is 0..FIRST). */
export const FIRST = 127;
/** The second layer's weights in units of 1 / SECOND. */
export const SECOND = 64;

let compiled: WebAssembly.Module | null = null;

interface KernelExports {
  memory: WebAssembly.Memory;
  setup(inputs: number, h1: number, h2: number, bias3: number, secondScale: number): number;
  allowUpdates(on: number): void;
  needed(): number;
  squareTable(): number;
  evaluate: NetworkRun;
  evaluateWide: WideNetworkRun;
}

/**
 * The network's output (before the logistic) for four bitboards from the side to move's view:
 * own men, own kings, opposing men, opposing kings. `side` (0 or 1) is whose view it is: the
 * kernel keeps each view's first layer from the last call, and updates it by the squares that
 * changed when they are fewer than the pieces.
 */
export type NetworkRun = (side: number, ownMen: number, ownKings: number, oppMen: number, oppKings: number) => number;

/**
 * The same for the 10x10 board: the side to move's men, its kings, the opponent's men and kings,
 * each as a position's two words (low, high) from nobody's view; `side` (0 White, 1 Black) is
 * whose view the kernel's square table gives, and whose first layer it keeps.
 */
export type WideNetworkRun = (side: number, ownMenLo: number, ownMenHi: number, ownKingsLo: number, ownKingsHi: number,
  oppMenLo: number, oppMenHi: number, oppKingsLo: number, oppKingsHi: number) => number;

/** An 8x8 network's kernel. `incremental` false: always sum the first layer afresh (what the updates are tested against). */
export function instantiateNetwork(w: NetworkWeights, incremental = true): NetworkRun {
  if (w.inputs !== 128) throw new Error(`a ${w.inputs}-input network is not one for the 8x8 board`);
  return instantiate(w, incremental).evaluate;
}

/** A 10x10 network's kernel, its square table filled from `board` (inputs.ts). */
export function instantiateWideNetwork(w: NetworkWeights, board: NetworkBoard, incremental = true): WideNetworkRun {
  if (w.inputs !== board.inputs || board.squares !== 50) throw new Error(`a ${w.inputs}-input network is not one for the 10x10 board`);
  const k = instantiate(w, incremental);
  new Int32Array(k.memory.buffer, k.squareTable(), 128).set(board.view);
  return k.evaluateWide;
}

function instantiate(w: NetworkWeights, incremental: boolean): KernelExports {
  // Compiled once; small enough (under 4 KB) to compile synchronously even on a browser's main thread, where a larger module may not be.
  compiled ??= new WebAssembly.Module(Uint8Array.from(base64Bytes(KERNEL_WASM)!));
  const k = new WebAssembly.Instance(compiled, {}).exports as unknown as KernelExports;
  const [h1, h2] = w.hidden, p = w.parameters, inputs = w.inputs, at = networkLayout(inputs, h1, h2);
  const base = k.setup(inputs, h1, h2, p[at.b3], 1 / (FIRST * SECOND));
  const missing = k.needed() - k.memory.buffer.byteLength;
  if (missing > 0) k.memory.grow(Math.ceil(missing / 65536));
  const buf = k.memory.buffer;
  const quantise = (x: number, unit: number, max: number, what: string): number => {
    const q = Math.round(x * unit);
    if (!(Math.abs(q) <= max)) throw new Error(`evaluation network: a ${what} of ${x} is too large for the kernel's integers`);
    return q;
  };
  const W1 = new Int16Array(buf, base, inputs * h1);
  for (let i = 0; i < inputs * h1; i++) W1[i] = quantise(p[at.w1 + i], FIRST, 32767, 'first-layer weight');
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
  // The first layer's updates (kernel.as.ts) are exact only if no board's sum can leave 16 bits.
  k.allowUpdates(incremental && firstLayerFits(W1, B1, h1) ? 1 : 0);
  return k;
}

/**
 * Whether every first-layer sum stays inside the 16-bit range on any board: for each hidden
 * unit, its bias plus the largest (and the most negative) weight a square can contribute,
 * over all the board's squares. Any subset of a board's pieces stays inside these bounds too, so neither
 * a sum afresh nor an update (kernel.as.ts: each partial sum is over pieces of one board) ever
 * saturates, and an update gives exactly the sum afresh.
 */
export function firstLayerFits(W1: Int16Array, B1: Int16Array, h1: number): boolean {
  const squares = W1.length / h1 / 4;
  for (let j = 0; j < h1; j++) {
    let hi = B1[j], lo = B1[j];
    for (let s = 0; s < squares; s++) {
      let most = 0, least = 0;
      for (let t = 0; t < 4; t++) {
        const v = W1[(t * squares + s) * h1 + j];
        if (v > most) most = v;
        if (v < least) least = v;
      }
      hi += most; lo += least;
    }
    if (hi > 32767 || lo < -32768) return false;
  }
  return true;
}
