// Where a match was lost: for every game of a PDN file that the named player lost, Damka
// scores each of that player's moves (its own search, --nodes a move, the table kept through
// the game as in play) and reports when the score first fell to -50, -100 and -200 centi-men:
// the ply, and how many pieces were left. A game lost by a slow slide and one lost to a single
// shot look alike in the result; here they do not.
//
// Then the move before each lost game's largest fall between two of its moves is searched
// again, deeper (--deep nodes, from an empty table), before and after the move played: a move
// other than that search's own choice that loses at least --blunder centi-men by its verdict
// is a blunder (two searches can score one move apart by a few plies' parity), and each --try
// option set (search options as in selfplay.ts, `-` for the defaults, sets apart by `;`)
// searches the position at --nodes to see whether it would have played something else.
//
//   node dist/lost-games.js --pdn games.pdn --name Damka [--nodes 300000] [--deep 5000000]
//     [--blunder 80] [--try "-;probCut=0;lmr=0"] [--part k/n]
//
// The scores are Damka's own judgement, not the truth: a slide it does not see shows late.
// --part k/n analyses every n-th lost game from the k-th (two processes on two cores).

import type { Game } from '../src/game/game.ts';
import { formatMove, parseMove, sameMove } from '../src/notation/move-text.ts';
import { type PdnGameRecord, replayPdn } from '../src/notation/pdn.ts';
import { type Color, popcount } from '../src/rules/position.ts';
import { MATE_BOUND } from '../src/search/score.ts';
import { Searcher } from '../src/search/search.ts';
import { arg, checkArgs, searchOptions } from './args.ts';
import { LOST, playerColour, playerOutcome, readPdnFile } from './pdn-player.ts';
import { median } from './median.ts';

checkArgs('lost-games', ['pdn', 'name', 'nodes', 'deep', 'blunder', 'try', 'part'], 'node dist/lost-games.js --pdn games.pdn --name Damka [--nodes 300000] [--deep 5000000] [--blunder 80] [--try "-;probCut=0;lmr=0"] [--part k/n]');

const file = arg('pdn', '');
const name = arg('name', '');
if (!file || !name) {
  console.error('lost-games: give --pdn FILE and --name PLAYER (as in the White or Black tag)');
  process.exit(2);
}
const nodes = Number(arg('nodes', '300000'));
const deep = Number(arg('deep', '5000000'));
const blunder = Number(arg('blunder', '80'));
const tries = arg('try', '-;probCut=0;lmr=0').split(';').map((t) => ({ label: t, options: t === '-' ? {} : searchOptions('lost-games', 'try', t) }));
const [part, parts] = arg('part', '0/1').split('/').map(Number);
if (!Number.isInteger(part) || !Number.isInteger(parts) || parts < 1 || part < 0 || part >= parts) {
  console.error(`lost-games: --part wants k/n with 0 <= k < n, got ${arg('part', '')}`);
  process.exit(2);
}
const THRESHOLDS = [-50, -100, -200];


/** The game played up to (not including) ply `ply`, from the record's own start (its FEN tag, if any). */
function gameAt(record: PdnGameRecord, ply: number): Game {
  return replayPdn({ ...record, moves: record.moves.slice(0, ply) });
}

interface Scored { ply: number; pieces: number; score: number }

/** The player's moves scored as in play: one searcher through the game, a choice of moves only. */
function scoreGame(record: PdnGameRecord, colour: Color): Scored[] {
  const game = gameAt(record, 0);
  const variant = game.variant;
  const searcher = new Searcher(variant, 64);
  const out: Scored[] = [];
  for (const [ply, text] of record.moves.entries()) {
    const p = game.position;
    if (p.side === colour && game.legalMoves().length > 1) {
      const r = searcher.search(p, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes } });
      out.push({ ply, pieces: popcount(p.wLo) + popcount(p.wHi) + popcount(p.bLo) + popcount(p.bHi), score: r.score });
    }
    game.play(parseMove(variant, p, text), true);
  }
  return out;
}

