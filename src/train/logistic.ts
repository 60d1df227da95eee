// The model every fit shares: a position's result is predicted as sigmoid(score / K). The
// loss and the fitted scale live here, apart from the weight fitting (fit.ts) and the data
// (dataset.ts), because both of those need them and neither should import the other.

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Mean cross-entropy of predictions sigmoid(score / k) against results y (in [0, 1]). */
export function logLoss(scores: Float64Array, y: ArrayLike<number>, k: number, rows?: Int32Array): number {
  let sum = 0;
  const n = rows ? rows.length : scores.length;
  for (let j = 0; j < n; j++) {
    const i = rows ? rows[j] : j;
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(scores[i] / k)));
    sum -= y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
  }
  return sum / Math.max(1, n);
}

/** The scale K (centi-men) that best fits results to scores, by golden-section search. */
export function fitScale(scores: Float64Array, y: ArrayLike<number>, lo = 10, hi = 2000): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo, b = hi;
  let c = b - g * (b - a), d = a + g * (b - a);
  let fc = logLoss(scores, y, c), fd = logLoss(scores, y, d);
  for (let it = 0; it < 60 && b - a > 0.01; it++) {
    if (fc < fd) { b = d; d = c; fd = fc; c = b - g * (b - a); fc = logLoss(scores, y, c); }
    else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = logLoss(scores, y, d); }
  }
  return (a + b) / 2;
}
