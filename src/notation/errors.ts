// One error type for everything a person or a program can get wrong in notation, with a
// kind so that protocols can answer precisely and tests can check which mistake was found.

export type NotationErrorKind = 'malformed' | 'illegal' | 'ambiguous';

export class NotationError extends Error {
  constructor(
    readonly kind: NotationErrorKind,
    message: string,
    /** 0-based character position of the problem, where there is one. */
    readonly index?: number,
    /** For an ambiguous move: the legal moves it could mean, in long notation. */
    readonly candidates?: string[],
  ) {
    super(message);
    this.name = 'NotationError';
  }
}
