// The search with endgame tables: table scores, hits reported, progress in a won ending,
// and the command line and Hub front ends (a tiny English build, 3 pieces, in a temp dir).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesUpTo } from '../src/egdb/balance.ts';
import { buildTables } from '../src/egdb/build.ts';
import { EndgameTables } from '../src/egdb/tables.ts';
import { Game } from '../src/game/game.ts';
import { parseFen } from '../src/notation/fen.ts';
import { WHITE } from '../src/rules/position.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { MATE_BOUND } from '../src/search/score.ts';
import { Searcher } from '../src/search/search.ts';
import { TABLE_WIN_BOUND } from '../src/search/table-score.ts';
import { EngineProcess, damka } from './helpers/engine-process.ts';

const fen = (text: string) => ENGLISH.fromBoard(parseFen(ENGLISH, text));
let dir: string;
let tables: EndgameTables;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'damka-egdb-'));
  buildTables(ENGLISH, balancesUpTo(3), dir);
  tables = new EndgameTables(ENGLISH, dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('search with tables', () => {
  it('scores a table win above any evaluation and below a seen win, a table draw as 0, and counts hits', () => {
    const s = new Searcher(ENGLISH, 4);
    s.useTables(tables);
    const won = s.search(fen('W:WK1,K3:BK28'), { limits: { depth: 6 } });
    expect(won.score).toBeGreaterThanOrEqual(TABLE_WIN_BOUND);
    expect(won.score).toBeLessThan(MATE_BOUND);
    expect(won.tbHits).toBeGreaterThan(0);
    const drawn = s.search(fen('W:WK10:BK28'), { limits: { depth: 6 } });
    expect(drawn.score).toBe(0);
    const without = new Searcher(ENGLISH, 4).search(fen('W:WK1,K3:BK28'), { limits: { depth: 6 } });
    expect(without.tbHits).toBeUndefined();
    expect(without.score).toBeLessThan(TABLE_WIN_BOUND);
  });

  it('wins two kings against a king, with tables against the search without, inside the 40-move rule', () => {
    // The lone king starts in the double corner, the hardest place to drive it from.
    const game = new Game(ENGLISH, fen('W:WK23,K26:BK1'));
    const strong = new Searcher(ENGLISH, 4);
    strong.useTables(tables);
    const weak = new Searcher(ENGLISH, 4);
    while (game.status().result === '*') {
      const s = game.position.side === WHITE ? strong : weak;
      game.play(s.search(game.position, { history: game.historyKeys(), counters: game.drawCounters, limits: { nodes: 4000 } }).move!);
    }
    expect(game.status().result, game.status().reason).toBe('1-0');
  });
});

describe('front ends', () => {
  it('egdb probe prints the value and each move\'s; egdb check finds every table consistent', () => {
    const probe = damka('egdb', 'probe', '--variant', 'english', '--dir', dir, '--fen', 'B:WK1,K3:BK28');
    expect(probe.code).toBe(0);
    expect(probe.out).toMatch(/^K-KK black to move: loss, converts in (\d+) plies\n/);
    // Each move's distance counts the move: the longest resistance is the root's own.
    const root = Number(/converts in (\d+)/.exec(probe.out)![1]);
    const moves = [...probe.out.matchAll(/^ {2}28-(?:32|24) +loss, converts in (\d+) plies$/gm)].map((m) => Number(m[1]));
    expect(moves).toHaveLength(2);
    expect(Math.max(...moves)).toBe(root);
    const check = damka('egdb', 'check', '--variant', 'english', '--pieces', '2', '--dir', dir);
    expect(check.code).toBe(0);
    expect(check.out).toMatch(/^K-K +992 positions  consistent \(with distances\) /m);
    expect(check.out).toMatch(/^4 tables, 3488 positions, 0 inconsistent/m);
    const some = damka('egdb', 'check', '--variant', 'english', '--balance', 'KK-K,M-KK', '--dir', dir);
    expect(some.code).toBe(0);
    expect(some.out).toMatch(/^KK-K +14880 positions  consistent .*\nM-KK +13020 positions  consistent .*\n2 tables, 27900 positions, 0 inconsistent/m);
    const wrong = damka('egdb', 'check', '--variant', 'english', '--balance', 'KK-K,MK-K', '--dir', dir);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/--balance: 'MK-K' is not a balance/);
  });

  it('egdb probe says why it has no answer, and build refuses a bad piece count', () => {
    const many = damka('egdb', 'probe', '--variant', 'english', '--dir', dir, '--fen', 'W:WK1,K3,K5:BK28');
    expect(many.code).toBe(2);
    expect(many.err).toMatch(/KKK-K is not in the tables \(up to 3 pieces\)/);
    const none = damka('egdb', 'probe', '--variant', 'english', '--dir', join(dir, 'nothing'), '--fen', 'W:WK1:BK28');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no english tables in .*nothing \(run damka egdb build\)/);
    const bad = damka('egdb', 'build', '--variant', 'english', '--pieces', '1', '--dir', dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--pieces must be between 2 and 8/);
    // Refused at once, not after hours at its largest balance.
    const huge = damka('egdb', 'build', '--variant', 'international', '--pieces', '8', '--dir', dir);
    expect(huge.code).toBe(2);
    expect(huge.err).toMatch(/8 pieces needs about \d+\.\d GB of memory to solve \w+-\w+ and its mirror; this machine has /);
  });

  it('analyze shows table hits and the distance to conversion, and searches without tables with --egdb-path none', () => {
    const r = damka('analyze', '--variant', 'english', '--fen', 'W:WK1,K3:BK28', '--depth', '4', '--egdb-path', dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^depth \d+\/\d+ score win \(tables, converts in \d+\) nodes 0 tbhits [1-9]\d* /m);
    // A drawn root is searched, table draws scored on the way.
    const drawn = damka('analyze', '--variant', 'english', '--fen', 'W:WK10:BK28', '--depth', '4', '--egdb-path', dir);
    expect(drawn.out).toMatch(/^depth 4\/\d+ score 0\.00 nodes [1-9]\d* tbhits [1-9]\d* /m);
    const off = damka('analyze', '--variant', 'english', '--fen', 'W:WK1,K3:BK28', '--depth', '4', '--egdb-path', 'none');
    expect(off.out).not.toMatch(/tbhits/);
  });

  it('Hub: egdb-path is a parameter and info lines carry tb-hits and tb-distance', async () => {
    const hub = new EngineProcess(['hub']);
    try {
      hub.send('hub');
      // A slow start (a loaded machine) is not what is tested here: generous waits.
      expect(await hub.expect(/^param name=egdb-path/, 60_000)).toMatch(/type=string/);
      hub.send('set-param name=variant value=english', `set-param name=egdb-path value="${dir}"`, 'init');
      await hub.expect(/^ready/, 60_000);
      // W:WK1,K3:BK28 as a Hub position string.
      const squares = Array.from({ length: 32 }, (_, i) => (i + 1 === 1 || i + 1 === 3 ? 'W' : i + 1 === 28 ? 'B' : 'e'));
      hub.send(`pos pos=W${squares.join('')}`, 'level depth=3', 'go analyze');
      const lines = await hub.collect(/^done/, 60_000);
      expect(lines.some((l) => /^info .*tb-hits=[1-9]\d*/.test(l))).toBe(true);
      expect(lines.some((l) => /^info .*tb-distance=[1-9]\d*/.test(l))).toBe(true);
      hub.send('set-param name=egdb-path value=none', 'go analyze');
      const off = await hub.collect(/^done/, 60_000);
      expect(off.some((l) => /tb-hits|tb-distance/.test(l))).toBe(false);
    } finally {
      hub.kill();
    }
  });
});
