// The play page in a real browser (headless Chromium): the engine runs in the page's Web
// Worker and answers legal moves; moves are played by clicking squares, a capture with two
// routes asks which; undo and flip work; a screenshot is kept in dist/screenshots/.

import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraughtsGame, type MoveInfo } from '../src/api/index.ts';
import { type WebServer, startWebServer } from '../src/web/server.ts';
import { type Chromium, NO_CHROMIUM, hasChromium, launchChromium } from './helpers/chromium.ts';

if (!hasChromium) console.warn(NO_CHROMIUM);

const SHOTS = fileURLToPath(new URL('../dist/screenshots/', import.meta.url));
/** Whether the build put a shipped book of the variant beside the browser worker. */
const shippedBook = (variant: string) => existsSync(fileURLToPath(new URL(`../dist/browser/books/${variant}.book`, import.meta.url)));

describe.skipIf(!hasChromium)('the web page in headless Chromium', () => {
  let server: WebServer;
  let browser: Chromium;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startWebServer(0);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}?${query}`);
    return page;
  }

  /** Waits until the game has `ply` plies and the engine is not thinking; returns the game read back from the page's PDN. */
  async function settled(page: Page, ply: number): Promise<DraughtsGame> {
    await page.waitForFunction((n) => document.body.dataset.ply === String(n) && document.body.dataset.thinking === 'false', ply, { timeout: 60_000 });
    // Replaying the PDN checks every move, the engine's included, against the rules.
    return DraughtsGame.fromPdn(await page.locator('#pdn').inputValue());
  }

  async function click(page: Page, from: number, to: number): Promise<void> {
    await page.click(`[data-square="${from}"]`);
    await page.click(`[data-square="${to}"]`);
  }

  /** Clicks a legal move of `game` that is the only one between its squares; returns it. */
  async function playOne(page: Page, game: DraughtsGame): Promise<MoveInfo> {
    const legal = game.legalMoves();
    const move = legal.find((m) => legal.filter((o) => o.from === m.from && o.to === m.to).length === 1)!;
    await click(page, move.from, move.to);
    return move;
  }

  it('plays English against the engine by clicking, with legal replies, undo and flip', async () => {
    const page = await open('variant=english&human=white&time=0.1');
    // Black moves first: the engine opens.
    let game = await settled(page, 1);
    expect(game.variant.name).toBe('english');
    // Its opening move comes from the shipped book where the build has one (the worker downloads it), else from a search.
    await expect.poll(() => page.locator('#analysis').textContent()).toMatch(shippedBook('english') ? /^book +score -?\d+\.\d\d +\S/ : /depth \d+\/\d+ +score -?\d+\.\d\d/);
    for (let turn = 0; turn < 3; turn++) {
      const mine = await playOne(page, game);
      game = await settled(page, game.ply + 2);
      expect(game.history()[game.ply - 2].long).toBe(mine.long);
    }
    expect(await page.locator('#moves li').count()).toBe(4); // 7 plies, two to a line
    await page.click('#undo');
    game = await settled(page, 5);
    expect(game.status().toMove).toBe('white');
    // A piece that cannot move says why.
    const stuck = game.board().findIndex((p, i) => p === 'w' && !game.legalMoves().some((m) => m.from === i + 1)) + 1;
    expect(stuck, 'a white man that cannot move').toBeGreaterThan(0);
    await page.click(`[data-square="${stuck}"]`);
    await expect.poll(() => page.locator('#error').textContent()).toMatch(new RegExp(`cannot move|capture is compulsory`));
    const top = async (sq: number) => (await page.locator(`[data-square="${sq}"]`).boundingBox())!.y;
    expect(await top(1)).toBeLessThan(await top(32));
    await page.click('#flip');
    expect(await top(1)).toBeGreaterThan(await top(32));
    await page.click('#flip');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}web-page-english.png` });
    await page.close();
  });

  it('asks which route when two captures share start and end', async () => {
    const fen = 'B:W17,18,20,25,26,27,28,29,31,32:B1,2,4,5,7,8,10,12,14,15';
    const page = await open(`variant=english&human=black&time=0.1&fen=${encodeURIComponent(fen)}`);
    await click(page, 14, 30);
    const routes = page.locator('#routes button');
    await expect.poll(() => routes.count()).toBe(2);
    expect(await routes.evaluateAll((b) => b.map((e) => (e as HTMLElement).dataset.move))).toEqual(['14x21x30', '14x23x30']);
    expect(await page.evaluate(() => document.body.dataset.ply)).toBe('0');
    await page.click('#routes button[data-move="14x23x30"]');
    const game = await settled(page, 2);
    expect(game.startFen()).toBe(fen);
    expect(game.history()[0].long).toBe('14x23x30');
    expect(await page.locator('#choice').isHidden()).toBe(true);
    await page.close();
  });

  it('draws the 12x12 board of Canadian draughts and plays on it', async () => {
    const page = await open('variant=canadian&human=white&time=0.1');
    expect(await page.locator('[data-square]').count()).toBe(72);
    const box = async (sq: number) => (await page.locator(`[data-square="${sq}"]`).boundingBox())!;
    const inner = await page.locator('#board').evaluate((e) => e.clientWidth);
    // Twelve squares a row: square 1 is b12 (second file, top row), 67 is a1, 72 is k1.
    expect(Math.abs((await box(1)).width - inner / 12)).toBeLessThan(1);
    expect((await box(67)).x).toBeLessThan((await box(1)).x);
    expect((await box(72)).y).toBeGreaterThan((await box(6)).y);
    await click(page, 45, 39);
    const game = await settled(page, 2);
    expect(game.variant.name).toBe('canadian');
    expect(game.history()[0].text).toBe('45-39');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}web-page-canadian.png` });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays International, starts a new game, and keeps the console clean', async () => {
    const page = await open('variant=international&human=white&time=0.1');
    expect(await page.locator('[data-square]').count()).toBe(50);
    await click(page, 32, 28);
    let game = await settled(page, 2);
    expect(game.history()[0].text).toBe('32-28');
    await playOne(page, game);
    game = await settled(page, 4);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}web-page-international.png` });
    await page.click('#new');
    await settled(page, 0);
    await page.selectOption('#variant', 'english');
    expect(await page.locator('[data-square]').count()).toBe(32);
    await settled(page, 1); // English: Black first, the engine's move
    expect(problems).toEqual([]);
    await page.close();
  });
});
