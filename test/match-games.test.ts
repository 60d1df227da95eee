// The match runner and its referee at fixed depths, with real Damka engines and fake ones
// (test/fixtures/fake-hub-engine.mjs): schedules, openings, PDN, the final table, replay
// warnings, a stop by signal. Nothing here is timed; match.test.ts has what is.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../src/match/hub-client.ts';
import { runMatch, schedule } from '../src/match/match.ts';
import { readOpenings } from '../src/match/openings.ts';
import { parseTimeControl } from '../src/match/referee.ts';
import { parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { packageFile } from '../src/tools/dist-path.ts';

const CLI = fileURLToPath(new URL('../dist/damka.js', import.meta.url));
const FAKE = fileURLToPath(new URL('./fixtures/fake-hub-engine.mjs', import.meta.url));
const damka = { command: `"${process.execPath}" "${CLI}" hub`, params: { variant: 'english', 'tt-size': '8' } };
const fake = (mode: string) => ({ command: `"${process.execPath}" "${FAKE}" ${mode}`, params: {} });
const ballots = readOpenings(packageFile('openings/english-3move-ballots.txt'));

describe('match pieces', () => {
  it('parses time controls and command lines', () => {
    expect(parseTimeControl('40/5')).toEqual({ kind: 'clock', seconds: 300, inc: 0, moves: 40 });
    expect(parseTimeControl('10+0.1')).toEqual({ kind: 'clock', seconds: 10, inc: 0.1, moves: 0 });
    expect(parseTimeControl('90')).toEqual({ kind: 'clock', seconds: 90, inc: 0, moves: 0 });
    expect(() => parseTimeControl('fast')).toThrow(/--tc/);
    for (const none of ['40/0', '0/5', '0+0', '0']) expect(() => parseTimeControl(none), none).toThrow(/gives no time/);
    expect(splitCommand(`"/a b/node" 'x y' hub  --z`)).toEqual(['/a b/node', 'x y', 'hub', '--z']);
    expect(() => splitCommand('node "open')).toThrow(/unbalanced/);
  });

  it('schedules each opening twice with colours reversed, for every pair', () => {
    const s = schedule(3, ballots.slice(0, 2), 12);
    expect(s.slice(0, 2).map((p) => [p.white, p.black, p.opening.id])).toEqual([[0, 1, '001'], [1, 0, '001']]);
    expect(s.slice(2, 6).map((p) => [p.white, p.black])).toEqual([[0, 2], [2, 0], [1, 2], [2, 1]]);
    expect(s[6].opening.id).toBe(ballots[1].id);
  });

  it('reads the shipped opening files', () => {
    expect(ballots).toHaveLength(157);
    expect(ballots[0]).toEqual({ id: '001', moves: ['9-13', '21-17', '5-9'] });
    const intl = readOpenings(packageFile('openings/international.txt'));
    expect(intl.length).toBeGreaterThanOrEqual(50);
    expect(intl[0].moves).toHaveLength(4);
  });
});

describe('damka match', () => {
  it('plays two Damka processes from two openings with colours reversed; the PDN reads back legal', async () => {
    const pdn = join(mkdtempSync(join(tmpdir(), 'damka-')), 'match.pdn');
    const rounds: [number, number, string][] = [];
    const standing = await runMatch({
      variant: ENGLISH, engines: [damka, damka], tc: { kind: 'depth', depth: 2 }, openings: ballots.slice(0, 2),
      games: 4, concurrency: 2, maxPlies: 300, tolerance: 0.2, pdn,
      onGame: (round, w, _b, outcome) => rounds.push([round, w, outcome.result]),
    });
    expect(rounds.map((r) => r[0]).sort()).toEqual([1, 2, 3, 4]);
    expect(standing.engines[0].games).toBe(4);
    expect(standing.engines[0].points + standing.engines[1].points).toBe(4);
    const games = parsePdn(readFileSync(pdn, 'utf8'));
    expect(games).toHaveLength(4);
    const openings = games.map((g) => g.tags.get('Opening')).sort();
    expect(openings).toEqual(['9-13 21-17 5-9', '9-13 21-17 5-9', '9-13 21-17 6-9', '9-13 21-17 6-9']);
    // Two engines of one name are told apart in the tags.
    expect(new Set(games.map((g) => g.tags.get('White')))).toEqual(new Set(['Damka (1)', 'Damka (2)']));
    for (const record of games) {
      const game = replayPdn(record);
      expect(record.tags.get('GameType')).toBe('21');
      expect(game.status().result === '*' ? record.result === '1/2-1/2' : game.status().result === record.result).toBe(true);
      expect(game.moves.slice(0, 3).map((m) => `${m.from}-${m.to}`)).toEqual(record.tags.get('Opening')!.split(' '));
    }
  }, 60_000);

  it('stops with a clear error when an engine does not start', async () => {
    await expect(runMatch({
      variant: ENGLISH, engines: [damka, { command: 'no-such-engine-here hub', params: {} }], tc: { kind: 'depth', depth: 1 },
      openings: ballots.slice(0, 1), games: 2, concurrency: 1, maxPlies: 300, tolerance: 0.5,
    })).rejects.toThrow(/engine 2 \(no-such-engine-here hub\) did not start/);
  });

  it('prints a final table from the command line', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [CLI, 'match', '--variant', 'english', '-e', damka.command, '-e', damka.command, '--depth', '1', '--games', '2', '--max-plies', '20'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^engine +games +points +score +won +drawn +lost$/m);
    expect(r.stdout).toMatch(/score \d+\.\d%, Elo/);
    const bad = spawnSync(process.execPath, [CLI, 'match', '-e', damka.command], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/at least two engines/);
    const zero = spawnSync(process.execPath, [CLI, 'match', '-e', damka.command, '-e', damka.command, '--threads', '0'], { encoding: 'utf8' });
    expect(zero.status).toBe(2);
    expect(zero.stderr).toMatch(/--threads must be between 1 and/);
    const odds = spawnSync(process.execPath, [CLI, 'match', '-e', damka.command, '-e', damka.command, '--time-odds', '3:2'], { encoding: 'utf8' });
    expect(odds.status).toBe(2);
    expect(odds.stderr).toMatch(/--time-odds expects n:factor with n from 1 to 2/);
    const oddsDepth = spawnSync(process.execPath, [CLI, 'match', '-e', damka.command, '-e', damka.command, '--time-odds', '2:2', '--depth', '1'], { encoding: 'utf8' });
    expect(oddsDepth.status).toBe(2);
    expect(oddsDepth.stderr).toMatch(/--time-odds needs a time control/);
  }, 30_000);

  it('warns when games at a fixed depth would replay earlier ones, and that they do replay', async () => {
    const { spawnSync } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'damka-replay-'));
    try {
      const openings = join(dir, 'one.txt'), pdn = join(dir, 'games.pdn');
      writeFileSync(openings, '11-15 23-19 8-11\n');
      const run = (games: string, ...limits: string[]) => spawnSync(process.execPath, [CLI, 'match', '--variant', 'english', '-e', damka.command, '-e', damka.command,
        '--openings', openings, '--games', games, '--pdn', pdn, ...limits], { encoding: 'utf8' });
      // Games cut short (--max-plies): the warning and the replay do not need whole games.
      const replayed = run('3', '--depth', '3', '--max-plies', '40');
      expect(replayed.status).toBe(0);
      expect(replayed.stderr).toMatch(/at a fixed depth games 3-3 replay the openings of games 1-1 \(1 openings, two games each\).*at most --games 2/);
      // Game 3 is game 1 again, move for move (the same engine, opening and colours).
      const moves = readFileSync(pdn, 'utf8').split(/\n(?=\[Event)/).map((g) => g.replace(/^\[.*\]$/gm, '').trim());
      expect(moves).toHaveLength(3);
      expect(moves[2]).toBe(moves[0]);
      // Two games an opening at a fixed depth, or any number on a clock: no warning.
      expect(run('2', '--depth', '3', '--max-plies', '10').stderr).toBe('');
      expect(run('3', '--move-time', '0.02', '--max-plies', '10').stderr).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('prints the standing of the finished games when stopped by a signal; the PDN file agrees with it', async () => {
    const { spawn } = await import('node:child_process');
    const pdn = join(mkdtempSync(join(tmpdir(), 'damka-match-')), 'stopped.pdn');
    // The fake answers every search with an illegal move, so each game ends at its first move.
    const child = spawn(process.execPath, [CLI, 'match', '--variant', 'english', '-e', damka.command, '-e', fake('illegal').command,
      '--depth', '1', '--games', '1000', '--pdn', pdn], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const games = () => { try { return parsePdn(readFileSync(pdn, 'utf8')).length; } catch { return 0; } };
    while (games() < 3) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const records = parsePdn(readFileSync(pdn, 'utf8'));
    expect(stdout).toContain(`match stopped after ${records.length} of 1000 games`);
    expect(stdout).toMatch(new RegExp(`^1\\. Damka +${records.length} +${records.length} +100\\.0% +${records.length} +0 +0$`, 'm'));
    expect(stdout).toMatch(new RegExp(`^2\\. Fake-illegal +${records.length} +0 +0\\.0% +0 +0 +${records.length}$`, 'm'));
    // Read back in Damka's sense, every game is Damka's win, whichever colour it had.
    for (const r of records) {
      const damkaWhite = r.tags.get('White') === 'Damka';
      expect(r.result).toBe(damkaWhite ? '1-0' : '0-1');
    }
    expect(records.some((r) => r.tags.get('White') === 'Damka') && records.some((r) => r.tags.get('Black') === 'Damka')).toBe(true);
  }, 60_000);
});
