// The queue's pieces without a Redis: the URL, engine names, and the checks of jobs and results.

import { describe, expect, it } from 'vitest';
import { checkJob } from '../src/queue/check-job.ts';
import { parseEngineNames } from '../src/queue/engine-names.ts';
import type { GameJobData } from '../src/queue/job-data.ts';
import { checkGameResult, checkSelfPlayResult, decodeRecords, encodeRecords } from '../src/queue/job-results.ts';
import { parseQueueUrl } from '../src/queue/queue-url.ts';
import { ENGLISH } from '../src/rules/variants.ts';

const good: GameJobData = {
  kind: 'game', build: { version: '0.1.0', commit: 'abc' }, run: 'r1', variant: 'english', round: 1, openingMoves: ['9-13', '21-17', '5-9'],
  white: { name: 'damka', params: { variant: 'english' }, timeFactor: 1 }, black: { name: 'damka', params: {}, timeFactor: 1 },
  tc: { kind: 'depth', depth: 2 }, maxPlies: 300, tolerance: 0.2,
};

describe('queue pieces', () => {
  it('reads redis URLs and hides their password', () => {
    expect(parseQueueUrl('redis://127.0.0.1:6390')).toMatchObject({ host: '127.0.0.1', port: 6390, db: 0, tls: false });
    const u = parseQueueUrl('rediss://farm:s3cret@queue.lan:7000/2');
    expect(u).toMatchObject({ host: 'queue.lan', port: 7000, db: 2, tls: true });
    expect(u.shown).toBe('rediss://farm:***@queue.lan:7000/2');
    expect(parseQueueUrl('redis://h').port).toBe(6379);
    expect(() => parseQueueUrl('http://h:1')).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => parseQueueUrl('localhost:6379')).toThrow(/--queue expects/);
    expect(() => parseQueueUrl('redis://h:1/x')).toThrow(/database number/);
  });

  it('knows damka as its own engine and other engines only by --engine NAME=COMMAND', () => {
    const names = parseEngineNames(['old=node /opt/old/dist/damka.js hub']);
    expect([...names.keys()]).toEqual(['damka', 'old']);
    expect(names.get('damka')).toMatch(/damka\.js" hub$/);
    expect(() => parseEngineNames(['damka=evil'])).toThrow(/this build's own engine/);
    expect(() => parseEngineNames(['a b=x'])).toThrow(/NAME=COMMAND/);
    expect(() => parseEngineNames(['x=1', 'x=2'])).toThrow(/given twice/);
  });

  it('checks every field of a job and names what is wrong', () => {
    expect(checkJob(good)).toEqual(good);
    const bad = (change: Record<string, unknown>) => () => checkJob({ ...good, ...change });
    expect(bad({ kind: 'shell' })).toThrow(/kind must be game, selfplay or leaf/);
    expect(bad({ white: { name: 'rm -rf /', params: {}, timeFactor: 1 } })).toThrow(/name is not an engine name/);
    // A line break in a parameter would smuggle another Hub command to the engine.
    expect(bad({ black: { name: 'damka', params: { 'tt-size': '8\ngo think' }, timeFactor: 1 } })).toThrow(/one line of text/);
    expect(bad({ tc: { kind: 'depth', depth: 500 } })).toThrow(/depth is not a depth from 1 to 60/);
    expect(bad({ openingMoves: ['9-13', '9-13'] })).toThrow(/opening 9-13 9-13/);
    expect(bad({ variant: 'chess' })).toThrow(/chess/);
    expect(bad({ round: -1 })).toThrow(/round is not a game number/);
    expect(bad({ build: undefined })).toThrow(/build missing/);
    expect(() => checkJob('not json')).toThrow(/not an object/);
  });

  it('checks a game result by replaying it, and self-play records by their size', () => {
    const ok = { moves: ['9-13', '21-17', '5-9', '17-14'], result: '1/2-1/2', reason: 'adjudicated', fault: null, names: ['A', 'B'] };
    expect(checkGameResult(ENGLISH, ok, ['9-13', '21-17', '5-9']).game.ply).toBe(4);
    expect(() => checkGameResult(ENGLISH, { ...ok, moves: ['9-13', '9-13'] }, [])).toThrow(/move 2 \(9-13\)/);
    expect(() => checkGameResult(ENGLISH, ok, ['10-14'])).toThrow(/does not start with its opening/);
    expect(() => checkGameResult(ENGLISH, { ...ok, result: '*' }, [])).toThrow(/result is not a result/);
    const records = Int32Array.from({ length: 16 }, (_, i) => i * 1000 - 7000);
    expect(decodeRecords(encodeRecords(records))).toEqual(records);
    expect(() => decodeRecords(Buffer.from([1, 2, 3]).toString('base64'))).toThrow(/not whole records/);
    expect(() => checkSelfPlayResult({ games: [] }, 4)).toThrow(/has 0 games, the job 4/);
  });
});
