// Connects a Hub session (and the text mode) to the engine: Hub levels become search
// limits, and pondering becomes an unlimited search that ponder-hit puts on the clock.

import type { Limits } from '../../search/types.ts';
import type { EvalKind } from '../../eval/position-evaluator.ts';
import type { WorkerEngine } from '../../engine/worker-engine.ts';
import { moveBudget } from '../../search/time.ts';
import type { HubLevel } from './level.ts';
import type { HubBackend, HubInfo, HubSearchRequest } from './session.ts';
import type { Move } from '../../rules/move.ts';
import type { Variant } from '../../rules/variant.ts';

export function limitsFromLevel(level: HubLevel): Limits {
  switch (level.kind) {
    case 'depth': return { depth: level.depth };
    case 'nodes': return { nodes: level.nodes };
    case 'move-time': return { moveTime: level.seconds };
    case 'clock': return { time: level.time, inc: level.inc, movesToGo: level.moves || undefined };
    case 'infinite': return { infinite: true };
  }
}

export class EngineBackend implements HubBackend {
  private ponderLevel: HubLevel | null = null;

  constructor(private readonly engine: WorkerEngine) {}

  async init(options: { variant: Variant; ttMb: number; threads: number; egdbPath: string | null | undefined }): Promise<void> {
    this.engine.setTableSize(options.ttMb);
    this.engine.setEndgameTables(options.egdbPath);
    this.engine.setThreads(options.threads);
    await this.engine.start(options.variant);
  }

  setTableSize(mb: number): void {
    this.engine.setTableSize(mb);
  }

  setEvaluation(kind: EvalKind, weightsPath?: string): void {
    this.engine.setEvaluation(kind, weightsPath);
  }

  setThreads(n: number): void {
    this.engine.setThreads(n);
  }

  async search(request: HubSearchRequest, onInfo: (info: HubInfo) => void): Promise<{ move: Move | null; ponder: Move | null }> {
    const pondering = request.mode === 'ponder';
    this.ponderLevel = pondering ? request.level : null;
    // A ponder search runs on the opponent's time: only depth and node limits apply until ponder-hit.
    const timed = request.level.kind === 'clock' || request.level.kind === 'move-time';
    const limits: Limits = pondering && timed ? { infinite: true } : limitsFromLevel(request.level);
    try {
      const result = await this.engine.search(
        { variant: request.variant, root: request.root, history: request.history, counters: request.counters, limits, analyze: request.mode === 'analyze', egdbPath: request.egdbPath },
        (info) => onInfo({ depth: info.depth, selDepth: info.selDepth, score: info.score, nodes: info.nodes, timeMs: info.timeMs, pv: info.pv, tbHits: info.tbHits, tbDistance: info.tbDistance }),
      );
      return { move: result.move, ponder: result.ponder };
    } finally {
      this.ponderLevel = null;
    }
  }

  stop(): void {
    this.engine.stop();
  }

  ponderHit(): void {
    const level = this.ponderLevel;
    this.ponderLevel = null;
    if (!level) return;
    if (level.kind === 'move-time') this.engine.stopAfter(level.seconds);
    else if (level.kind === 'clock') this.engine.stopAfter(moveBudget(level.time, level.inc, level.moves));
  }

  newGame(): void {
    this.engine.newGame();
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}
