// Lasca through the shared plumbing: the registry, FEN and Hub position text, move text in
// every style, PDN, the draw rule at its exact ply, and the command line.

import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { drawByCounters, initialCounters, nextCounters } from '../src/game/draw-rules.ts';
import { formatFen, parseFen } from '../src/notation/fen.ts';
import { formatHubPosition, parseHubPosition } from '../src/notation/hub-position.ts';
import { formatMove, parseMove, sameMove } from '../src/notation/move-text.ts';
import { formatPdnGame, parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { diagram } from '../src/protocols/text/diagram.ts';
import { LASCA_START } from '../src/rules/lasca/lasca.ts';
import { getVariant, variantOfGameType } from '../src/rules/variants.ts';
import { damka } from './helpers/engine-process.ts';

const V = getVariant('lasca');
const LOOP = 'W:c3W,d4B,f4b,f2b,d2b';

describe('Lasca in the shared notation', () => {
  it('is a registered game with PDN GameType 99', () => {
    expect(V.name).toBe('lasca');
    expect(variantOfGameType(99)).toBe(V);
  });

  it('reads and writes its position text as FEN and as a Hub position, columns included', () => {
    const text = 'B:a1W,d4b,e5wbB,c7b';
    expect(formatFen(V, parseFen(V, text))).toBe(text);
    expect(formatHubPosition(V, parseHubPosition(V, text))).toBe(text);
    expect(formatFen(V, V.toBoard(V.startPosition()))).toBe(LASCA_START);
    expect(() => parseFen(V, 'W:a1q')).toThrow(/only w, b, W and B/);
  });

  it('writes a capture as its route in every style and tells twin routes apart', () => {
    const pos = V.fromBoard(parseFen(V, LOOP));
    const legal = V.legalMoves(pos);
    expect(legal.map((m) => formatMove(V, m, legal, 'hub')).sort()).toEqual(['c3xe1xg3xe5xc3', 'c3xe5xg3xe1xc3']);
    const move = parseMove(V, pos, 'c3xe5xg3xe1xc3');
    expect(formatMove(V, move, legal, 'pdn')).toBe('c3xe5xg3xe1xc3');
    // Same squares, same ends, other order: another move.
    expect(sameMove(legal[0], legal[1], V)).toBe(false);
    expect(legal.filter((m) => sameMove(m, move, V))).toHaveLength(1);
  });

  it('draws its columns in the text mode', () => {
    const text = diagram(V.geometry, parseFen(V, 'B:c3WBbbb,a1w,g7b'), false);
    expect(text).toContain('WBbbb');
    expect(text).toContain('columns top first');
  });

  it('keeps a game through PDN', () => {
    const game = new Game(V, V.fromBoard(parseFen(V, `${LOOP},a7b`)));
    for (const m of ['c3xe1xg3xe5xc3', 'a7-b6']) game.play(parseMove(V, game.position, m));
    const pdn = formatPdnGame(game);
    expect(pdn).toContain('[GameType "99"]');
    expect(pdn).toContain('1. c3xe1xg3xe5xc3 a7-b6');
    const back = replayPdn(parsePdn(pdn)[0]);
    expect(formatFen(V, V.toBoard(back.position))).toBe(formatFen(V, V.toBoard(game.position)));
  });
});

describe('Lasca draw rule', () => {
  it('draws after 80 plies without a capture, promotions included, and not a ply before', () => {
    const pos = V.startPosition();
    let c = initialCounters(V, pos);
    for (let ply = 1; ply <= 80; ply++) {
      // A soldier moves and at ply 40 is promoted: neither restarts the count, only a capture does.
      c = nextCounters(V, c, pos, true, false, ply === 40);
      if (ply < 80) expect(drawByCounters(V, c), `ply ${ply}`).toBeNull();
    }
    expect(drawByCounters(V, c)).toBe('80 plies without a capture');
    expect(drawByCounters(V, nextCounters(V, c, pos, true, true, false))).toBeNull();
  });
});

describe('Lasca on the command line', () => {
  it('counts perft from the start', () => {
    const r = damka('perft', '--variant', 'lasca', '--depth', '6');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/depth 6 leaves 324 /);
  });

  it('lists and analyses moves from a position text', () => {
    const moves = damka('moves', '--variant', 'lasca', '--fen', LOOP);
    expect(moves.out.trim().split('\n')).toEqual(['c3xe1xg3xe5xc3', 'c3xe5xg3xe1xc3']);
    const analysis = damka('analyze', '--variant', 'lasca', '--depth', '6');
    expect(analysis.code).toBe(0);
    expect(analysis.out).toMatch(/best move (a3-b4|c3-b4|c3-d4|e3-d4|e3-f4|g3-f4)/);
  });
});
