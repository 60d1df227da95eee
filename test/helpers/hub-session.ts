// A `damka hub` child process as the Hub tests drive it: started for a variant and ready, its
// `done` moves checked legal, bad lines each answered by one error. Shared by hub-session.test.ts
// (timed) and hub-protocol.test.ts (untimed).

import { expect } from 'vitest';
import { Game } from '../../src/game/game.ts';
import { parseFen } from '../../src/notation/fen.ts';
import { formatHubPosition } from '../../src/notation/hub-position.ts';
import { parseMove } from '../../src/notation/move-text.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { hubVariantName } from '../../src/protocols/hub/variant-name.ts';
import { EngineProcess } from './engine-process.ts';

const running: EngineProcess[] = [];

/** Kills this engine with the others after the test. */
export function track(p: EngineProcess): EngineProcess {
  running.push(p);
  return p;
}

/** The engines running for this test. */
export function engines(): readonly EngineProcess[] {
  return running;
}

/** Kills every engine `started` or `track`ed made: each test file calls it after each test. */
export function stopEngines(): void {
  for (const p of running.splice(0)) p.kill();
}

export const hubName = hubVariantName;
export const startString = (v: Variant) => formatHubPosition(v, v.toBoard(v.startPosition()));
export const hubString = (v: Variant, fen: string) => formatHubPosition(v, parseFen(v, fen));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A hub for the variant, its book off, after init and ready. */
export async function started(variant: Variant, params: string[] = []): Promise<EngineProcess> {
  const p = track(new EngineProcess(['hub']));
  p.send('hub');
  await p.expect(/^wait$/);
  // These tests are about searching: positions near the start must not be answered from the shipped book.
  p.send(`set-param name=variant value=${hubName(variant)}`, 'set-param name=book value=false', ...params, 'init');
  await p.expect(/^ready$/);
  return p;
}

/** The move of a `done` line, checked legal in the game (and played there). */
export function playDone(game: Game, line: string): string {
  const m = line.match(/^done move=(\S+)(?: ponder=(\S+))?$/);
  expect(m, line).not.toBeNull();
  const move = parseMove(game.variant, game.position, m![1]);
  game.play(move);
  if (m![2] && game.status().result === '*') parseMove(game.variant, game.position, m![2]);
  return m![1];
}

/** Each line answered by exactly one error line, and the session still answers ping. */
export async function expectErrors(p: EngineProcess, bad: string[]): Promise<void> {
  for (const line of bad) {
    p.send(line, 'ping');
    const answer = await p.collect(/^pong$/);
    expect(answer, line).toHaveLength(2);
    expect(answer[0], line).toMatch(/^error message=(\S+|"[^"]*")$/);
  }
}
