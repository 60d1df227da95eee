// One test per rule of Turkish draughts in RULES.md, on hand-built positions (squares named
// algebraically, White at the bottom moving up the board). Every expected list was worked out
// by hand; the lines of play are spelt out in the comments.

import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { formatMove, parseMove } from '../src/notation/move-text.ts';
import { TURKISH } from '../src/rules/variants.ts';
import { expectNamedMoves, fen, namedMoves } from './helpers/named-moves.ts';

const V = TURKISH;

describe('Turkish: board, start and notation', () => {
  it('uses all 64 squares, named algebraically, White moving first from ranks 2 and 3', () => {
    const g = V.geometry;
    expect(g.squares).toBe(64);
    expect([g.squareName(1), g.squareName(8), g.squareName(57), g.squareName(64)]).toEqual(['a8', 'h8', 'a1', 'h1']);
    expect(formatFen(V, V.toBoard(V.startPosition()))).toBe(V.startFen);
    expect(V.startPosition().side).toBe(0);
    // Every white man steps forward from rank 3; those on rank 2 are blocked.
    expect(namedMoves(V, V.startFen)).toEqual(['a3-a4', 'b3-b4', 'c3-c4', 'd3-d4', 'e3-e4', 'f3-f4', 'g3-g4', 'h3-h4']);
  });

  it('reads and writes positions and moves with square names, captures with every landing square', () => {
    const pos = fen(V, 'W:WKd1,a4:Bd3, b3 ,f6,g4');
    expect(formatFen(V, V.toBoard(pos))).toBe('W:WKd1,a4:Bb3,d3,g4,f6');
    const legal = V.legalMoves(pos);
    const move = parseMove(V, pos, 'd1xd6xg6xg3xa3');
    expect(formatMove(V, move, legal)).toBe('d1xd6xg6xg3xa3');
    expect(formatMove(V, move, legal, 'hub')).toBe('d1xa3xf6xg4xb3xd3');
    expect(() => parseMove(V, pos, 'd1-d2')).toThrow(/the most pieces \(4\) must be taken/);
    expect(() => parseMove(V, pos, '12-16')).toThrow(/such as d3-d4 or d4xd6/);
    expect(() => parseFen(V, 'W:Wi9:Ba7')).toThrow(/square i9 is off the board \(a1-h8\)/);
    expect(() => parseFen(V, 'W:Wa2-a4:Ba7')).toThrow(/is not a square \(a2\) or a king/);
    expect(() => parseFen(V, 'W:Wa8:Ba7')).toThrow(/a white man on square a8 would already have been crowned/);
  });
});

describe('Turkish: moves', () => {
  it('men step forward or sideways, never back or diagonally', () => {
    expectNamedMoves(V, 'W:Wd4:Bh7', ['d4-c4', 'd4-d5', 'd4-e4']);
    expectNamedMoves(V, 'B:Wd4:Bh7', ['h7-g7', 'h7-h6']);
  });

  it('kings fly along ranks and files until blocked', () => {
    // d4: a4-c4 and e4-g4 (h4 is Black's), d1-d3 and d5-d8: 6 + 3 + 4 = 13 moves.
    const moves = namedMoves(V, 'W:WKd4:Bh4,a8');
    expect(moves).toHaveLength(13);
    expect(moves).toContain('d4-d8');
    expect(moves).not.toContain('d4-h4');
  });

  it('a man is crowned on the far rank', () => {
    expectNamedMoves(V, 'W:Wd7:Ba2', ['d7-c7', 'd7-d8 K', 'd7-e7']);
    expectNamedMoves(V, 'B:Wd7:Ba2', ['a2-a1 K', 'a2-b2']);
  });
});

