// The endgame tables shipped in the package (src/egdb/data/) and where the engine looks for
// tables (src/egdb/table-dirs.ts): found by a fresh clone with no cache directory, the cache
// directory's own tables before them, a named directory alone, and the distance files built
// on demand into the cache directory, one build at a time. The other test files run with
// DAMKA_EGDB_SHIPPED=none (vitest.config.ts); here it is set or removed test by test.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { balanceName, balancesUpTo } from '../src/egdb/balance.ts';
import { buildTables } from '../src/egdb/build.ts';
import { buildLockFile, takeBuildLock } from '../src/egdb/build-lock.ts';
import { BalanceIndex } from '../src/egdb/index.ts';
import { encodeTable } from '../src/egdb/table-file.ts';
import { SHIPPED_ENV, defaultTableDirs, shippedTableDir, tableDirsOf } from '../src/egdb/table-dirs.ts';
import { EndgameTables, distanceFile, tableFile } from '../src/egdb/tables.ts';
import { DRAW, WIN } from '../src/egdb/values.ts';
import { parseFen } from '../src/notation/fen.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { damkaIn } from './helpers/engine-process.ts';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const fen = (text: string) => ENGLISH.fromBoard(parseFen(ENGLISH, text));
const fresh = () => mkdtempSync(join(tmpdir(), 'damka-shipped-'));
/** The package's own tables: DAMKA_EGDB_SHIPPED removed, as for a user. */
const PACKAGE = { [SHIPPED_ENV]: undefined };

/** Runs `f` with environment variables set (undefined: removed), then puts them back. */
function withEnv<T>(env: Record<string, string | undefined>, f: () => T): T {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const set = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  };
  set(env);
  try { return f(); } finally { set(before); }
}

describe('the shipped tables', () => {
  const data = withEnv(PACKAGE, () => shippedTableDir()!);

  it('are English to five pieces and International to four, every balance, each file sound and under 10 MB, and in the package', () => {
    for (const [variant, pieces] of [[ENGLISH, 5], [INTERNATIONAL, 4]] as const) {
      const names = readdirSync(join(data, variant.name)).filter((n) => n.endsWith('.egdb')).sort();
      // Every balance with both sides on the board, and nothing else (no distance files).
      const expected = balancesUpTo(pieces).map((b) => `${balanceName(b)}.egdb`).sort();
      expect(names).toEqual(expected);
      expect(readdirSync(join(data, variant.name)).filter((n) => !n.endsWith('.egdb'))).toEqual([]);
      for (const name of names) expect(statSync(join(data, variant.name, name)).size).toBeLessThan(MAX_FILE_BYTES);
      const tables = new EndgameTables(variant, data, (m) => { throw new Error(m); });
      expect(tables.maxPieces).toBe(pieces);
      // Every file read and checked (header, size, checksum): a damaged one throws above.
      for (const b of balancesUpTo(pieces)) expect(tables.table(b).index.size).toBe(new BalanceIndex(variant.geometry, b).size);
    }
    expect(pkg.files).toContain('src/egdb/data');
  });

  it('a fresh clone with no cache directory finds them: egdb probe of five-piece English and four-piece International results', () => {
    const env = { ...PACKAGE, XDG_CACHE_HOME: join(fresh(), 'no-cache-yet') };
    // Two kings and a man against two kings: a win, 109 plies from its first conversion.
    const won = damkaIn(env, '', 'egdb', 'probe', '--variant', 'english', '--fen', 'W:WK4,28,K29:BK3,K7');
    expect(won.code, won.err).toBe(0);
    expect(won.out).toMatch(/^KKM-KK white to move: win \(no distance\)\n/);
    expect(won.out).toContain(`table ${join(data, 'english', 'KKM-KK.egdb')}\n`);
    // International: two kings cannot catch a lone king to move on the long diagonal (28).
    const drawn = damkaIn(env, '', 'egdb', 'probe', '--variant', 'international', '--fen', 'B:WK1,K3:BK28');
    expect(drawn.code, drawn.err).toBe(0);
    expect(drawn.out).toMatch(/^K-KK black to move: draw\n/);
    expect(drawn.out).toContain(`table ${join(data, 'international', 'K-KK.egdb')}\n`);
  });

  it('a fresh clone\'s analysis of a five-piece English position scores with them (tbhits), and not with --egdb-path none', () => {
    const env = { ...PACKAGE, XDG_CACHE_HOME: join(fresh(), 'no-cache-yet') };
    // A table draw at the root: searched, no distances needed (so no distance build starts).
    const root = DRAWN_FIVE;
    expect(withEnv(PACKAGE, () => new EndgameTables(ENGLISH, data).probe(fen(root)))).toBe(DRAW);
    const r = damkaIn(env, '', 'analyze', '--variant', 'english', '--fen', root, '--depth', '6');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^depth 6\/\d+ score 0\.00 nodes [1-9]\d* tbhits [1-9]\d* /m);
    expect(r.err).not.toMatch(/distance|missing/);
    const off = damkaIn(env, '', 'analyze', '--variant', 'english', '--fen', root, '--depth', '6', '--egdb-path', 'none');
    expect(off.out).not.toMatch(/tbhits/);
  });

  it('damka bench searches without them, on one thread and on the worker engine alike (its node count a signature of the build)', () => {
    const env = { ...PACKAGE, XDG_CACHE_HOME: join(fresh(), 'no-cache-yet') };
    // Depth 7 reaches five pieces from the eight-piece endgames (tables there: 161,200 nodes, not 165,205).
    const nodes = (...args: string[]) => Number(/nodes (\d+)/.exec(damkaIn(env, '', 'bench', '--variant', 'english', '--depth', '7', ...args).out)![1]);
    expect(nodes('--threads', '1')).toBe(nodes());
  });
});

