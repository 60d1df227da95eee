import { PerftRunner } from '../src/tools/perft.ts';
import { getVariant } from '../src/rules/variants.ts';
import { parseStartFen } from '../src/rules/family-8x8/start.ts';
import table from '../test/data/perft.json' with { type: 'json' };
const [name, depthText, fen] = process.argv.slice(2);
const v = getVariant(name);
const r = new PerftRunner(v);
const pos = fen ? v.fromBoard(parseStartFen(v.geometry, fen)) : v.startPosition();
const counts = (table as any)[name].counts;
for (let d = 1; d <= Number(depthText); d++) {
  const t = performance.now();
  const n = r.run(pos, d);
  console.log(name, d, n, counts[d-1], n === counts[d-1] ? 'ok' : 'MISMATCH', ((performance.now()-t)/1000).toFixed(2)+'s');
}
