// A network's weights as a file: JSON with a header and the parameters as base64 32-bit
// floats (little-endian), exactly as the fit left them; the evaluator quantises them on load
// (kernel.ts). JSON, as the pattern weights are, so that a shipped file bundles and imports
// everywhere with no loader of its own. Every field is checked on load and nothing half-read
// is ever used.

import type { Variant } from '../../rules/variant.ts';
import { base64Bytes, toBase64 } from '../base64.ts';
import { NETWORK_VARIANTS, hasNetworkBoard, networkBoard } from './inputs.ts';

export const NETWORK_FORMAT = 'damka-network';
/** Version 2 files hold phases (networks for fewer pieces); a network of one phase is written as version 1, which builds before phases read. */
export const NETWORK_VERSION = 2;
/** The kernel works on hidden layers in groups of 16 units. */
export const UNIT_GROUP = 16;

export interface NetworkWeights {
  kind: 'network';
  variant: string;
  /** Inputs: four a square of the variant's board (inputs.ts), 128 or 200. */
  inputs: number;
  /** Units of the two hidden layers. */
  hidden: [number, number];
  /** Centi-men per unit of the network's output (the logistic's scale the fit used). */
  scale: number;
  /** All parameters in networkLayout order. */
  parameters: Float32Array;
  /**
   * Networks for the later phases of a game, by most pieces on the board, fewest last: a position
   * is scored by the last of them that allows its pieces, or by this network if none does.
   */
  phases?: NetworkPhase[];
}

export interface NetworkPhase {
  /** The most pieces (both sides') of the positions this network scores. */
  maxPieces: number;
  weights: NetworkWeights;
}

/** Where each layer's parameters start in NetworkWeights.parameters, and their number. */
export function networkLayout(inputs: number, h1: number, h2: number) {
  const w1 = 0, b1 = inputs * h1, w2 = b1 + h1, b2 = w2 + h1 * h2, w3 = b2 + h2, b3 = w3 + h2;
  return { w1, b1, w2, b2, w3, b3, size: b3 + 1 };
}

export interface NetworkFile {
  format: string;
  version: number;
  variant: string;
  inputs: number;
  hidden: number[];
  scale: number;
  checksum: string;
  parameters: string;
  /** How the weights were made (commands, data, losses): free-form, for people. */
  about?: Record<string, unknown>;
  /** Version 2: the later phases' networks (NetworkWeights.phases), each with its own layers, scale and checksum. */
  phases?: PhaseFile[];
}

type NetworkFields = Pick<NetworkFile, 'inputs' | 'hidden' | 'scale' | 'checksum' | 'parameters'>;
export interface PhaseFile extends NetworkFields {
  maxPieces: number;
}

export function encodeNetwork(w: NetworkWeights, about?: Record<string, unknown>): NetworkFile {
  const phases = w.phases ?? [];
  return {
    format: NETWORK_FORMAT, version: phases.length > 0 ? NETWORK_VERSION : 1, variant: w.variant, ...encodeFields(w),
    ...(about ? { about } : {}),
    ...(phases.length > 0 ? { phases: phases.map((ph) => ({ maxPieces: ph.maxPieces, ...encodeFields(ph.weights) })) } : {}),
  };
}

function encodeFields(w: NetworkWeights): NetworkFields {
  const bytes = new Uint8Array(w.parameters.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < w.parameters.length; i++) view.setFloat32(i * 4, w.parameters[i], true);
  return { inputs: w.inputs, hidden: [...w.hidden], scale: w.scale, checksum: checksum(bytes), parameters: toBase64(bytes) };
}

/** Whether file contents claim to be a network (then decodeNetwork checks the rest). */
export function isNetworkFile(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { format?: unknown }).format === NETWORK_FORMAT;
}

