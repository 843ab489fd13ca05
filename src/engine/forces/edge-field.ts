// An image's edge energy as the engine reads it (issue 30, snakes): a grid of values in [0, 1] (the gradient
// magnitude of the blurred image, document/edge-map.ts makes it) placed on the paper by an affine map from mm to
// pixels, and a sampler of its value, gradient and Hessian in mm that allocates nothing.
//
// Pixel (i, j)'s value sits at its centre, (i + ½, j + ½) in the pixel box 0…width × 0…height (y down) that
// image-geometry.ts's imageMatrix places on the paper; toPixel is that map's inverse. Between the centres the field
// is the uniform cubic B-spline of the values (4 × 4 of them, the grid's border repeated beyond it), not bilinear:
// bilinear has a kink at every pixel border, so at a ridge the force never vanishes — it flips from one side to the
// other — and a snake's steps never come to rest (seen: 170,000 steps on a disc, at rest to 0.03 px from the first
// hundred). The B-spline is twice continuously differentiable, its values stay in [0, 1] (its weights are a partition
// of unity, ≥ 0), it reproduces a linear field exactly, and it smooths by a further σ² = ⅓ px², which moves no
// ridge of a symmetric edge. Outside the centres' box (the outer half pixel and beyond) the field is off the image:
// value and derivatives 0.

/** The edge energy of one image at one capture range. */
export interface EdgeField {
  readonly width: number;
  readonly height: number;
  /** Row-major, width × height, each in [0, 1]. */
  readonly energy: Float32Array;
  /** The affine map mm → pixel box: px = m0·x + m1·y + m2, py = m3·x + m4·y + m5. */
  readonly toPixel: Float64Array;
}

/**
 * The edge energy at the paper point (x, y) mm into out[0], its gradient (mm⁻¹) into out[1], out[2] and its Hessian
 * (mm⁻²) into out[3] (xx), out[4] (xy), out[5] (yy), through toPixel's chain rule (∇ = Mᵀ∇_px, ∇² = Mᵀ∇²_px M, M
 * the map's linear part). False, and out[0…5] all 0, off the image.
 */
export function sampleEdge(field: EdgeField, x: number, y: number, out: Float64Array): boolean {
  const m = field.toPixel;
  const fx = m[0] * x + m[1] * y + m[2] - 0.5;
  const fy = m[3] * x + m[4] * y + m[5] - 0.5;
  const { width, height, energy } = field;
  // (written so that NaN is off the image too)
  if (!(fx >= 0 && fy >= 0 && fx <= width - 1 && fy <= height - 1)) {
    out.fill(0, 0, 6);
    return false;
  }
  const i = Math.floor(fx);
  const j = Math.floor(fy);
  const tx = fx - i;
  const ty = fy - j;
  // The four columns and rows of the support, the border repeated.
  const c0 = Math.max(0, i - 1);
  const c1 = Math.min(width - 1, i);
  const c2 = Math.min(width - 1, i + 1);
  const c3 = Math.min(width - 1, i + 2);
  // The B-spline's weights along x and their first and second derivatives.
  const bx0 = splineWeight(0, tx);
  const bx1 = splineWeight(1, tx);
  const bx2 = splineWeight(2, tx);
  const bx3 = splineWeight(3, tx);
  const dx0 = splineSlope(0, tx);
  const dx1 = splineSlope(1, tx);
  const dx2 = splineSlope(2, tx);
  const dx3 = splineSlope(3, tx);
  const ddx0 = splineBend(0, tx);
  const ddx1 = splineBend(1, tx);
  const ddx2 = splineBend(2, tx);
  const ddx3 = splineBend(3, tx);
  let value = 0;
  let dpx = 0;
  let dpy = 0;
  let hxx = 0;
  let hxy = 0;
  let hyy = 0;
  for (let b = 0; b < 4; b++) {
    const r = Math.min(height - 1, Math.max(0, j - 1 + b)) * width;
    const e0 = energy[r + c0];
    const e1 = energy[r + c1];
    const e2 = energy[r + c2];
    const e3 = energy[r + c3];
    const along = bx0 * e0 + bx1 * e1 + bx2 * e2 + bx3 * e3;
    const slope = dx0 * e0 + dx1 * e1 + dx2 * e2 + dx3 * e3;
    const by = splineWeight(b, ty);
    value += by * along;
    dpx += by * slope;
    dpy += splineSlope(b, ty) * along;
    hxx += by * (ddx0 * e0 + ddx1 * e1 + ddx2 * e2 + ddx3 * e3);
    hxy += splineSlope(b, ty) * slope;
    hyy += splineBend(b, ty) * along;
  }
  out[0] = value;
  out[1] = dpx * m[0] + dpy * m[3];
  out[2] = dpx * m[1] + dpy * m[4];
  // Mᵀ H_px M, M = [[m0, m1], [m3, m4]]: H_px times M's columns, then their dot products with M's columns.
  const h0x = hxx * m[0] + hxy * m[3];
  const h0y = hxy * m[0] + hyy * m[3];
  const h1x = hxx * m[1] + hxy * m[4];
  const h1y = hxy * m[1] + hyy * m[4];
  out[3] = m[0] * h0x + m[3] * h0y;
  out[4] = m[1] * h0x + m[4] * h0y;
  out[5] = m[1] * h1x + m[4] * h1y;
  return true;
}

/** The uniform cubic B-spline's weight of tap b (0…3, at −1, 0, 1, 2) at t ∈ [0, 1]. */
function splineWeight(b: number, t: number): number {
  const u = 1 - t;
  if (b === 0) return (u * u * u) / 6;
  if (b === 1) return (3 * t * t * t - 6 * t * t + 4) / 6;
  if (b === 2) return (-3 * t * t * t + 3 * t * t + 3 * t + 1) / 6;
  return (t * t * t) / 6;
}

/** d²/dt² of splineWeight(b, t). */
function splineBend(b: number, t: number): number {
  if (b === 0) return 1 - t;
  if (b === 1) return 3 * t - 2;
  if (b === 2) return 1 - 3 * t;
  return t;
}

/** d/dt of splineWeight(b, t). */
function splineSlope(b: number, t: number): number {
  if (b === 0) return -0.5 * (1 - t) * (1 - t);
  if (b === 1) return 0.5 * (3 * t * t - 4 * t);
  if (b === 2) return 0.5 * (-3 * t * t + 2 * t + 1);
  return 0.5 * t * t;
}