/** The ply before the largest fall of the score between two consecutive moves of the player (wins and losses found left out). */
function largestFall(scored: Scored[]): Scored | null {
  let at: Scored | null = null, fall = 0;
  for (let k = 1; k < scored.length; k++) {
    const a = scored[k - 1], b = scored[k];
    if (b.ply !== a.ply + 2 || Math.abs(a.score) > MATE_BOUND || Math.abs(b.score) > MATE_BOUND) continue;
    if (a.score - b.score > fall) { fall = a.score - b.score; at = a; }
  }
  return at;
}

const records = readPdnFile('lost-games', file);
// Every game replays before the long searches start: a bad move is reported at once.
for (const [i, record] of records.entries()) {
  try {
    replayPdn(record);
  } catch (err) {
    console.error(`lost-games: ${file}: game ${i + 1}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
}
const lost = records.flatMap((record, index) => {
  const colour = playerColour(record, name);
  return colour !== null && playerOutcome(record, colour) === LOST ? [{ record, index, colour }] : [];
});
console.log(`${name}: ${lost.length} lost of ${records.length} games in ${file}; ${nodes} nodes a move` + (parts > 1 ? `, part ${part}/${parts}` : ''));
const reached = THRESHOLDS.map(() => [] as Scored[]);
let blunders = 0;
const otherMove = new Map<string, number>();
for (const [k, { record, index, colour }] of lost.entries()) {
  if (k % parts !== part) continue;
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2Kgame ${index + 1}`);
  const scored = scoreGame(record, colour);
  const firsts = THRESHOLDS.map((t, i) => {
    const s = scored.find((x) => x.score <= t) ?? null;
    if (s) reached[i].push(s);
    return s ? `${t} at ply ${s.ply} (${s.pieces} pieces)` : `never ${t}`;
  });
  const line = [`game ${index + 1} (${record.tags.get('Opening') ?? '?'}, ${record.moves.length} plies): ${firsts.join(', ')}`];
  const at = largestFall(scored);
  if (at) {
    const game = gameAt(record, at.ply);
    const variant = game.variant;
    const request = () => ({ history: game.historyKeys(), counters: game.drawCounters });
    // Moves compare as moves, not as text: another program may write the same capture otherwise.
    const played = parseMove(variant, game.position, record.moves[at.ply]);
    const best = new Searcher(variant, 64).search(game.position, { ...request(), limits: { nodes: deep } });
    const bestText = formatMove(variant, best.move!, game.legalMoves());
    game.play(played, true);
    const after = -new Searcher(variant, 64).search(game.position, { ...request(), limits: { nodes: deep } }).score;
    game.undo();
    // The deep search's own choice loses nothing, whatever the two searches' scores say.
    const loses = sameMove(best.move!, played, variant) ? 0 : best.score - after;
    line.push(`  largest fall after ply ${at.ply}: played ${record.moves[at.ply]} (${after} deep), deep best ${bestText} (${best.score}), loses ${loses}`);
    if (loses >= blunder) {
      blunders++;
      const choices = tries.map(({ label, options }) => {
        const r = new Searcher(variant, 64, options).search(game.position, { ...request(), limits: { nodes } });
        if (sameMove(r.move!, played, variant)) return `${label}: the same`;
        otherMove.set(label, (otherMove.get(label) ?? 0) + 1);
        return `${label}: ${formatMove(variant, r.move!, game.legalMoves())}`;
      });
      line.push(`  a blunder; at ${nodes} nodes from an empty table: ${choices.join(', ')}`);
    }
  }
  console.log(line.join('\n'));
}
if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
THRESHOLDS.forEach((t, i) => {
  const r = reached[i];
  if (r.length) console.log(`score ${t} first reached in ${r.length} games: median ply ${median(r.map((s) => s.ply))}, median pieces ${median(r.map((s) => s.pieces))}`);
});
console.log(`largest falls that were blunders by the deep search: ${blunders}; another move chosen: ${tries.map(({ label }) => `${label} ${otherMove.get(label) ?? 0}`).join(', ')}`);