describe('Turkish: captures', () => {
  it('capturing is compulsory; a man takes forward or sideways, never backwards', () => {
    // d3 behind the man is safe; c4 (landing b4) and d5 (landing d6) can be taken, one piece each.
    expectNamedMoves(V, 'W:Wd4,h2:Bc4,d3,d5', ['d4xb4 [c4]', 'd4xd6 [d5]']);
  });

  it('a king takes at any distance along a rank or file and lands on any empty square beyond', () => {
    expectNamedMoves(V, 'W:WKa4:Be4,a8', ['a4xf4 [e4]', 'a4xg4 [e4]', 'a4xh4 [e4]']);
  });

  it('majority rule: the sequence taking the most pieces, kings and men alike', () => {
    // a4xc4xe4 takes two; h2xh4 only one.
    expectNamedMoves(V, 'W:Wa4,h2:Bb4,d4,h3', ['a4xc4xe4 [b4,d4]']);
    // A king counts no more than a man: two men beat one king.
    expectNamedMoves(V, 'W:Wa4,h2:Bb4,d4,Kh3', ['a4xc4xe4 [b4,d4]']);
  });

  it('jumped pieces are removed at once: the king crosses the square of a piece it took', () => {
    // d1 up the d-file over d3, right along rank 6 over f6, down the g-file over g4, then left
    // along rank 3 through d3 (already gone) over b3 to a3: four pieces, the only maximum.
    expectNamedMoves(V, 'W:WKd1:Bd3,f6,g4,b3', ['d1xd6xg6xg3xa3 [b3,d3,f6,g4]']);
  });

  it('no 180-degree turn between two jumps, for kings and for men going left then right', () => {
    // Over d6 and then straight back down through d4 to d2 would take two: not allowed.
    expectNamedMoves(V, 'W:WKd4:Bd6,d2', ['d4xd1 [d2]', 'd4xd7 [d6]', 'd4xd8 [d6]']);
    // The man takes c4 (to b4) or e4 (to f4), never one and then back over the other.
    expectNamedMoves(V, 'W:Wd4:Bc4,e4,h8', ['d4xb4 [c4]', 'd4xf4 [e4]']);
  });

  it('a man reaching the far rank during a capture completes it as a man, crowned at the end', () => {
    // d6 takes d7 to d8, then e8 sideways to f8. A king on f8 could also fly down the f-file over
    // f5; the man cannot, so the sequence ends there with two pieces and the crown.
    expectNamedMoves(V, 'W:Wd6:Bd7,e8,f5', ['d6xd8xf8 [d7,e8] K']);
    // Black's man jumps onto rank 1 and, with nothing more to take, is crowned there.
    expectNamedMoves(V, 'B:Wb2,h4:Bb3', ['b3xb1 [b2] K']);
  });

  it('two routes taking the same pieces to the same square are one move', () => {
    // a5xc5xf5 and a5xd5xf5 both take b5 and e5: one move to each of f5, g5, h5.
    expectNamedMoves(V, 'W:WKa5:Bb5,e5', ['a5xc5xf5 [b5,e5]', 'a5xc5xg5 [b5,e5]', 'a5xc5xh5 [b5,e5]']);
  });
});

describe('Turkish: game ends and draws', () => {
  it('a side with no legal move loses', () => {
    // White's man on a7: a8 and b7 taken, and b7 cannot be jumped (c7 is occupied).
    const game = new Game(V, fen(V, 'W:Wa7:Ba8,b7,c7'));
    expect(game.status()).toEqual({ result: '0-1', reason: 'White has no legal move' });
  });

  it('one piece against one piece is drawn at the ply it arises', () => {
    const game = new Game(V, fen(V, 'W:Wd4:Bd5,h7'));
    expect(game.status().result).toBe('*');
    game.play(parseMove(V, game.position, 'd4xd6'));
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: 'one piece against one' });
    expect(new Game(V, fen(V, 'B:WKd4:Bh7')).status().result).toBe('1/2-1/2');
  });

  it('threefold repetition counts positions reached again by sideways man moves', () => {
    const game = new Game(V, fen(V, 'W:Wa2,d2:Ba7,d7'));
    const line = ['d2-e2', 'd7-e7', 'e2-d2', 'e7-d7', 'd2-e2', 'd7-e7', 'e2-d2'];
    for (const text of line) {
      game.play(parseMove(V, game.position, text));
      expect(game.status().result, `after ${text}`).toBe('*');
    }
    game.play(parseMove(V, game.position, 'e7-d7'));
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: 'threefold repetition' });
  });
});
