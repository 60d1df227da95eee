import { describe, expect, it } from 'vitest';
import { computeKey } from '../src/rules/convert.ts';
import { NotationError } from '../src/notation/errors.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { formatHubPosition, parseHubPosition } from '../src/notation/hub-position.ts';
import { type MoveStyle, formatMove, parseMove, sameMove } from '../src/notation/move-text.ts';
import { ENGLISH, INTERNATIONAL, VARIANTS } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import type { Position } from '../src/rules/position.ts';
import { rng } from './reference/random-positions.ts';

/**
 * The games whose notation the random-game tests cover: Killer, Antidraughts and Breakthrough
 * write International's moves with International's generator, Frysk! Frisian's, so they would
 * repeat those games' checks at the cost of seconds each.
 */
const NOTATION_VARIANTS = VARIANTS.filter((v) => !['killer', 'antidraughts', 'breakthrough', 'frysk'].includes(v.name));

/** What a FEN or Hub position says of a position: not Frisian's king runs, which only its moves carry (docs/variants-10x10.md). */
function asWritten(pos: Position): Position {
  if (pos.kingRun === 0) return pos;
  const p = pos.clone();
  p.kingRun = 0;
  computeKey(p);
  return p;
}

function playouts(variant: Variant, count: number, seed: number): Position[] {
  const random = rng(seed);
  const out: Position[] = [];
  for (let g = 0; g < count; g++) {
    let pos = variant.startPosition();
    for (let ply = 0; ply < 150; ply++) {
      out.push(pos);
      const moves = variant.legalMoves(pos);
      if (moves.length === 0) break;
      pos = variant.play(pos, moves[Math.floor(random() * moves.length)]);
    }
  }
  return out;
}

