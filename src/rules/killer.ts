// Killer draughts (Scan's `killer`, mindsports.nl): International, except that a king whose
// last capture takes a king lands on the square just beyond it (docs/variants-10x10.md).

import { internationalFamily } from './international.ts';

export const KILLER = internationalFamily('killer', 95, { killer: true });
