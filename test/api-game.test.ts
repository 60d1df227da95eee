// The library's game API (src/api, exported as 'damka'): every call and its errors.

import { describe, expect, it } from 'vitest';
import { DamkaError, DraughtsGame, type MoveInfo, variants } from '../src/api/index.ts';

/** The DamkaError a call throws (fails the test if it throws none or another kind). */
function refusal(call: () => unknown): DamkaError {
  try {
    call();
  } catch (err) {
    expect(err).toBeInstanceOf(DamkaError);
    return err as DamkaError;
  }
  throw new Error('expected a DamkaError');
}

const texts = (moves: MoveInfo[]) => moves.map((m) => m.text);

describe('variants', () => {
  it('lists every variant of the registry with its board', () => {
    const all = variants();
    const names = all.map((v) => v.name);
    expect(names).toContain('english');
    expect(names).toContain('international');
    for (const v of all) {
      expect(v.coordinates).toHaveLength(v.squares);
      const cells = new Set(v.coordinates.map(({ row, file }) => `${row},${file}`));
      expect(cells.size, `${v.name}: one square per cell`).toBe(v.squares);
      for (const { row, file } of v.coordinates) expect(row >= 0 && row < v.rows && file >= 0 && file < v.rows).toBe(true);
      expect(DraughtsGame.create(v.name, v.startFen).fen()).toBe(DraughtsGame.create(v.name).fen());
    }
    const english = all.find((v) => v.name === 'english')!;
    expect(english).toMatchObject({ gameType: 21, squares: 32, rows: 8, firstToMove: 'black' });
    expect(english.coordinates[0]).toEqual({ row: 0, file: 1 }); // square 1 is b8
  });
});

