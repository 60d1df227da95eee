// DXP messages: every type encoded and decoded with its exact field widths and padding, the
// errors for malformed ones, and the framing of a TCP stream into messages.

import { describe, expect, it } from 'vitest';
import { CHAT_KEPT, DxpFramer } from '../src/protocols/dxp/framing.ts';
import { ReportThrottle, heldNote } from '../src/protocols/dxp/report-throttle.ts';
import { DxpError, type DxpMessage, MAX_MESSAGE, decodeDxp, encodeDxp } from '../src/protocols/dxp/messages.ts';

const BOARD = `${'z'.repeat(20)}${'e'.repeat(10)}${'w'.repeat(20)}`;

describe('DXP messages', () => {
  const cases: [DxpMessage, string][] = [
    [{ type: 'chat', text: 'hello there' }, 'Chello there'],
    [{ type: 'request', version: 1, name: 'Damka', followerColor: 'Z', minutes: 5, moves: 75, start: null }, `R01${'Damka'.padEnd(32)}Z005075A`],
    [{ type: 'request', version: 1, name: 'Scan', followerColor: 'W', minutes: 120, moves: 0, start: { toMove: 'Z', board: BOARD } }, `R01${'Scan'.padEnd(32)}W120000BZ${BOARD}`],
    [{ type: 'accept', name: 'Kingsrow', code: 0 }, `A${'Kingsrow'.padEnd(32)}0`],
    [{ type: 'accept', name: 'Moby Dam', code: 3 }, `A${'Moby Dam'.padEnd(32)}3`],
    [{ type: 'move', seconds: 12, from: 32, to: 28, captured: [] }, 'M0012322800'],
    [{ type: 'move', seconds: 0, from: 46, to: 5, captured: [41, 23, 14] }, 'M0000460503412314'],
    [{ type: 'end', reason: 3, stop: 1 }, 'E31'],
    [{ type: 'back', moveNumber: 12, toMove: 'W' }, 'B012W'],
    [{ type: 'back-accept', code: 2 }, 'K2'],
  ];
  for (const [message, wire] of cases) {
    it(`${message.type}: ${wire.slice(0, 40)}`, () => {
      expect(encodeDxp(message)).toBe(wire);
      expect(decodeDxp(wire)).toEqual(message);
    });
  }

  it('pads and cuts names to 32 characters, and keeps the text ASCII', () => {
    const long = encodeDxp({ type: 'accept', name: 'A very long engine name that goes on and on', code: 0 });
    expect(long).toHaveLength(1 + 32 + 1);
    expect(encodeDxp({ type: 'chat', text: 'caf\u00e9' })).toBe('Ccaf?');
    expect(decodeDxp('Ccaf\u00e9 \u0001ok')).toEqual({ type: 'chat', text: 'caf? ?ok' });
  });

  it('refuses what does not fit its field', () => {
    expect(() => encodeDxp({ type: 'move', seconds: 1, from: 100, to: 1, captured: [] })).toThrow(DxpError);
    expect(() => encodeDxp({ type: 'back', moveNumber: 1000, toMove: 'W' })).toThrow(/3 digits/);
    expect(encodeDxp({ type: 'move', seconds: 123456, from: 1, to: 6, captured: [] })).toBe('M9999010600');
  });

  it('names the problem in a malformed message', () => {
    const bad: [string, RegExp][] = [
      ['', /empty/],
      ['X123', /unknown message type "X"/],
      ['M001232', /too short for to/],
      ['M00123228', /too short for number captured/],
      ['M0012322801', /too short for captured square 1/],
      ['M001232280012', /2 characters too many/],
      ['M00a2322800', /time "00a2" is not a 4-digit number/],
      ['M0012992800', /square 99 is not on the board/],
      [`R01${'X'.padEnd(32)}Q005075A`, /follower colour "Q" is not W or Z/],
      [`R01${'X'.padEnd(32)}Z005075C`, /start "C" is not A or B/],
      [`R01${'X'.padEnd(32)}Z005075BW${'q'.repeat(50)}`, /50 characters of w, z, W, Z and e/],
      [`R01${'X'.padEnd(32)}Z005075BW${'e'.repeat(49)}`, /too short for board/],
      [`A${'X'.padEnd(32)}7`, /code 7 is not one of 0, 1, 2, 3/],
      ['E2', /too short for stop code/],
      ['E41', /reason 4/],
      ['B01W', /move number "01W" is not a 3-digit number/],
      ['B012', /too short for colour to move/],
      ['K5', /code 5/],
      ['M0012\u00e92800', /printable ASCII/],
      [`M${'0'.repeat(MAX_MESSAGE)}`, /too long/],
    ];
    for (const [text, message] of bad) expect(() => decodeDxp(text), JSON.stringify(text)).toThrow(message);
  });
});

