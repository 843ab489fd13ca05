// The nearest point of a parametric curve to a given point, by u in [0, 1], for curves without a closed form:
// dense samples, then a shrinking-bracket search around each of the few nearest sampled local minima. Several,
// not just the nearest sample: where a curve comes back close to itself (the two branches meeting at a cusp, a
// loop, a spline doubling back) the nearest sample can lie on the other branch. Picking and snapping use it, not
// the solver, so it may allocate.

/** Squared distance from the point to the curve's point at u (Infinity where it is not finite). */
export type Distance2 = (u: number) => number;

/** How many sampled local minima are refined. */
export const NEAREST_CANDIDATES = 4;

/**
 * Halves a bracket around `start` `rounds` times, moving to either neighbour when it is nearer: a local minimum
 * of `dist2` to within `step`·2^−rounds. Robust at cusps, where p′ = 0 stalls Newton.
 */
export function refineMinimum(dist2: Distance2, start: number, step: number, rounds: number): number {
  let best = start;
  let bestD = dist2(start);
  for (let round = 0; round < rounds; round++) {
    step *= 0.5;
    for (let side = -1; side <= 1; side += 2) {
      const u = best + side * step;
      if (u < 0 || u > 1) continue;
      const d = dist2(u);
      if (d < bestD) {
        bestD = d;
        best = u;
      }
    }
  }
  return best;
}

/** The u of the sampled local minima of `dist2` (samples + 1 points over [0, 1]), nearest first, at most `count`. */
export function sampledMinima(dist2: Distance2, samples: number, count = NEAREST_CANDIDATES): number[] {
  const d = new Float64Array(samples + 1);
  for (let i = 0; i <= samples; i++) {
    const v = dist2(i / samples);
    d[i] = v === v ? v : Infinity;
  }
  const minima: number[] = [];
  for (let i = 0; i <= samples; i++) {
    const left = i > 0 ? d[i - 1] : Infinity;
    const right = i < samples ? d[i + 1] : Infinity;
    if (d[i] <= left && d[i] <= right && d[i] < Infinity) minima.push(i);
  }
  minima.sort((i, j) => d[i] - d[j]);
  return minima.slice(0, count).map((i) => i / samples);
}

/**
 * The u of the nearest point: each sampled local minimum refined (then `polish`ed, when given, e.g. by Newton),
 * the nearest of them kept. 0 when no sample is finite.
 */
export function nearestParameter(
  dist2: Distance2,
  samples: number,
  rounds: number,
  polish?: (u: number, bracket: number) => number,
): number {
  let bestU = 0;
  let bestD = Infinity;
  const bracket = 4 * 2 ** -rounds;
  for (const start of sampledMinima(dist2, samples)) {
    let u = refineMinimum(dist2, start, 1 / samples, rounds);
    if (polish) {
      const polished = polish(u, bracket / samples);
      if (dist2(polished) <= dist2(u)) u = polished;
    }
    const d = dist2(u);
    if (d < bestD) {
      bestD = d;
      bestU = u;
    }
  }
  return bestU;
}