describe('DraughtsGame', () => {
  it('starts any variant, by name or alias, from the start or a FEN', () => {
    expect(DraughtsGame.create().variant.name).toBe('international');
    expect(DraughtsGame.create('checkers').variant.name).toBe('english');
    const game = DraughtsGame.create('english');
    expect(game.fen()).toBe('B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
    expect(game.status()).toEqual({ toMove: 'black', over: false, result: '*', winner: null, end: null, reason: '' });
    const from = DraughtsGame.create('international', 'W:WK46,28:B17,19,33');
    expect(from.fen()).toBe('W:W28,K46:B17,19,33');
    expect(from.startFen()).toBe('W:W28,K46:B17,19,33');
    expect(from.board()[45]).toBe('W');
    expect(from.board()[27]).toBe('w');
    expect(from.board()[16]).toBe('b');
    expect(from.board()[0]).toBeNull();
  });

  it('refuses an unknown variant and a bad FEN with their codes', () => {
    const unknown = refusal(() => DraughtsGame.create('chess'));
    expect(unknown.code).toBe('unknown-variant');
    expect(unknown.message).toMatch(/english.*international|international.*english/);
    const fen = refusal(() => DraughtsGame.create('english', 'W:W33:B1'));
    expect(fen.code).toBe('bad-fen');
    expect(fen.message).toMatch(/square 33 is off the board/);
    expect(refusal(() => DraughtsGame.create('english', 'X:W1:B2')).code).toBe('bad-fen');
    expect(refusal(() => DraughtsGame.create('english', 42 as unknown as string)).code).toBe('bad-fen');
  });

  it('lists legal moves as PDN text and as squares, in square order', () => {
    const game = DraughtsGame.create('english');
    expect(texts(game.legalMoves())).toEqual(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']);
    expect(game.legalMoves()[0]).toEqual({ text: '9-13', long: '9-13', from: 9, to: 13, path: [13], captured: [], crowns: false });
    const capture = DraughtsGame.create('international', 'W:WK46,28:B17,19,33');
    expect(capture.legalMoves()).toEqual([{ text: '28x39', long: '28x39', from: 28, to: 39, path: [39], captured: [33], crowns: false }]);
  });

  it('writes captures that share start and end in long form and refuses the short form as ambiguous', () => {
    const game = DraughtsGame.create('english', 'B:W17,18,20,25,26,27,28,29,31,32:B1,2,4,5,7,8,10,12,14,15');
    const routes = game.legalMoves().filter((m) => m.from === 14 && m.to === 30);
    expect(routes.map((m) => m.text)).toEqual(['14x21x30', '14x23x30']);
    expect(routes.map((m) => m.captured)).toEqual([[17, 25], [18, 26]]);
    const err = refusal(() => game.play('14x30'));
    expect(err.code).toBe('ambiguous-move');
    expect(err.candidates).toEqual(['14x21x30', '14x23x30']);
    const objectErr = refusal(() => game.play({ from: 14, to: 30 }));
    expect(objectErr.code).toBe('ambiguous-move');
    expect(objectErr.candidates).toEqual(['14x21x30', '14x23x30']);
    expect(game.ply).toBe(0);
    expect(game.clone().play({ from: 14, to: 30, path: [23, 30] }).long).toBe('14x23x30');
    expect(game.clone().play({ from: 14, to: 30, captured: [25, 17] }).long).toBe('14x21x30');
    expect(refusal(() => game.play({ from: 14, to: 30, path: [22, 30] })).code).toBe('illegal-move');
    expect(game.play('14x23x30')).toMatchObject({ text: '14x23x30', path: [23, 30], captured: [18, 26] });
  });

  it('plays by text or object, and explains bad and illegal moves without changing the game', () => {
    const game = DraughtsGame.create('english');
    expect(game.play('11-15').text).toBe('11-15');
    expect(game.play({ from: 22, to: 18 }).text).toBe('22-18');
    expect(game.status().toMove).toBe('black');
    const forced = refusal(() => game.play('9-13'));
    expect(forced.code).toBe('illegal-move');
    expect(forced.message).toMatch(/capture is compulsory: 15x22/);
    expect(refusal(() => game.play({ from: 9, to: 13 })).message).toMatch(/capture is compulsory/);
    expect(refusal(() => game.play('22-17')).message).toMatch(/Black has no piece on 22/);
    expect(refusal(() => game.play('hello')).code).toBe('bad-move');
    expect(refusal(() => game.play('15x40')).code).toBe('bad-move');
    expect(refusal(() => game.play({ from: 0, to: 5 })).code).toBe('bad-move');
    expect(refusal(() => game.play({ from: 15, to: 22, path: [1.5] })).code).toBe('bad-move');
    expect(refusal(() => game.play(null as unknown as string)).code).toBe('bad-move');
    expect(game.ply).toBe(2);
    expect(game.play('15x22')).toMatchObject({ from: 15, to: 22, captured: [18] });
  });

  it('undoes and redoes, and playing a move forgets what was undone', () => {
    const game = DraughtsGame.create('english');
    game.play('11-15');
    game.play('22-18');
    expect(game.undo()?.text).toBe('22-18');
    expect(game.fen()).toMatch(/^W:/);
    expect(game.redo()?.text).toBe('22-18');
    expect(texts(game.history())).toEqual(['11-15', '22-18']);
    game.undo();
    game.play('23-19');
    expect(game.redo()).toBeNull();
    game.undo();
    game.undo();
    expect(game.undo()).toBeNull();
    expect(game.ply).toBe(0);
    expect(game.fen()).toBe(DraughtsGame.create('english').fen());
  });

  it('ends a game when the side to move has no move, and refuses moves after', () => {
    const game = DraughtsGame.create('english', 'W:W14:B9');
    expect(game.play('14x5').captured).toEqual([9]);
    expect(game.status()).toEqual({ toMove: 'black', over: true, result: '1-0', winner: 'white', end: 'no-legal-move', reason: 'Black has no legal move' });
    expect(game.legalMoves()).toEqual([]);
    const err = refusal(() => game.play('1-5'));
    expect(err.code).toBe('game-over');
    expect(err.message).toMatch(/Black has no legal move/);
  });

  it('draws by threefold repetition', () => {
    const game = DraughtsGame.create('english', 'W:WK29:BK4');
    const shuffle = ['29-25', '4-8', '25-29', '8-4'];
    for (let i = 0; i < 8; i++) {
      expect(game.status().over, `ply ${i}`).toBe(false);
      game.play(shuffle[i % 4]);
    }
    expect(game.status()).toMatchObject({ over: true, result: '1/2-1/2', winner: null, end: 'repetition', reason: 'threefold repetition' });
  });

  it('draws by a variant draw rule (International: 5 moves each with two kings against one)', () => {
    const game = DraughtsGame.create('international', 'W:WK47,K49:BK3');
    const seen = new Set([game.fen()]);
    for (let ply = 0; ply < 10; ply++) {
      expect(game.status().over, `ply ${ply}`).toBe(false);
      // Any quiet move to a new position that leaves no capture: only the rule can end it.
      const move = game.legalMoves().find((m) => {
        const next = game.clone();
        next.play(m.long);
        return m.captured.length === 0 && !seen.has(next.fen()) && next.legalMoves().every((r) => r.captured.length === 0);
      });
      expect(move, `a quiet move at ply ${ply}`).toBeDefined();
      game.play(move!);
      seen.add(game.fen());
    }
    expect(game.status()).toMatchObject({ over: true, result: '1/2-1/2', end: 'draw-rule', reason: '5-move rule in a king ending' });
  });

  it('writes PDN and reads it back to the same game', () => {
    const game = DraughtsGame.create('english');
    for (const move of ['11-15', '22-18', '15x22', '25x18']) game.play(move);
    const pdn = game.pdn({ Event: 'API test', White: 'A', Black: 'B' });
    expect(pdn).toMatch(/\[Event "API test"\]/);
    expect(pdn).toMatch(/\[GameType "21"\]/);
    expect(pdn).toMatch(/1\. 11-15 22-18 2\. 15x22 25x18 \*/);
    const back = DraughtsGame.fromPdn(pdn);
    expect(back.variant.name).toBe('english');
    expect(texts(back.history())).toEqual(['11-15', '22-18', '15x22', '25x18']);
    expect(back.fen()).toBe(game.fen());

    const fromFen = DraughtsGame.create('international', 'W:WK46,28:B17,19,33');
    fromFen.play('28x39');
    const again = DraughtsGame.fromPdn(fromFen.pdn());
    expect(again.startFen()).toBe('W:W28,K46:B17,19,33');
    expect(again.fen()).toBe(fromFen.fen());
  });

  it('reads the game asked for, a record without GameType as the given variant, and refuses bad PDN clearly', () => {
    const two = '[GameType "21"]\n1. 11-15 22-18 *\n\n[GameType "21"]\n1. 9-13 *\n';
    expect(texts(DraughtsGame.fromPdn(two, { index: 1 }).history())).toEqual(['9-13']);
    expect(DraughtsGame.fromPdn('1. 32-28 19-23 *', { variant: 'international' }).ply).toBe(2);
    const cases: [string, RegExp, object?][] = [
      ['', /holds no game/],
      ['[GameType "21"]\n1. 11-15 *', /no game 2/, { index: 2 }],
      ['1. 32-28 *', /no GameType tag/],
      ['[GameType "21"]\n1. 11-15 22-18 2. 9-13 *', /move 3 \(9-13\): illegal move/],
      ['[GameType "77"]\n1. 11-15 *', /GameType 77/],
      ['[Event "open\n', /malformed tag/],
      ['[GameType "21"]\n[FEN "W:W40:B1"]\n*', /square 40 is off the board/],
    ];
    for (const [text, message, options] of cases) {
      const err = refusal(() => DraughtsGame.fromPdn(text, options));
      expect(err.code, text).toBe('bad-pdn');
      expect(err.message, text).toMatch(message);
    }
    expect(refusal(() => DraughtsGame.fromPdn('1. 32-28 *', { variant: 'chess' })).code).toBe('unknown-variant');
    expect(refusal(() => DraughtsGame.create('english').pdn({ 'Bad Tag': 'x' })).code).toBe('bad-pdn');
  });

  it('clones independently', () => {
    const game = DraughtsGame.create('international');
    game.play('32-28');
    const copy = game.clone();
    copy.play('19-23');
    expect(game.ply).toBe(1);
    expect(copy.ply).toBe(2);
    expect(texts(copy.history())).toEqual(['32-28', '19-23']);
  });
});