/** A five-piece English table draw (KK-KKM, White to move), for analysis without distances. */
const DRAWN_FIVE = 'W:WK7,K15:B14,K23,K26';

describe('where tables are looked for', () => {
  let shipped: string, cacheHome: string;
  const cache = () => join(cacheHome, 'damka', 'egdb');
  beforeAll(() => {
    // A small "shipped" set of win/draw/loss files only (as shipped), and a user's own build
    // of fewer pieces in the cache directory.
    shipped = fresh();
    buildTables(ENGLISH, balancesUpTo(3), shipped);
    for (const name of readdirSync(join(shipped, 'english'))) if (name.endsWith('.dtc')) unlinkSync(join(shipped, 'english', name));
    cacheHome = fresh();
    buildTables(ENGLISH, balancesUpTo(2), cache());
  }, 60_000);
  afterAll(() => { rmSync(shipped, { recursive: true, force: true }); rmSync(cacheHome, { recursive: true, force: true }); });
  const env = () => ({ [SHIPPED_ENV]: shipped, XDG_CACHE_HOME: cacheHome });

  it('each balance from the cache directory where it is there, else from the shipped set; a named directory alone', () => {
    withEnv(env(), () => {
      expect(defaultTableDirs()).toEqual([cache(), shipped]);
      const tables = new EndgameTables(ENGLISH, defaultTableDirs());
      expect(tables.maxPieces).toBe(3);
      expect(tables.fileOf({ myMen: 0, myKings: 1, theirMen: 0, theirKings: 1 })).toBe(join(cache(), 'english', 'K-K.egdb'));
      expect(tables.fileOf({ myMen: 0, myKings: 2, theirMen: 0, theirKings: 1 })).toBe(join(shipped, 'english', 'KK-K.egdb'));
      expect(tables.probe(fen('W:WK1,K3:BK28'))).toBe(WIN);
      // Distances of the cache's own build are found; the shipped balances have none.
      expect(tables.distance(fen('W:WK10:BK28'))).toBe(0);
      expect(tables.distance(fen('W:WK1,K3:BK28'))).toBe(-1);
      expect(tableDirsOf(shipped)).toEqual([shipped]);
      expect(new EndgameTables(ENGLISH, tableDirsOf(cache())).maxPieces).toBe(2);
    });
    withEnv({ ...env(), [SHIPPED_ENV]: 'none' }, () => expect(defaultTableDirs()).toEqual([cache()]));
  });

  it('a won root without distances starts one background build of them into the cache directory; the next search uses them', async () => {
    const home = fresh();
    const dir = join(home, 'damka', 'egdb');
    const runEnv = { ...env(), XDG_CACHE_HOME: home };
    const analyze = () => damkaIn(runEnv, '', 'analyze', '--variant', 'english', '--fen', 'W:WK1,K3:BK28', '--depth', '4');
    const first = analyze();
    expect(first.code, first.err).toBe(0);
    // Searched meanwhile, as without distances: a table win, not a distance.
    expect(first.out).toMatch(/score win \(tables\) nodes [1-9]/);
    expect(first.err).toMatch(/^damka: building the english distance files \(up to 3 pieces\) in .* in the background/m);
    expect(first.err.match(/building the english distance files/g)).toHaveLength(1);
    // The build runs on after the engine has gone; its lock goes when it is done.
    const deadline = Date.now() + 90_000;
    while (existsSync(buildLockFile(dir, 'english')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(buildLockFile(dir, 'english'))).toBe(false);
    const files = readdirSync(join(dir, 'english'));
    // Distances only (the tables stay the shipped ones), every one, and no file half-written.
    expect(files.filter((n) => n.endsWith('.dtc')).sort()).toEqual(balancesUpTo(3).map((b) => `${balanceName(b)}.dtc`).sort());
    expect(files.filter((n) => n.endsWith('.egdb') || n.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(join(dir, 'english', 'distances-build.log'), 'utf8')).toMatch(/^\d+ tables, /m);
    const second = analyze();
    expect(second.out).toMatch(/score win \(tables, converts in \d+\) nodes 0 /);
    expect(second.err).toBe('');
    rmSync(home, { recursive: true, force: true });
  }, 120_000);

  it('one build at a time: a live lock refuses another build, a dead holder\'s lock is taken over', () => {
    const dir = fresh();
    try {
      const lock = takeBuildLock(dir, 'english');
      expect('file' in lock).toBe(true);
      expect(takeBuildLock(dir, 'english')).toEqual({ heldBy: process.pid });
      const refused = damkaIn(env(), '', 'egdb', 'build', '--variant', 'english', '--pieces', '2', '--dir', dir);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(new RegExp(`another build is writing english tables in .* \\(process ${process.pid}\\)`));
      expect(readdirSync(join(dir, 'english'))).toEqual(['.build-lock']);
      if ('file' in lock) lock.release();
      expect(existsSync(buildLockFile(dir, 'english'))).toBe(false);
      // A holder that died (no such process) leaves a lock the next build takes.
      writeFileSync(buildLockFile(dir, 'english'), '2147483646');
      const built = damkaIn(env(), '', 'egdb', 'build', '--variant', 'english', '--pieces', '2', '--dir', dir);
      expect(built.code, built.err).toBe(0);
      expect(existsSync(buildLockFile(dir, 'english'))).toBe(false);
      expect(existsSync(tableFile(dir, ENGLISH, { myMen: 0, myKings: 1, theirMen: 0, theirKings: 1 }))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('egdb build --distances writes distances beside the shipped tables, and refuses a shipped table that a fresh solve contradicts', () => {
    const dir = fresh();
    const bad = fresh();
    try {
      const ok = damkaIn(env(), '', 'egdb', 'build', '--variant', 'english', '--pieces', '3', '--dir', dir, '--distances');
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(new RegExp(`^building english distance files up to 3 pieces in ${dir} \\(tables also from ${shipped}\\)`, 'm'));
      expect(readdirSync(join(dir, 'english')).filter((n) => n.endsWith('.egdb'))).toEqual([]);
      const kk = { myMen: 0, myKings: 2, theirMen: 0, theirKings: 1 };
      expect(existsSync(distanceFile(dir, ENGLISH, kk))).toBe(true);
      // A sound file (header, checksum) whose values are wrong: every position a draw.
      mkdirSync(join(bad, 'english'));
      for (const b of balancesUpTo(2)) {
        const positions = new BalanceIndex(ENGLISH.geometry, b).size;
        writeFileSync(tableFile(bad, ENGLISH, b), encodeTable('english', b, positions, new Uint8Array(Math.ceil(positions / 4))));
      }
      const refused = damkaIn({ ...env(), [SHIPPED_ENV]: bad }, '', 'egdb', 'build', '--variant', 'english', '--pieces', '2', '--dir', join(bad, 'out'), '--distances');
      expect(refused.code).not.toBe(0);
      expect(refused.err).toMatch(/\.egdb differs from a fresh solve of /);
      expect(existsSync(join(bad, 'out', 'english', '.build-lock'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
