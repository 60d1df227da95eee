// The networks that ship with Damka (src/eval/weights/*-network.json, made by `damka train
// fit-network`, see the README there).

import english from '../weights/english-network.json' with { type: 'json' };
import international from '../weights/international-network.json' with { type: 'json' };
import { shippedFiles } from '../shipped-file.ts';
import { type NetworkWeights, decodeNetwork } from './network-file.ts';

/** The shipped network of a variant, or null where none ships. */
export const shippedNetwork = shippedFiles<NetworkWeights>({ english, international }, 'network', decodeNetwork);