/** Checks and decodes a network file's contents for `variant`; `source` names the file in errors. */
export function decodeNetwork(data: unknown, variant: Variant, source: string): NetworkWeights {
  const fail = (why: string): never => {
    throw new Error(`evaluation network ${source}: ${why}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('not a network file (expected a JSON object)');
  const f = data as Partial<NetworkFile>;
  if (f.format !== NETWORK_FORMAT) fail(`not a network file (format is ${JSON.stringify(f.format)}, expected "${NETWORK_FORMAT}")`);
  if (f.version !== 1 && f.version !== NETWORK_VERSION) fail(`version ${JSON.stringify(f.version)}, this build reads versions 1 to ${NETWORK_VERSION}`);
  if (f.variant !== variant.name) fail(`made for ${JSON.stringify(f.variant)}, not ${variant.name}`);
  if (!hasNetworkBoard(variant)) fail(`networks are for ${NETWORK_VARIANTS.join(' and ')} draughts only, not ${variant.name}`);
  const top = decodeFields(f, variant, fail);
  if (f.version === 1) {
    if (f.phases !== undefined) fail('has phases, which a version 1 file cannot hold');
    return top;
  }
  if (!Array.isArray(f.phases) || f.phases.length === 0) fail('version 2 without phases (expected a list of networks for fewer pieces)');
  const phases: NetworkPhase[] = [];
  let above = networkBoard(variant).maxPieces;
  for (const [i, ph] of (f.phases as unknown[]).entries()) {
    const at = (why: string): never => fail(`phase ${i + 1}: ${why}`);
    if (typeof ph !== 'object' || ph === null || Array.isArray(ph)) at('not a JSON object');
    const m = (ph as Partial<PhaseFile>).maxPieces;
    if (!Number.isInteger(m) || m! < 1 || m! >= above) at(`most pieces ${JSON.stringify(m)}: expected a whole number from 1 to ${above - 1}, fewer than the phase before`);
    phases.push({ maxPieces: m!, weights: decodeFields(ph as Partial<PhaseFile>, variant, at) });
    above = m!;
  }
  return { ...top, phases };
}

/** One network's layers, scale and parameters, checked. */
function decodeFields(f: Partial<NetworkFields>, variant: Variant, fail: (why: string) => never): NetworkWeights {
  const inputs = networkBoard(variant).inputs;
  if (f.inputs !== inputs) fail(`has ${JSON.stringify(f.inputs)} inputs, a network for ${variant.name} has ${inputs}`);
  const h = f.hidden;
  if (!Array.isArray(h) || h.length !== 2 || !h.every((u) => Number.isInteger(u) && u >= UNIT_GROUP && u <= 1024 && u % UNIT_GROUP === 0)) {
    fail(`hidden layers ${JSON.stringify(h)}: expected two sizes, multiples of ${UNIT_GROUP} from ${UNIT_GROUP} to 1024`);
  }
  if (typeof f.scale !== 'number' || !(f.scale > 0 && f.scale < 1e4)) fail(`scale ${JSON.stringify(f.scale)}: expected a positive number of centi-men`);
  if (typeof f.parameters !== 'string') fail('parameters missing');
  const bytes = base64Bytes(f.parameters!);
  if (bytes === null) return fail('parameters are not base64');
  const [h1, h2] = h as number[];
  const size = networkLayout(inputs, h1, h2).size;
  if (bytes.length !== size * 4) fail(`holds ${Math.floor(bytes.length / 4)} parameters, a ${inputs}-${h1}-${h2}-1 network has ${size} (truncated?)`);
  if (f.checksum !== checksum(bytes)) fail('checksum does not match (the file is damaged)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const parameters = Float32Array.from({ length: size }, (_, i) => view.getFloat32(4 * i, true));
  if (!parameters.every(Number.isFinite)) fail('a parameter is not a finite number');
  return { kind: 'network', variant: variant.name, inputs, hidden: [h1, h2], scale: f.scale!, parameters };
}

/** FNV-1a over the bytes, as 8 hex digits. */
function checksum(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
