import { describe, expect, it } from 'vitest';
import { HubSyntaxError, formatHubLine, parseHubLine } from '../src/protocols/hub/line.ts';

describe('Hub line syntax', () => {
  it('reads a command with values, quoted values and flags', () => {
    const line = parseHubLine('pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23" ponder');
    expect(line?.command).toBe('pos');
    expect(line?.args.get('pos')).toBe('Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww');
    expect(line?.args.get('moves')).toBe('32-28 19-23');
    expect(line?.args.get('ponder')).toBe(true);
  });

  it('accepts an empty quoted value and extra spaces', () => {
    const line = parseHubLine('  set-param   name=book  value=""  ');
    expect(line?.command).toBe('set-param');
    expect(line?.args.get('value')).toBe('');
  });

  it('ignores blank lines', () => {
    expect(parseHubLine('   ')).toBeNull();
  });

  it.each([
    ['=x', /must start with a command/],
    ['pos pos="Wbb', /unterminated quote/],
    ['level time="1"2', /after the closing quote/],
    ['go =think', /without a name/],
    ['pos pos=W"b', /stray quote/],
  ])('rejects %s', (text, message) => {
    expect(() => parseHubLine(text)).toThrow(HubSyntaxError);
    expect(() => parseHubLine(text)).toThrow(message);
  });

  it('formats values, quoting where the protocol requires it', () => {
    expect(formatHubLine('id', { name: 'Damka', version: '0.1', author: 'The Damka team', country: '' }))
      .toBe('id name=Damka version=0.1 author="The Damka team" country=""');
    expect(formatHubLine('info', { depth: 5, pv: '32-28 19-23', ponder: true, skip: undefined }))
      .toBe('info depth=5 pv="32-28 19-23" ponder');
  });

  it('round-trips what it formats', () => {
    const text = formatHubLine('param', { name: 'variant', value: 'normal', type: 'enum', values: 'normal english' });
    const line = parseHubLine(text);
    expect(Object.fromEntries(line!.args)).toEqual({ name: 'variant', value: 'normal', type: 'enum', values: 'normal english' });
  });
});
