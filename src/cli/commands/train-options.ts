// What the two fits (`damka train fit` and `fit-network`) read from their options alike: the
// data files, the result's share of the target, and the line that reports the targets.

import type { Variant } from '../../rules/variant.ts';
import { loadRecordFiles } from '../../train/records.ts';

export function parseResultWeight(text: string): number {
  const w = Number(text);
  if (!(w >= 0 && w <= 1)) throw new Error(`--result-weight must be between 0 and 1, got "${text}"`);
  return w;
}

/** The files of a comma-separated --data list and their records as one (game numbers kept apart). */
export function readDataFiles(list: string, variant: Variant): { files: string[]; records: Int32Array } {
  const files = list.split(',').map((s) => s.trim()).filter(Boolean);
  return { files, records: loadRecordFiles(files, variant.name) };
}

/** The report of dataset.ts fitTargets: the sigmoid's scale, the target's blend and the classic evaluation's losses. */
export function targetsLine(t: { scale: number; classicLoss: number; resultsLoss: number }, resultWeight: number): string {
  return `sigmoid scale ${t.scale.toFixed(1)} centi-men; target ${resultWeight} result + ${1 - resultWeight} search; ` +
    `classic evaluation loss ${t.classicLoss.toFixed(5)} (results alone ${t.resultsLoss.toFixed(5)})`;
}
