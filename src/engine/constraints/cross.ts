// The measures the line and tangent constraints are made of, each with its gradient in its two vectors: the sine and
// cosine of the angle between two directions (parallel, perpendicular), a point's signed distance from a line and
// a vector's length along it. Cross and dot products normalised by lengths, so their rows are in radians and
// millimetres whatever the lines' lengths or the curves' speeds in u.
// A zero-length direction has no angle or line: the measure is then 0 with a zero gradient (never NaN).

/** A direction shorter than this counts as none: its square (1e-200) is still a normal double. */
const NO_LENGTH = 1e-100;

/**
 * (a × b) / (|a| |b|), the sine of the angle from a to b; ga, gb = its gradient in a and in b (each 2 entries).
 */
export function sineBetween(ga: Float64Array, gb: Float64Array, a: Float64Array, b: Float64Array): number {
  const na = Math.hypot(a[0], a[1]);
  const nb = Math.hypot(b[0], b[1]);
  if (!(na > NO_LENGTH && nb > NO_LENGTH)) {
    ga[0] = ga[1] = gb[0] = gb[1] = 0;
    return 0;
  }
  const nn = na * nb;
  const f = (a[0] * b[1] - a[1] * b[0]) / nn;
  // ∂/∂a of a × b is (b.y, −b.x); ∂/∂a of 1/|a| is −a/|a|³.
  const fa = f / (na * na);
  const fb = f / (nb * nb);
  ga[0] = b[1] / nn - fa * a[0];
  ga[1] = -b[0] / nn - fa * a[1];
  gb[0] = -a[1] / nn - fb * b[0];
  gb[1] = a[0] / nn - fb * b[1];
  return f;
}

/**
 * (a · b) / (|a| |b|), the cosine of the angle between a and b (perpendicular: 0); ga, gb = its gradient in a and b.
 */
export function cosineBetween(ga: Float64Array, gb: Float64Array, a: Float64Array, b: Float64Array): number {
  const na = Math.hypot(a[0], a[1]);
  const nb = Math.hypot(b[0], b[1]);
  if (!(na > NO_LENGTH && nb > NO_LENGTH)) {
    ga[0] = ga[1] = gb[0] = gb[1] = 0;
    return 0;
  }
  const nn = na * nb;
  const f = (a[0] * b[0] + a[1] * b[1]) / nn;
  const fa = f / (na * na);
  const fb = f / (nb * nb);
  ga[0] = b[0] / nn - fa * a[0];
  ga[1] = b[1] / nn - fa * a[1];
  gb[0] = a[0] / nn - fb * b[0];
  gb[1] = a[1] / nn - fb * b[1];
  return f;
}

/**
 * (v · d) / |d|, the length of v's projection on the line along d; gv, gd = its gradient in v and in d.
 */
export function alongLine(gv: Float64Array, gd: Float64Array, v: Float64Array, d: Float64Array): number {
  const n = Math.hypot(d[0], d[1]);
  if (!(n > NO_LENGTH)) {
    gv[0] = gv[1] = gd[0] = gd[1] = 0;
    return 0;
  }
  const f = (v[0] * d[0] + v[1] * d[1]) / n;
  const fd = f / (n * n);
  gv[0] = d[0] / n;
  gv[1] = d[1] / n;
  gd[0] = v[0] / n - fd * d[0];
  gd[1] = v[1] / n - fd * d[1];
  return f;
}

/**
 * (w × d) / |d|, the signed distance from the line through the origin along d to the point w (negative below a
 * line running to +x on screen, y down); gw, gd = its gradient in w and in d.
 */
export function distanceFromLine(
  gw: Float64Array,
  gd: Float64Array,
  w: Float64Array,
  d: Float64Array,
): number {
  const n = Math.hypot(d[0], d[1]);
  if (!(n > NO_LENGTH)) {
    gw[0] = gw[1] = gd[0] = gd[1] = 0;
    return 0;
  }
  const f = (w[0] * d[1] - w[1] * d[0]) / n;
  const fd = f / (n * n);
  gw[0] = d[1] / n;
  gw[1] = -d[0] / n;
  gd[0] = -w[1] / n - fd * d[0];
  gd[1] = w[0] / n - fd * d[1];
  return f;
}

/**
 * J[o + j] += g · (M[j], M[k + j]) for j < k: a row's gradient g in a 2-vector, through that vector's 2×k Jacobian M
 * (row-major) in some block's k parameters.
 */
export function addThrough(J: Float64Array, o: number, g: Float64Array, M: Float64Array, k: number): void {
  const gx = g[0];
  const gy = g[1];
  for (let j = 0; j < k; j++) J[o + j] += gx * M[j] + gy * M[k + j];
}
