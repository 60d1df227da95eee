import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { PdnError, formatPdnGame, parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { randomGame } from './helpers/random-game.ts';

describe('PDN', () => {
  for (const variant of [ENGLISH, INTERNATIONAL]) {
    it(`${variant.name}: random games round-trip move for move, with result and tags`, () => {
      for (let seed = 1; seed <= 25; seed++) {
        const game = randomGame(variant, seed);
        const text = formatPdnGame(game, { Event: 'Test "quoted"', White: 'A', Black: 'B', Round: String(seed) });
        const [record] = parsePdn(text);
        expect(record.tags.get('GameType')).toBe(String(variant.gameType));
        expect(record.tags.get('Event')).toBe('Test "quoted"');
        expect(record.tags.has('FEN')).toBe(false);
        expect(record.result).toBe(game.status().result);
        const back = replayPdn(record);
        expect(back.moves.map((m) => formatMove(variant, m, [], 'long'))).toEqual(game.moves.map((m) => formatMove(variant, m, [], 'long')));
        expect(back.status()).toEqual(game.status());
        for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      }
    });
  }

  it('writes FEN for a non-standard start and numbers a game that starts with the second player', () => {
    // English: Black moves first, so a White-to-move start begins "1...".
    const start = ENGLISH.fromBoard(parseFen(ENGLISH, 'W:W18,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,15'));
    const game = randomGame(ENGLISH, 99, 300, start);
    const text = formatPdnGame(game);
    expect(text).toContain('[FEN "W:W18,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,15"]');
    expect(text).toMatch(/\n1\.\.\. \d+[-x]\d+ 2\. /);
    const back = replayPdn(parsePdn(text)[0]);
    expect(back.startPosition.equals(start)).toBe(true);
    expect(back.ply).toBe(game.ply);
  });

  it('reads comments, variations, NAGs, move numbers, draughts-style results and several games', () => {
    const text = `[Event "One"]
[GameType "21"]
1. 11-15 {a comment (with parens)} 23-19 $1 2. 8-11! (2. 9-13 22-18) 22-17?! 2-0

[Event "Two"]
[GameType "20"]
% an escaped line
1. 32-28 19-23 2. 28x19 14x23 1-1
`;
    const games = parsePdn(text);
    expect(games).toHaveLength(2);
    expect(games[0].moves).toEqual(['11-15', '23-19', '8-11', '22-17']);
    expect(games[0].result).toBe('0-1'); // English "2-0": the first mover, Black, won
    expect(games[1].moves).toEqual(['32-28', '19-23', '28x19', '14x23']);
    expect(games[1].result).toBe('1/2-1/2');
    expect(replayPdn(games[1]).ply).toBe(4);
  });

  it('reports what is wrong, and where', () => {
    const cases: [string, RegExp][] = [
      ['[Event "x"\n1. 11-15 *', /line 1: malformed tag/],
      ['[GameType "21"]\n1. 11-15 {open comment', /line 2: comment not closed/],
      ['[GameType "21"]\n1. 11-15 (9-13 *', /line 2: variation not closed/],
      ['[GameType "21"]\n1. 11-15 Nf3 *', /line 2: unexpected "Nf3"/],
    ];
    for (const [text, message] of cases) expect(() => parsePdn(text), text).toThrow(message);
    const illegal = parsePdn('[GameType "21"]\n1. 11-15 23-19 2. 11-15 *')[0];
    expect(() => replayPdn(illegal)).toThrow(/move 3 \(11-15\)/);
    expect(() => replayPdn(parsePdn('[GameType "98"]\n1. 11-15 *')[0])).toThrow(/GameType 98 is not a game Damka plays \(20 international, 21 english, 26 brazilian, 25 russian, 30 turkish/);
    expect(() => replayPdn(parsePdn('1. 11-15 *')[0])).toThrow(PdnError);
    expect(replayPdn(parsePdn('1. 11-15 *')[0], ENGLISH).ply).toBe(1);
  });

  it('disambiguates only where two captures share start and end', () => {
    const start = ENGLISH.fromBoard(parseFen(ENGLISH, 'W:W24,26,27:B1,8,14,15,22,23'));
    const game = new Game(ENGLISH, start);
    game.play(parseMove(ENGLISH, start, '26x19x10'));
    const text = formatPdnGame(game);
    expect(text).toContain('26x19x10');
    expect(replayPdn(parsePdn(text)[0]).moves[0].captured).toEqual([15, 23]);
  });

  it('writes English results from the first mover (Black), as CheckerBoard and KingsRow do', () => {
    // Black to move blocks White's last man: Black wins, which an English PDN file writes as 1-0.
    const game = new Game(ENGLISH, ENGLISH.fromBoard(parseFen(ENGLISH, 'B:W29:B21,22')));
    game.play(parseMove(ENGLISH, game.position, '21-25'));
    expect(game.status().result).toBe('0-1');
    const text = formatPdnGame(game);
    expect(text).toContain('[Result "1-0"]');
    expect(text.trim().endsWith('1-0')).toBe(true);
    const [record] = parsePdn(text);
    expect(record.result).toBe('0-1');
    // International: White moves first, so the file and Damka agree.
    const intl = parsePdn('[GameType "20"]\n1. 32-28 1-0')[0];
    expect(intl.result).toBe('1-0');
  });

  it('replays a record that plays on past an unclaimed repetition', () => {
    const text = '[GameType "21"]\n[FEN "B:WK29:BK1"]\n1. 1-5 29-25 2. 5-1 25-29 3. 1-5 29-25 4. 5-1 25-29 5. 1-5 29-25 *';
    const game = replayPdn(parsePdn(text)[0]);
    expect(game.ply).toBe(10);
    expect(game.status().result).toBe('1/2-1/2');
  });

  it('keeps a move number on the line of its move', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const text = formatPdnGame(randomGame(INTERNATIONAL, seed));
      for (const line of text.split('\n')) expect(line, line).not.toMatch(/\d+\.$/);
    }
  });
});
