// Lasca's fast generator against the simple reference generator (test/reference) on 20,000
// seeded random positions: same move sets, same counts, the same columns after every move, and
// incremental keys equal to keys computed from scratch. Perft from the start is compared too.

import { describe, expect, it } from 'vitest';
import { MoveList } from '../src/rules/move.ts';
import { BLACK, Position, WHITE } from '../src/rules/position.ts';
import { LASCA, columnsOf, fromColumns } from '../src/rules/lasca/lasca.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { type RefLascaBoard, refLascaApply, refLascaMoves, refLascaPerft, refLascaStart, refSquareName } from './reference/lasca-reference.ts';
import { rng } from './reference/random-positions.ts';

const POSITIONS = 20_000;

/** Random columns: up to 11 pieces a side, stacked at random, a share of them officers. */
function randomBoard(random: () => number): RefLascaBoard {
  const pieces: string[] = [];
  const officerShare = random() < 0.3 ? 0 : random() * 0.6;
  for (const side of ['w', 'b']) {
    const count = 1 + Math.floor(random() * 11);
    for (let i = 0; i < count; i++) pieces.push(random() < officerShare ? side.toUpperCase() : side);
  }
  const columns = new Array<string>(26).fill('');
  // Few columns make tall stacks; many make a crowded board with long captures.
  const squares = Math.max(1, Math.min(25, Math.floor(random() * pieces.length) + 1));
  const used: number[] = [];
  while (used.length < squares) {
    const sq = 1 + Math.floor(random() * 25);
    if (!used.includes(sq)) used.push(sq);
  }
  pieces.forEach((p, i) => {
    const sq = i < squares ? used[i] : used[Math.floor(random() * squares)];
    columns[sq] += p;
  });
  // A soldier never commands a column on its own far rank (it would have been promoted).
  for (let sq = 1; sq <= 25; sq++) {
    const top = columns[sq][0];
    if ((top === 'w' && sq <= 4) || (top === 'b' && sq >= 22)) columns[sq] = top.toUpperCase() + columns[sq].slice(1);
  }
  return { white: random() < 0.5, columns };
}

function positions(seed: number): RefLascaBoard[] {
  const random = rng(seed);
  const out: RefLascaBoard[] = [];
  while (out.length < POSITIONS) {
    const start = out.length % 2 === 0 ? randomBoard(random) : refLascaStart();
    out.push(start);
    // Playouts: prisoners freed, officers in prison, tall columns, promotions mid-game.
    let board = start;
    for (let ply = 0; ply < 60 && out.length < POSITIONS; ply++) {
      const moves = refLascaMoves(board);
      if (moves.length === 0) break;
      board = refLascaApply(board, moves[Math.floor(random() * moves.length)]);
      out.push(board);
    }
  }
  return out;
}

const text = (b: RefLascaBoard) => `${b.white ? 'W' : 'B'}:` + b.columns.flatMap((c, sq) => (c ? [`${refSquareName(sq)}${c}`] : [])).join(',');
const refKey = (from: number, landings: number[], jumped: number[], promotes: boolean) =>
  `${from}${jumped.length ? 'x' : '-'}${landings.join('x')}${promotes ? ' O' : ''}`;

describe('Lasca: fast generator against the reference generator', () => {
  it(`agrees on ${POSITIONS} random positions`, () => {
    const list = new MoveList(true);
    const child = new Position();
    let captures = 0, longest = 0, freed = 0, tall = 0;
    for (const board of positions(2026)) {
      const pos = fromColumns(board.white ? WHITE : BLACK, board.columns);
      const context = text(board);
      const expected = refLascaMoves(board);
      const n = LASCA.generate(pos, list);
      const fast = Array.from({ length: n }, (_, i) => LASCA.moveFromList(list, i));
      const fastKeys = fast.map((m) => refKey(m.from, m.captured.length ? m.path : [m.to], m.path.length ? m.path : [], m.crowns));
      const refKeys = expected.map((m) => refKey(m.from, m.landings, m.jumped.length ? m.landings : [], m.promotes));
      // Plain comparisons first, expect() only to report a difference: an expect costs more than a position.
      fastKeys.sort();
      refKeys.sort();
      if (fastKeys.join() !== refKeys.join()) expect(fastKeys, context).toEqual(refKeys);
      if (new Set(fastKeys).size !== n) expect(new Set(fastKeys).size, `${context}: a move listed twice`).toBe(n);
      if (LASCA.countMoves(pos) !== n) expect(LASCA.countMoves(pos), context).toBe(n);
      const capture = expected.some((m) => m.jumped.length > 0);
      if (LASCA.hasCapture(pos) !== capture) expect(LASCA.hasCapture(pos), context).toBe(capture);
      for (let i = 0; i < n; i++) {
        const move = fast[i];
        const ref = expected.find((m) => m.from === move.from && m.landings.join() === (move.path.length ? move.path : [move.to]).join())!;
        const what = () => `${context} after ${refKey(ref.from, ref.landings, ref.jumped, ref.promotes)}`;
        if (move.captured.join() !== [...ref.jumped].sort((a, b) => a - b).join()) expect(move.captured, what()).toEqual([...ref.jumped].sort((a, b) => a - b));
        if (ref.jumped.length > 0) {
          captures++;
          longest = Math.max(longest, ref.jumped.length);
        }
        const after = refLascaApply(board, ref);
        if (ref.jumped.some((sq) => after.columns[sq] !== '' && (after.columns[sq][0].toLowerCase() === 'w') === board.white)) freed++;
        LASCA.make(child, pos, list, i);
        const columns = columnsOf(child);
        if (columns.join() !== after.columns.join()) expect(columns, what()).toEqual(after.columns);
        // The commander bitboards, side and key must be what the columns say.
        const fresh = fromColumns(after.white ? WHITE : BLACK, after.columns);
        if (!child.equals(fresh) || child.keyLo !== fresh.keyLo || child.keyHi !== fresh.keyHi) {
          expect([child.side, child.wLo, child.bLo, child.kLo, child.keyLo, child.keyHi], `${what()}: bitboards or key`)
            .toEqual([fresh.side, fresh.wLo, fresh.bLo, fresh.kLo, fresh.keyLo, fresh.keyHi]);
        }
        if (after.columns.some((c) => c.length >= 6)) tall++;
      }
    }
    // The positions must exercise what makes Lasca Lasca, or the check proves little.
    expect(captures).toBeGreaterThan(8_000);
    expect(longest).toBeGreaterThanOrEqual(5);
    expect(freed).toBeGreaterThan(1000);
    expect(tall).toBeGreaterThan(1000);
  });

  it('counts the same perft from the start to depth 8', () => {
    const runner = new PerftRunner(LASCA);
    const start = refLascaStart();
    for (let d = 1; d <= 8; d++) expect(runner.run(LASCA.startPosition(), d), `depth ${d}`).toBe(refLascaPerft(start, d));
  });
});
