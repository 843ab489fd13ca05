// Adaptive sampling of a parametric curve into a polyline whose chord error stays within a tolerance, and the
// closest point of such a curve. Pure functions over a position callback, so they serve the equation curve model
// and the dialog's preview alike.

import type { Vec2 } from '../../shared/drawing';
import { segmentDistance2 } from '../../shared/segment-distance';
import { nearestParameter } from '../curves/nearest';

/** Writes p(u) into out[0], out[1]. */
export type PositionFn = (out: Float64Array, u: number) => void;

/** Uniform pieces sampled before any refinement, so a feature narrower than a piece is not missed entirely. */
export const INITIAL_PIECES = 64;
/** Deepest halving of an initial piece: 64 · 2^16 ≈ 4 million pieces at most along a pathological curve. */
export const MAX_REFINE_DEPTH = 16;
/** Refinement stops once the output has this many points, whatever the curve and tolerance. */
export const MAX_POLYLINE_POINTS = 200_000;

/** Distance from m to the segment a–b. */
function distanceToChord(ax: number, ay: number, bx: number, by: number, mx: number, my: number): number {
  return Math.sqrt(segmentDistance2(mx, my, ax, ay, bx, by));
}

/**
 * Points p(u) for u from 0 to 1, refined until every piece's midpoint and quarter points lie within `tolerance`
 * of its chord (the chord error of a smooth piece is largest near its middle). Where the curve is undefined
 * (non-finite points) nothing is emitted: a piece whose ends and middle are all undefined is a gap and is not
 * refined, a piece with one defined end is halved to find where the curve starts or stops. The output has at most
 * MAX_POLYLINE_POINTS + INITIAL_PIECES + MAX_REFINE_DEPTH points (once the cap is reached, the pieces still
 * pending are emitted unrefined so the polyline still reaches u = 1). `parameters`, when given, receives the u of
 * each point.
 */
export function samplePolyline(position: PositionFn, tolerance: number, parameters?: number[]): Vec2[] {
  const tol = tolerance > 0 && Number.isFinite(tolerance) ? tolerance : 1e-3;
  const p = new Float64Array(2);
  const q = new Float64Array(2);
  const r = new Float64Array(2);
  const points: Vec2[] = [];
  position(p, 0);
  // The left end of the piece being looked at (pieces come off the stack in order of u).
  let lx = p[0];
  let ly = p[1];
  if (Number.isFinite(lx) && Number.isFinite(ly)) {
    points.push([lx, ly]);
    parameters?.push(0);
  }
  // An explicit stack of pieces (u0, u1, depth) instead of recursion; right halves are pushed first.
  const stack: number[] = [];
  for (let i = INITIAL_PIECES - 1; i >= 0; i--) stack.push(i / INITIAL_PIECES, (i + 1) / INITIAL_PIECES, 0);
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const ub = stack.pop() as number;
    const ua = stack.pop() as number;
    position(p, ub);
    const bx = p[0];
    const by = p[1];
    const leftOk = Number.isFinite(lx) && Number.isFinite(ly);
    const rightOk = Number.isFinite(bx) && Number.isFinite(by);
    let split = false;
    if (depth < MAX_REFINE_DEPTH && points.length < MAX_POLYLINE_POINTS) {
      const um = 0.5 * (ua + ub);
      position(q, um);
      const midOk = Number.isFinite(q[0]) && Number.isFinite(q[1]);
      if (leftOk && rightOk) {
        position(r, 0.5 * (ua + um));
        const d1 = distanceToChord(lx, ly, bx, by, r[0], r[1]);
        position(r, 0.5 * (um + ub));
        const d2 = distanceToChord(lx, ly, bx, by, r[0], r[1]);
        const dm = distanceToChord(lx, ly, bx, by, q[0], q[1]);
        // NaN (undefined somewhere inside) also refines, so the gap around it shrinks.
        split = !(dm <= tol && d1 <= tol && d2 <= tol);
      } else {
        split = leftOk || rightOk || midOk;
      }
      if (split) stack.push(um, ub, depth + 1, ua, um, depth + 1);
    }
    if (!split) {
      if (rightOk) {
        points.push([bx, by]);
        parameters?.push(ub);
      }
      lx = bx;
      ly = by;
    }
  }
  return points;
}

/**
 * The u in [0, 1] of the point nearest (x, y): the nearest sampled minima refined by shrinking brackets
 * (`nearestParameter`), each then polished by Newton on (p − m)·p′ = 0 to full precision, kept only where it
 * improves. `second` writes p, p′ and p″ (six numbers) at u.
 */
export function closestParameter(
  position: PositionFn,
  second: (out: Float64Array, u: number) => void,
  x: number,
  y: number,
  samples = 512,
): number {
  const p = new Float64Array(6);
  const dist2 = (u: number): number => {
    position(p, u);
    const d = (p[0] - x) ** 2 + (p[1] - y) ** 2;
    return Number.isFinite(d) ? d : Infinity;
  };
  const newton = (start: number, bracket: number): number => {
    const lo = Math.max(0, start - bracket);
    const hi = Math.min(1, start + bracket);
    let u = start;
    for (let it = 0; it < 8; it++) {
      second(p, u);
      const ex = p[0] - x;
      const ey = p[1] - y;
      const g = ex * p[2] + ey * p[3];
      const h = p[2] * p[2] + p[3] * p[3] + ex * p[4] + ey * p[5];
      if (!(h > 0)) break;
      const next = Math.min(hi, Math.max(lo, u - g / h));
      if (next === u) break;
      u = next;
    }
    return u;
  };
  return nearestParameter(dist2, samples, 30, newton);
}
