// What `npm install damka` unpacks: everything the engine, its workers, the library, the browser
// build, the shipped books and tables need, and none of the measuring tools of bench/ (each
// a bundle of 1.5 MB that only a checkout of the repository runs).

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entry names of scripts/build.mjs that bundle a file of bench/, and those that bundle src/. */
function entries(): { bench: string[]; src: string[] } {
  const text = readFileSync(`${root}scripts/build.mjs`, 'utf8');
  const block = /const entries = \{([^}]*)\}/.exec(text)![1];
  const pairs = [...block.matchAll(/'?([a-z-]+)'?: '([^']+)'/g)].map((m) => ({ name: m[1], file: m[2] }));
  return { bench: pairs.filter((p) => p.file.startsWith('bench/')).map((p) => p.name), src: pairs.filter((p) => p.file.startsWith('src/')).map((p) => p.name) };
}

describe('the npm package', () => {
  it('holds the engine, its workers, books and tables, and no bench tool', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = new Set((JSON.parse(r.stdout)[0].files as { path: string }[]).map((f) => f.path));
    const { bench, src } = entries();
    expect(bench.length).toBeGreaterThan(10);
    expect(src).toContain('leaf-worker');
    for (const name of src) expect(files.has(`dist/${name}.js`), `dist/${name}.js`).toBe(true);
    for (const name of bench) expect(files.has(`dist/${name}.js`), `dist/${name}.js`).toBe(false);
    for (const book of readdirSync(`${root}src/book/data`).filter((f) => f.endsWith('.book'))) expect(files.has(`src/book/data/${book}`)).toBe(true);
    expect([...files].some((f) => f.startsWith('src/egdb/data/'))).toBe(true);
    for (const f of ['dist/lib/damka.js', 'dist/browser/damka.js', 'dist/browser/damka-worker.js', 'openings/english-3move-ballots.txt', 'README.md']) expect(files.has(f), f).toBe(true);
    expect([...files].some((f) => f.endsWith('.map'))).toBe(false);
  });
});