function expectError(fn: () => unknown, kind: string, message: RegExp): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(NotationError);
    expect((err as NotationError).kind).toBe(kind);
    expect((err as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected an error');
}

describe('FEN', () => {
  it('reads the starting positions', () => {
    for (const v of VARIANTS) expect(v.fromBoard(parseFen(v, v.startFen)).equals(v.startPosition())).toBe(true);
  });

  it('accepts ranges, kings, any order, spaces, lower case and a trailing dot', () => {
    const a = parseFen(INTERNATIONAL, 'B:W31-33,K45:BK1,10-12');
    const b = parseFen(INTERNATIONAL, ' b : bk1, 10 ,11,12 : W K45 ,31,32,33 .');
    expect(b).toEqual(a);
    expect(formatFen(INTERNATIONAL, a)).toBe('B:W31,32,33,K45:BK1,10,11,12');
    expect(formatFen(INTERNATIONAL, parseFen(INTERNATIONAL, 'W:W:B1'))).toBe('W:W:B1');
  });

  it('round-trips positions from random games in both variants', () => {
    // Failures are collected and compared once: an expect a position cost more than the round trip.
    const wrong: string[] = [];
    for (const v of NOTATION_VARIANTS) {
      for (const pos of playouts(v, 20, 99)) {
        const text = formatFen(v, v.toBoard(pos));
        if (!v.fromBoard(parseFen(v, text)).equals(asWritten(pos))) wrong.push(`${v.name} ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['', /empty text/],
    ['X:W31:B1', /side to move must be W or B/],
    ['W', /expected a W and a B section/],
    ['W:W31', /expected a W and a B section/],
    ['W:W31:W32', /W section appears twice/],
    ['W:W31:Q1', /must start with W or B/],
    ['W:W31,,32:B1', /empty square between commas/],
    ['W:W3a:B1', /"3a" is not a square/],
    ['W:W0:B1', /square 0 is off the board/],
    ['W:W51:B1', /square 51 is off the board \(1-50\)/],
    ['W:W40-35:B1', /range 40-35 runs backwards/],
    ['W:W31,31:B1', /square 31 is given twice/],
    ['W:W31:B31', /square 31 is given twice/],
    ['W:W3:B10', /white man on square 3 would already have been crowned/],
    ['W:W31:B48', /black man on square 48 would already have been crowned/],
    ['W:W20-50:B1', /White has 31 pieces, more than the 20/],
    ['W:W31:B1:X', /must start with W or B/],
    ['W:W31:B1 K', /is not a square/],
  ])('rejects %j', (fen, message) => expectError(() => parseFen(INTERNATIONAL, fen), 'malformed', message));

  it('says where the problem is', () => {
    try {
      parseFen(INTERNATIONAL, 'W:W31,32,x:B1');
    } catch (err) {
      expect((err as NotationError).index).toBe(9);
    }
    expect.assertions(1);
  });

  it('checks squares against the board size of the variant', () => {
    expectError(() => parseFen(ENGLISH, 'B:W21-33:B1-12'), 'malformed', /square 33 is off the board \(1-32\)/);
  });
});

describe('Hub position strings', () => {
  it('round-trips and agrees with FEN', () => {
    for (const v of NOTATION_VARIANTS) {
      for (const pos of playouts(v, 5, 7)) {
        const text = formatHubPosition(v, v.toBoard(pos));
        // Algebraic boards send the FEN form (RULES.md position text), the others a character a square.
        if (v.geometry.naming === 'numeric') expect(text).toHaveLength(v.geometry.squares + 1);
        else expect(text).toBe(formatFen(v, v.toBoard(pos)));
        expect(v.fromBoard(parseHubPosition(v, text)).equals(asWritten(pos))).toBe(true);
      }
    }
    expect(formatHubPosition(INTERNATIONAL, INTERNATIONAL.toBoard(INTERNATIONAL.startPosition())))
      .toBe(`W${'b'.repeat(20)}${'e'.repeat(10)}${'w'.repeat(20)}`);
  });

  it.each([
    [`W${'e'.repeat(49)}`, /expected 51 characters for international/],
    [`X${'e'.repeat(50)}`, /first character must be W or B/],
    [`W${'e'.repeat(10)}x${'e'.repeat(39)}`, /character 12 \(square 11\) is "x"/],
    [`W${'w'}${'e'.repeat(49)}`, /white man on square 1 would already have been crowned/],
  ])('rejects %j', (text, message) => expectError(() => parseHubPosition(INTERNATIONAL, text), 'malformed', message));

  it('rejects a 10x10 string for English', () => {
    expectError(() => parseHubPosition(ENGLISH, `W${'e'.repeat(50)}`), 'malformed', /expected 33 characters for english/);
  });
});

describe('move text', () => {
  it('every legal move, in every style, parses back to itself', () => {
    const wrong: string[] = [];
    for (const v of NOTATION_VARIANTS) {
      for (const pos of playouts(v, 15, 3)) {
        const moves = v.legalMoves(pos);
        for (const m of moves) {
          for (const style of ['pdn', 'long', 'hub'] as MoveStyle[]) {
            const text = formatMove(v, m, moves, style);
            if (!sameMove(parseMove(v, pos, text), m)) wrong.push(`${v.name} ${text} (${style})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes the long form only where two captures share start and end', () => {
    // Black's king takes 33 and lands on 29 or 24; from each, a different second piece and 21 or 26.
    const pos = INTERNATIONAL.fromBoard(parseFen(INTERNATIONAL, 'B:WK13,K17,18,K33,K48:BK38'));
    const moves = INTERNATIONAL.legalMoves(pos);
    const texts = moves.map((m) => formatMove(INTERNATIONAL, m, moves));
    const pairs = moves.filter((a) => moves.some((b) => b !== a && b.from === a.from && b.to === a.to));
    for (const m of moves) {
      const text = formatMove(INTERNATIONAL, m, moves);
      expect(text.split('x').length > 2).toBe(pairs.includes(m));
    }
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.sort()).toEqual(['38x24x8x21', '38x24x8x26', '38x29x12x21', '38x29x12x26']);
  });

  it('accepts a capture written with - and the Hub captured-squares form', () => {
    // The man on 28 takes 23 (landing 19) and then 13 (landing 8).
    const pos = INTERNATIONAL.fromBoard(parseFen(INTERNATIONAL, 'W:W28:B23,13'));
    expect(parseMove(INTERNATIONAL, pos, '28-8').captured).toEqual([13, 23]);
    expect(parseMove(INTERNATIONAL, pos, '28x8x13x23').to).toBe(8);
    expect(parseMove(INTERNATIONAL, pos, '28x8x23x13').to).toBe(8);
    expect(parseMove(INTERNATIONAL, pos, '28x19x8').captured).toEqual([13, 23]);
    expectError(() => parseMove(INTERNATIONAL, pos, '28x19'), 'illegal', /the most pieces \(2\) must be taken: 28x8/);
    expectError(() => parseMove(INTERNATIONAL, pos, '28x8x13'), 'illegal', /most pieces/);
  });

  it.each([
    ['', 'malformed', /expected squares joined by - or x/],
    ['32', 'malformed', /expected squares joined by - or x/],
    ['32--28', 'malformed', /expected squares/],
    ['e3-d4', 'malformed', /expected squares/],
    ['32-28 ', 'illegal', /./], // trailing space is trimmed: legal? see below
    ['0-5', 'malformed', /square 0 is off the board/],
    ['32-51', 'malformed', /square 51 is off the board/],
    ['1-6', 'illegal', /White has no piece on 1/],
    ['27-22', 'illegal', /White has no piece on 27/],
    ['32-26', 'illegal', /the piece on 32 can play 32-27, 32-28$/],
    ['46-41', 'illegal', /the piece on 46 cannot move/],
    ['31-27x', 'malformed', /expected squares/],
  ])('move %j in the International start position', (text, kind, message) => {
    const pos = INTERNATIONAL.startPosition();
    if (text === '32-28 ') {
      expect(parseMove(INTERNATIONAL, pos, text).to).toBe(28);
      return;
    }
    expectError(() => parseMove(INTERNATIONAL, pos, text), kind, message);
  });

  it('says when a capture is compulsory, and when the majority rule applies', () => {
    const english = ENGLISH.fromBoard(parseFen(ENGLISH, 'W:W22,30:B18,9'));
    expectError(() => parseMove(ENGLISH, english, '30-26'), 'illegal', /a capture is compulsory: 22x15/);
    const intl = INTERNATIONAL.fromBoard(parseFen(INTERNATIONAL, 'W:W28,40:B23,13,34'));
    // 40 takes 34, 23 and 13 on its way to 9: the three-piece capture is the only legal move.
    expectError(() => parseMove(INTERNATIONAL, intl, '40x29'), 'illegal', /the most pieces \(3\) must be taken: 40x9$/);
  });

  it('reports an ambiguous move with its candidates', () => {
    const pos = INTERNATIONAL.fromBoard(parseFen(INTERNATIONAL, 'B:WK13,K17,18,K33,K48:BK38'));
    const moves = INTERNATIONAL.legalMoves(pos);
    const twin = moves.find((a) => moves.some((b) => b !== a && b.from === a.from && b.to === a.to));
    if (!twin) throw new Error('test position has no two captures sharing start and end');
    try {
      parseMove(INTERNATIONAL, pos, `${twin.from}x${twin.to}`);
    } catch (err) {
      expect((err as NotationError).kind).toBe('ambiguous');
      expect((err as NotationError).candidates!.length).toBeGreaterThanOrEqual(2);
      expect((err as Error).message).toMatch(/ambiguous move .* could be .* or /);
      return;
    }
    throw new Error('expected an ambiguity');
  });

  it('English: two captures from 18 to 20, and a king round trip 18x18', () => {
    const pos = ENGLISH.fromBoard(parseFen(ENGLISH, 'B:W6,K7,14,K15,K16:B1,K18'));
    expectError(() => parseMove(ENGLISH, pos, '18x20'), 'ambiguous', /18x9x2x11x20 or 18x11x20|18x11x20 or 18x9x2x11x20/);
    expect(parseMove(ENGLISH, pos, '18x11x20').captured).toEqual([15, 16]);
    const loop = parseMove(ENGLISH, pos, '18x18');
    expect(loop.captured).toEqual([6, 7, 14, 15]);
    expect(loop.crowns).toBe(false);
  });

  it('reports a side with no legal move', () => {
    const pos = ENGLISH.fromBoard(parseFen(ENGLISH, 'B:W25,30:B21'));
    expectError(() => parseMove(ENGLISH, pos, '21-25'), 'illegal', /Black has no legal move/);
  });
});
