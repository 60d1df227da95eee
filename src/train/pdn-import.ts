// Training positions from games played elsewhere: a PDN file (from `damka match --pdn`, a DXP
// session, or another program) becomes a data file like self-play's. Self-play only teaches
// what Damka's own games show; games against a stronger engine carry results that Damka's
// searches did not foresee. Positions keep the game's result and no search score, so
// `train relabel` can give them one.

import { type Game, whitePoints } from '../game/game.ts';
import { PdnError, parsePdn, replayPdn, variantOf } from '../notation/pdn.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { concatRecords, gameRecords } from './records.ts';
import { isQuiet, isStandPat } from './selfplay-game.ts';

export interface PdnImport {
  records: Int32Array;
  /** Games whose positions were kept. */
  games: number;
  /** Games left out: no result ("*"). */
  unfinished: number;
  whiteWins: number;
  draws: number;
  blackWins: number;
}

export interface PdnImportOptions {
  /** Keep positions where only the opponent threatens a capture (as `train selfplay --keep-threats`). */
  keepThreats?: boolean;
  /** Number of the first game kept (game numbers decide the held-out split). */
  firstGame?: number;
}

/**
 * The positions of every finished game in `text` before each move, those with no capture for
 * the side to move (and, without `keepThreats`, none for the opponent either), each with the
 * result from the side to move's view. A game of another variant or with an illegal move is an
 * error naming the game; nothing is returned half-read.
 */
export function importPdn(variant: Variant, text: string, options: PdnImportOptions = {}): PdnImport {
  const keep = options.keepThreats ? isStandPat : isQuiet;
  const chunks: Int32Array[] = [];
  const out: PdnImport = { records: new Int32Array(0), games: 0, unfinished: 0, whiteWins: 0, draws: 0, blackWins: 0 };
  for (const [n, record] of parsePdn(text).entries()) {
    const white = record.tags.get('White') ?? '?', black = record.tags.get('Black') ?? '?';
    const where = `game ${n + 1}${white !== '?' || black !== '?' ? ` (${white} - ${black})` : ''}`;
    let played: Game;
    try {
      const type = variantOf(record, variant);
      if (type.name !== variant.name) throw new PdnError(`a game of ${type.name}, not ${variant.name}`);
      played = replayPdn(record, variant);
    } catch (err) {
      throw new PdnError(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (record.result === '*') { out.unfinished++; continue; }
    const whiteScore = whitePoints(record.result);
    if (whiteScore === 1) out.whiteWins++; else if (whiteScore === 0) out.blackWins++; else out.draws++;
    const positions: Position[] = [];
    for (let ply = 0; ply < played.ply; ply++) {
      const pos = played.positionAt(ply);
      if (keep(variant, pos)) positions.push(pos);
    }
    chunks.push(gameRecords(positions, whiteScore, (options.firstGame ?? 0) + out.games));
    out.games++;
  }
  out.records = concatRecords(chunks);
  return out;
}
