// Breakthrough (Scan's `bt`, lidraughts' breakthrough): International's moves; the first side
// to crown a king wins at once (docs/variants-10x10.md).

import { FIRST_KING_WINS } from './game-end.ts';
import { internationalFamily } from './international.ts';

export const BREAKTHROUGH = internationalFamily('breakthrough', 96, { gameEnd: FIRST_KING_WINS });
