// The Hub `level` command: depth, nodes, time per move, clock (time, moves, increment) or infinite.

import type { HubLine } from './line.ts';

export type HubLevel =
  | { kind: 'depth'; depth: number }
  | { kind: 'nodes'; nodes: number }
  | { kind: 'move-time'; seconds: number }
  | { kind: 'clock'; time: number; inc: number; moves: number }
  | { kind: 'infinite' };

function number(line: HubLine, name: string, integer: boolean, min: number): number {
  const raw = line.args.get(name);
  if (raw === undefined || raw === true) throw new Error(`level: ${name} needs a value`);
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new Error(`level: ${name}=${raw} is not ${integer ? 'a whole number' : 'a number'}`);
  }
  if (value < min) throw new Error(`level: ${name} must be at least ${min}, got ${raw}`);
  return value;
}

export function parseLevel(line: HubLine): HubLevel {
  const a = line.args;
  if (a.has('infinite')) return { kind: 'infinite' };
  if (a.has('depth')) return { kind: 'depth', depth: number(line, 'depth', true, 1) };
  if (a.has('nodes')) return { kind: 'nodes', nodes: number(line, 'nodes', true, 1) };
  if (a.has('move-time')) return { kind: 'move-time', seconds: number(line, 'move-time', false, 0) };
  if (a.has('time')) {
    return {
      kind: 'clock',
      // A GUI that subtracts its own overhead can send an overdrawn clock: treat it as empty
      // rather than refuse it, which would leave the previous (longer) level in force.
      time: Math.max(0, number(line, 'time', false, -Infinity)),
      inc: a.has('inc') ? number(line, 'inc', false, 0) : 0,
      moves: a.has('moves') ? number(line, 'moves', true, 1) : 0,
    };
  }
  throw new Error('level: expected depth=, nodes=, move-time=, time= or infinite');
}
