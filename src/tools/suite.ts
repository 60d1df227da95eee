// Test suites: positions with the moves that solve them (or must be avoided), searched on a
// worker pool, each reported as solved or not with the depth and time from which the search
// kept a solving move.
//
// File format (bench/suites/README.md): sections `[shot]` (the listed moves solve) and
// `[avoid]` (any move but the listed ones solves); lines `FEN ; move,move ; id ; notes`.

import { readFileSync } from 'node:fs';
import { Piscina } from 'piscina';
import type { Limits } from '../search/types.ts';
import { parseFen } from '../notation/fen.ts';
import { formatMove, parseMove } from '../notation/move-text.ts';
import type { Variant } from '../rules/variant.ts';
import { distFile } from './dist-path.ts';

export interface SuitePosition {
  id: string;
  fen: string;
  kind: 'best' | 'avoid';
  /** Moves in long form (unambiguous). */
  moves: string[];
  notes: string;
}

export function readSuite(variant: Variant, file: string): SuitePosition[] {
  let kind: SuitePosition['kind'] = 'best';
  const out: SuitePosition[] = [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read suite file ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : err instanceof Error ? err.message : String(err)}`);
  }
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const where = `${file}:${i + 1}`;
    if (line === '' || line.startsWith('#')) return;
    if (line === '[shot]' || line === '[best]') { kind = 'best'; return; }
    if (line === '[avoid]') { kind = 'avoid'; return; }
    if (line.startsWith('[')) throw new Error(`${where}: unknown section ${line} (expected [shot], [best] or [avoid])`);
    const [fen, moves, id, ...notes] = line.split(';').map((f) => f.trim());
    if (!fen || !moves) throw new Error(`${where}: expected "FEN ; moves ; id ; notes"`);
    let pos;
    try {
      pos = variant.fromBoard(parseFen(variant, fen));
    } catch (err) {
      throw new Error(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const legal = variant.legalMoves(pos);
    const long = moves.split(',').map((m) => {
      try {
        return formatMove(variant, parseMove(variant, pos, m), legal, 'long');
      } catch (err) {
        throw new Error(`${where}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    out.push({ id: id || `line ${i + 1}`, fen, kind, moves: long, notes: notes.join(';') });
  });
  // An empty suite is a wrong file, not a perfect score.
  if (out.length === 0) throw new Error(`${file}: no positions`);
  return out;
}

export interface SuiteTask { variant: string; fen: string; kind: SuitePosition['kind']; moves: string[]; limits: Limits }

export interface SuiteAnswer {
  /** The move the search ended with, long form. */
  move: string;
  solved: boolean;
  depth: number;
  timeMs: number;
  /** First depth and time from which every later iteration had a solving move (null if not solved). */
  solvedDepth: number | null;
  solvedMs: number | null;
}

export interface SuiteResult extends SuiteAnswer { position: SuitePosition }

/** Runs every position on `threads` workers; `onResult` sees each as it finishes. */
export async function runSuite(
  variant: Variant, positions: SuitePosition[], limits: Limits, threads: number,
  onResult?: (r: SuiteResult, done: number) => void,
): Promise<SuiteResult[]> {
  const pool = new Piscina({ filename: distFile('suite-worker.js'), minThreads: threads, maxThreads: threads });
  let done = 0;
  try {
    return await Promise.all(positions.map(async (position) => {
      const task: SuiteTask = { variant: variant.name, fen: position.fen, kind: position.kind, moves: position.moves, limits };
      const answer: SuiteAnswer = await pool.run(task);
      const result = { ...answer, position };
      onResult?.(result, ++done);
      return result;
    }));
  } finally {
    await pool.destroy();
  }
}