describe('DXP framing', () => {
  it('joins messages split across packets and splits joined ones', () => {
    const f = new DxpFramer();
    expect(f.push('M00123')).toEqual({ messages: [], errors: [] });
    expect(f.push('22800\0E2')).toEqual({ messages: ['M0012322800'], errors: [] });
    expect(f.push('0\0Chi\0K0\0')).toEqual({ messages: ['E20', 'Chi', 'K0'], errors: [] });
    expect(f.push(Buffer.from('B001W\0', 'latin1'))).toEqual({ messages: ['B001W'], errors: [] });
  });

  it('drops an over-long message up to its NUL and keeps the next', () => {
    const f = new DxpFramer();
    const first = f.push('M' + '0'.repeat(MAX_MESSAGE + 10));
    expect(first.messages).toEqual([]);
    expect(first.errors).toEqual(['a message longer than 512 characters: dropped up to its NUL']);
    expect(f.push('0'.repeat(100))).toEqual({ messages: [], errors: [] });
    expect(f.push('000\0K1\0')).toEqual({ messages: ['K1'], errors: [] });
  });

  it('takes chat of any length, keeping the first CHAT_KEPT characters, over any packet split', () => {
    const f = new DxpFramer();
    const text = 'abcdefghij'.repeat(300);
    expect(f.push(`C${text.slice(0, 700)}`)).toEqual({ messages: [], errors: [] });
    const { messages, errors } = f.push(`${text.slice(700)}\0Cshort\0`);
    expect(errors).toEqual([]);
    expect(messages).toEqual([`C${text.slice(0, CHAT_KEPT)} ... (${3000 - CHAT_KEPT} more characters)`, 'Cshort']);
    expect(decodeDxp(messages[0])).toMatchObject({ type: 'chat', text: expect.stringMatching(/^abcdefghij.*\(2000 more characters\)$/) });
    // Exactly at the limit nothing is cut.
    expect(f.push(`C${text.slice(0, CHAT_KEPT)}\0`).messages).toEqual([`C${text.slice(0, CHAT_KEPT)}`]);
  });

  it('splits a megabyte of NULs into a million empty messages, none lost', () => {
    const { messages, errors } = new DxpFramer().push(Buffer.alloc(1 << 20));
    expect(errors).toEqual([]);
    expect(messages).toHaveLength(1 << 20);
    expect(messages.every((m) => m === '')).toBe(true);
  });
});

describe('DXP report throttle', () => {
  it('lets a burst through, then one an interval, and counts the rest into the next', () => {
    let now = 0;
    const throttle = new ReportThrottle(3, 1000, () => now);
    expect([throttle.take(), throttle.take(), throttle.take(), throttle.take(), throttle.take()]).toEqual([0, 0, 0, null, null]);
    expect(throttle.held).toBe(2);
    now = 999;
    expect(throttle.take()).toBeNull();
    now = 1000;
    expect(throttle.take()).toBe(3);
    expect(throttle.held).toBe(0);
    expect(heldNote(3)).toBe(' (and 3 more not shown before this)');
    expect(heldNote(0)).toBe('');
    // A long quiet spell refills the burst, never more.
    now = 100_000;
    expect([throttle.take(), throttle.take(), throttle.take(), throttle.take()]).toEqual([0, 0, 0, null]);
  });
});
