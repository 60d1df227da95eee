// A second, independent check of a test suite (bench/suites): every claim re-derived with the
// deliberately simple reference move generator (test/reference/reference-rules.ts) instead of
// the bitboard rules that find-tactics and the tests use, by a material minimax of its own,
// at several depths; and every line written in the notes replayed move by move. Too slow for
// npm test at these depths, which is why it is a tool:
//
//   node dist/check-suites.js --variant english bench/suites/english.txt [--shot-plies 5,7,9] [--avoid-plies 3,5,7,9]
//
// (about 20 seconds for the English suite, 3 minutes for the International one).
//
// A shot holds when the listed move wins at least a man (man 2, king 3) and every other move
// does worse, at each depth; an avoid position when each listed move ends at least a man worse
// than the best move, and the best move keeps the balance, at each depth. A noted line must be
// legal and end, for the side to move, at least a man up (shot) or down (avoid). Exit code 1
// when anything fails.

import { readFileSync } from 'node:fs';
import { parseFen } from '../src/notation/fen.ts';
import { type Board, EMPTY, isKing, isWhite } from '../src/rules/board.ts';
import { WHITE } from '../src/rules/position.ts';
import { getVariant } from '../src/rules/variants.ts';
import { type RefMove, type RefRules, applyReferenceMove, referenceMoves, referenceRulesOf } from '../test/reference/reference-rules.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('check-suites', ['variant', 'shot-plies', 'avoid-plies'], 'node dist/check-suites.js --variant english bench/suites/english.txt [--shot-plies 5,7,9] [--avoid-plies 3,5,7,9]');

const MAN = 2, KING = 3, LOST = -1000;

const variant = getVariant(arg('variant', 'english'));
const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const depths = (text: string) => text.split(',').map(Number);
const shotPlies = depths(arg('shot-plies', '5,7,9'));
const avoidPlies = depths(arg('avoid-plies', '3,5,7,9'));
const rules: RefRules = referenceRulesOf(variant);

/** Material of the side to move minus the opponent's. */
function material(board: Board): number {
  let white = 0;
  for (const p of board.squares) if (p !== EMPTY) white += (isKing(p) ? KING : MAN) * (isWhite(p) ? 1 : -1);
  return board.side === WHITE ? white : -white;
}

/** Negamax with alpha-beta; past the horizon only captures are played (never stand pat while one is on). */
function search(board: Board, plies: number, alpha: number, beta: number): number {
  const moves = referenceMoves(rules, board);
  if (moves.length === 0) return LOST;
  if (plies <= 0 && moves[0].captured.length === 0) return material(board);
  let best = -Infinity;
  for (const m of moves) {
    best = Math.max(best, -search(applyReferenceMove(board, m), plies - 1, -beta, -Math.max(alpha, best)));
    if (best >= beta) break;
  }
  return best;
}

const sameMove = (a: RefMove, b: RefMove) => a.from === b.from && a.to === b.to && a.captured.join() === b.captured.join();
const moveName = (m: RefMove) => `${m.from}${m.captured.length > 0 ? 'x' : '-'}${m.to}`;

/** The one legal move a PDN move text names (landing squares, when given, must be a route of it). */
function findMove(board: Board, text: string): RefMove {
  const squares = text.split(/[-x]/).map(Number);
  const legal = referenceMoves(rules, board);
  const hits = legal.filter((m) => m.from === squares[0] && m.to === squares[squares.length - 1] &&
    (m.captured.length > 0) === text.includes('x') && (squares.length === 2 || m.paths.includes(squares.slice(1).join(','))));
  if (hits.length !== 1) throw new Error(`${text} is not one legal move (legal: ${legal.map(moveName).join(' ')})`);
  return hits[0];
}

let positions = 0, failures = 0;
for (const file of files) {
  let kind = '';
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('[')) { kind = line; return; }
    const [fen, moves, id, ...rest] = line.split(';').map((f) => f.trim());
    const notes = rest.join(';');
    const problems: string[] = [];
    positions++;
    try {
      const board = parseFen(variant, fen);
      const base = material(board);
      const listed = moves.split(',').map((t) => findMove(board, t.trim()));
      const isListed = (m: RefMove) => listed.some((l) => sameMove(l, m));
      const shot = kind !== '[avoid]';
      for (const plies of shot ? shotPlies : avoidPlies) {
        const values = referenceMoves(rules, board).map((m) => ({ m, v: -search(applyReferenceMove(board, m), plies - 1, -Infinity, Infinity) }));
        if (shot) {
          const mine = Math.max(...values.filter((x) => isListed(x.m)).map((x) => x.v));
          if (mine < base + MAN) problems.push(`${plies} plies: gains ${(mine - base) / MAN} men`);
          const rivals = values.filter((x) => !isListed(x.m) && x.v >= mine).map((x) => moveName(x.m));
          if (rivals.length > 0) problems.push(`${plies} plies: ${rivals.join(',')} win as much`);
        } else {
          const best = Math.max(...values.map((x) => x.v));
          if (best < base) problems.push(`${plies} plies: even the best move loses material`);
          const harmless = values.filter((x) => isListed(x.m) && x.v > best - MAN).map((x) => moveName(x.m));
          if (harmless.length > 0) problems.push(`${plies} plies: ${harmless.join(',')} lose no man`);
        }
      }
      // "line a b c" (shot) or "loses: a b c | d e f" (avoid) in the notes.
      const lines = [...notes.matchAll(/(?:line|loses:)\s+([^;]*)/g)].flatMap((x) => x[1].split('|'));
      if (lines.length === 0) problems.push('no line in the notes');
      for (const text of lines) {
        let b = board;
        try {
          for (const t of text.trim().split(/\s+/)) b = applyReferenceMove(b, findMove(b, t));
        } catch (err) {
          problems.push(`line "${text.trim()}": ${(err as Error).message}`);
          continue;
        }
        const change = (b.side === board.side ? material(b) : -material(b)) - base;
        if (shot ? change < MAN : change > -MAN) problems.push(`line "${text.trim()}" ends ${change / MAN} men for the side to move`);
      }
    } catch (err) {
      problems.push((err as Error).message);
    }
    if (problems.length > 0) failures++;
    console.log(`${problems.length > 0 ? 'FAIL' : 'ok  '} ${id ?? `${file}:${i + 1}`}${problems.length > 0 ? `: ${problems.join('; ')}` : ''}`);
  });
}
console.log(`${positions} positions, ${failures} failed (shots at ${shotPlies.join(',')} plies, avoids at ${avoidPlies.join(',')})`);
if (failures > 0 || positions === 0) process.exitCode = 1;
