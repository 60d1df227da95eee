// One error class for everything the library refuses, with a code a program can switch on.

export type DamkaErrorCode =
  | 'unknown-variant'
  | 'bad-fen'
  | 'bad-pdn'
  | 'bad-move'
  | 'illegal-move'
  | 'ambiguous-move'
  | 'game-over'
  | 'nothing-to-undo'
  | 'bad-limits'
  | 'bad-book'
  | 'engine-closed'
  | 'engine-failed';

export class DamkaError extends Error {
  constructor(
    readonly code: DamkaErrorCode,
    message: string,
    /** For an ambiguous move: the moves it could mean, in long notation. */
    readonly candidates: string[] = [],
  ) {
    super(message);
    this.name = 'DamkaError';
  }
}
