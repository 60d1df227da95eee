// A TCP byte stream into DXP messages: each ends in a NUL byte, and TCP may split one
// message over several packets or put several in one. An over-long message is dropped up to
// its NUL and reported, so one bad peer message never costs the ones after it.

import { MAX_MESSAGE } from './messages.ts';

export class DxpFramer {
  private buffer = '';
  private discarding = false;

  /** Complete messages in this chunk (and earlier partial ones), plus errors for dropped ones. */
  push(chunk: Buffer | string): { messages: string[]; errors: string[] } {
    const messages: string[] = [];
    const errors: string[] = [];
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    let nul: number;
    while ((nul = this.buffer.indexOf('\0')) >= 0) {
      const text = this.buffer.slice(0, nul);
      this.buffer = this.buffer.slice(nul + 1);
      if (this.discarding) { this.discarding = false; continue; }
      if (text.length > MAX_MESSAGE) { errors.push(`a message of ${text.length} characters is too long (limit ${MAX_MESSAGE})`); continue; }
      messages.push(text.replace(/\r?\n$/, ''));
    }
    if (this.buffer.length > MAX_MESSAGE && !this.discarding) {
      errors.push(`a message longer than ${MAX_MESSAGE} characters without its NUL: dropped`);
      this.discarding = true;
    }
    if (this.discarding) this.buffer = '';
    return { messages, errors };
  }
}
