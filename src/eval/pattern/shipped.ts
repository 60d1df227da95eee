// The weights that ship with Damka (src/eval/weights/*-patterns.json, made by `damka train`,
// see the README there).

import english from '../weights/english-patterns.json' with { type: 'json' };
import international from '../weights/international-patterns.json' with { type: 'json' };
import { shippedFiles } from '../shipped-file.ts';
import { type PatternWeights, decodeWeights } from './weights-file.ts';

/** The shipped weights of a variant, or null where none are shipped. */
export const shippedWeights = shippedFiles<PatternWeights>({ english, international }, 'patterns', decodeWeights);
