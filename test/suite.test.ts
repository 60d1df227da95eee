// damka suite: reading suite files, counting solved and failed, --min and its exit code.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSuite, runSuite } from '../src/tools/suite.ts';
import { ENGLISH } from '../src/rules/variants.ts';

const CLI = fileURLToPath(new URL('../dist/damka.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'damka-suite-'));
const file = join(dir, 'small.txt');
// Three positions checked by hand. Black to move can block White's last man with 21-25 (a
// win at once): solved. The same position with 22-26 as "the solution": a wrong claim, so
// the search fails it. Avoid 22-26 there: the search plays 21-25, so solved.
writeFileSync(file, `# a small suite
[shot]
B:W29:B21,22 ; 21-25 ; block ; 21-25 leaves White no move
B:W29:B21,22 ; 22-26 ; wrong ; a deliberately wrong solution
[avoid]
B:W29:B21,22 ; 22-26 ; avoid ; anything but 22-26
`);

describe('suite files', () => {
  it('reports a bad line with its place', () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '[shot]\nB:W29:B21,22 ; 21-26 ; x\n');
    expect(() => readSuite(ENGLISH, bad)).toThrow(/bad\.txt:2: .*21-26/);
    writeFileSync(bad, '[shot]\nB:W29 ; 21-26 ; x\n');
    expect(() => readSuite(ENGLISH, bad)).toThrow(/bad\.txt:2:/);
    writeFileSync(bad, '[shot]\nB:W29:B21,22 ; 21-25 ; x\n[shots]\n');
    expect(() => readSuite(ENGLISH, bad)).toThrow(/bad\.txt:3: unknown section \[shots\]/);
    writeFileSync(bad, '# nothing but a comment\n[avoid]\n');
    expect(() => readSuite(ENGLISH, bad)).toThrow(/bad\.txt: no positions/);
    expect(() => readSuite(ENGLISH, join(dir, 'missing.txt'))).toThrow(/cannot read suite file .*missing\.txt: no such file/);
  });
});

describe('damka suite', () => {
  it('counts solved and failed positions on the worker pool', async () => {
    const positions = readSuite(ENGLISH, file);
    expect(positions.map((p) => [p.id, p.kind, p.moves])).toEqual([['block', 'best', ['21-25']], ['wrong', 'best', ['22-26']], ['avoid', 'avoid', ['22-26']]]);
    const results = await runSuite(ENGLISH, positions, { depth: 4 }, 2);
    expect(results.map((r) => [r.position.id, r.solved, r.move])).toEqual([['block', true, '21-25'], ['wrong', false, '21-25'], ['avoid', true, '21-25']]);
    expect(results[0].solvedDepth).toBeGreaterThanOrEqual(1);
    expect(results[0].solvedDepth).toBeLessThanOrEqual(2);
    expect(results[1].solvedDepth).toBeNull();
  });

  it('prints each result and a summary; --min sets the exit code', () => {
    const ok = spawnSync(process.execPath, [CLI, 'suite', file, '--variant', 'english', '--depth', '3', '--min', '2'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^solved  block +best 21-25 +found 21-25 +depth [12] at \d+\.\d\d s$/m);
    expect(ok.stdout).toMatch(/^FAILED  wrong +best 22-26 +found 21-25 +searched to depth \d+$/m);
    expect(ok.stdout).toMatch(/^solved 2 of 3 in \d+\.\d s$/m);
    const short = spawnSync(process.execPath, [CLI, 'suite', file, '--variant', 'english', '--depth', '3', '--min', '3'], { encoding: 'utf8' });
    expect(short.status).toBe(1);
    const usage = spawnSync(process.execPath, [CLI, 'suite', file, '--variant', 'english'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--time SECONDS or --depth N/);
  });
});
