// Russian draughts (shashki): flying kings on the 8x8 board, no majority rule, a man
// crowned during a capture goes on as a king (RULES.md). The generator is shared with
// Brazilian draughts.

import { flying8x8Variant } from './flying-8x8.ts';

export const RUSSIAN = flying8x8Variant('russian', 25, true);
