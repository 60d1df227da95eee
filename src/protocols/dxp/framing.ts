// A TCP byte stream into DXP messages: each ends in a NUL byte, and TCP may split one
// message over several packets or put several in one. Memory stays bounded whatever the peer
// sends: an over-long message is dropped up to its NUL and reported, so one bad peer message
// never costs the ones after it, except chat, which DXP leaves free in length: a long one is
// kept up to CHAT_KEPT characters and the rest counted.

import { MAX_MESSAGE } from './messages.ts';

/** Characters of a chat message kept for the log; the rest of a longer one is counted. */
export const CHAT_KEPT = 1000;

export class DxpFramer {
  /** The message read so far, up to its limit. */
  private buffer = '';
  /** Characters of the current message beyond its limit, not kept. */
  private dropped = 0;
  private reported = false;

  /** Complete messages in this chunk (and earlier partial ones), plus errors for dropped ones. */
  push(chunk: Buffer | string): { messages: string[]; errors: string[] } {
    const messages: string[] = [];
    const errors: string[] = [];
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    // One pass over the chunk: a flood of tiny messages costs no more than one long one.
    for (let from = 0; ;) {
      const nul = text.indexOf('\0', from);
      const end = nul < 0 ? text.length : nul;
      this.take(text, from, end, errors);
      if (nul < 0) break;
      this.finish(messages);
      from = nul + 1;
    }
    return { messages, errors };
  }

  private limit(): number {
    return this.buffer[0] === 'C' ? CHAT_KEPT + 1 : MAX_MESSAGE;
  }

  private take(text: string, from: number, end: number, errors: string[]): void {
    if (from === end) return;
    if (this.buffer === '') this.buffer = text[from++];
    const room = Math.max(0, this.limit() - this.buffer.length);
    const kept = Math.min(room, end - from);
    if (kept > 0) this.buffer += text.slice(from, from + kept);
    this.dropped += end - from - kept;
    if (this.dropped > 0 && this.buffer[0] !== 'C' && !this.reported) {
      errors.push(`a message longer than ${MAX_MESSAGE} characters: dropped up to its NUL`);
      this.reported = true;
    }
  }

  private finish(messages: string[]): void {
    const text = this.buffer.replace(/\r?\n$/, '');
    const dropped = this.dropped;
    this.buffer = '';
    this.dropped = 0;
    this.reported = false;
    // Another over-long message was reported when it outgrew its limit: nothing left to do.
    if (dropped === 0) messages.push(text);
    else if (text[0] === 'C') messages.push(`${text} ... (${dropped} more characters)`);
  }
}
