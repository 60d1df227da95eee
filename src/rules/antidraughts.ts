// Antidraughts (Scan's `losing`, lidraughts' antidraughts): International's moves; the side
// with no legal move, all its pieces taken or blocked, wins (docs/variants-10x10.md).

import { NO_MOVE_WINS } from './game-end.ts';
import { internationalFamily } from './international.ts';

export const ANTIDRAUGHTS = internationalFamily('antidraughts', 98, { gameEnd: NO_MOVE_WINS });
