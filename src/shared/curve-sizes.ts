// A round curve's size as the user reads it. The engine lets a radius pass through zero (a circle's rim dragged
// through its centre keeps moving smoothly), so a drawing in memory may hold a negative circle/arc radius or
// ellipse semi-axis. What the user sees and edits — a dimension tool's proposed value, Edit Value, the Properties
// panel, a saved file — is always the same curve with positive sizes, here: its size (|r|) and its "sized form",
// the same points re-parametrised:
//   arc     r < 0             → |r|, start + π                  (u unchanged)
//   ellipse rx < 0 and ry < 0 → |rx|, |ry|, rotation + π        (u unchanged)
//   circle  r < 0             → |r|,            u → u + ½ (mod 1)
//   ellipse rx < 0 only       → |rx|,           u → ½ − u (mod 1)
//   ellipse ry < 0 only       → |ry|,           u → 1 − u
// and back (`signedLike`: a value set on the sized form, written into the curve as its signs are, so setting an
// arc's own size moves nothing).

import { assertNever } from './assert-never';
import type { ArcCurve, CircleCurve, Curve } from './drawing';

/** A parameter of the curve as it was → the same point's parameter on its sized form. */
export type UMap = (u: number) => number;

const frac = (x: number) => x - Math.floor(x);
const halfTurn: UMap = (u) => frac(u + 0.5);
const mirrorX: UMap = (u) => frac(0.5 - u);
const mirrorY: UMap = (u) => 1 - u;

/** The size of a circle or arc: its radius as the user reads it, never negative. */
export function roundSize(curve: CircleCurve | ArcCurve): number {
  return Math.abs(curve.radius);
}

/** Whether the curve holds a negative size (a radius or semi-axis the engine took through zero). */
export function hasNegativeSize(curve: Curve): boolean {
  return (
    ((curve.kind === 'circle' || curve.kind === 'arc') && curve.radius < 0) ||
    (curve.kind === 'ellipse' && (curve.rx < 0 || curve.ry < 0))
  );
}

/**
 * Rewrites `curve` in place with positive sizes, the same points (see the header); returns the map of its u, or
 * null when u is unchanged. A size of exactly zero has no positive equivalent and is left as it is.
 */
export function makeSizesPositive(curve: Curve): UMap | null {
  switch (curve.kind) {
    case 'arc':
      if (curve.radius < 0) {
        curve.radius = -curve.radius;
        curve.start += Math.PI;
      }
      return null;
    case 'circle':
      if (curve.radius >= 0) return null;
      curve.radius = -curve.radius;
      return halfTurn;
    case 'ellipse': {
      const { rx, ry } = curve;
      if (rx < 0 && ry < 0) {
        curve.rx = -rx;
        curve.ry = -ry;
        curve.rotation += Math.PI;
        return null;
      }
      if (rx < 0) {
        curve.rx = -rx;
        return mirrorX;
      }
      if (ry < 0) {
        curve.ry = -ry;
        return mirrorY;
      }
      return null;
    }
    case 'point':
    case 'segment':
    case 'bar':
    case 'bezier':
    case 'spline':
    case 'equation':
      return null; // no size of a sign
    default:
      return assertNever(curve);
  }
}

/** The curve as the user reads it: a copy with positive sizes, the same points; the curve itself when it has them. */
export function sizedForm<C extends Curve>(curve: C): C {
  if (!hasNegativeSize(curve)) return curve;
  const copy = structuredClone(curve);
  makeSizesPositive(copy);
  return copy;
}

/**
 * `sized` (the sized form of `like`, perhaps edited: a radius or a start set) written back as `like`'s signs are,
 * in place into `like`: the inverse of makeSizesPositive, so a value set on what the user reads changes only that
 * value. Fields the flip does not touch are copied as they are.
 */
export function signedLike<C extends Curve>(like: C, sized: C): void {
  const negative = { ...like } as Curve;
  Object.assign(like, sized);
  switch (negative.kind) {
    case 'arc':
    case 'circle': {
      const c = like as unknown as ArcCurve | CircleCurve;
      if (negative.radius < 0) {
        c.radius = -c.radius;
        if (c.kind === 'arc') c.start -= Math.PI;
      }
      return;
    }
    case 'ellipse': {
      const c = like as unknown as typeof negative;
      if (negative.rx < 0) c.rx = -c.rx;
      if (negative.ry < 0) c.ry = -c.ry;
      if (negative.rx < 0 && negative.ry < 0) c.rotation -= Math.PI;
      return;
    }
    case 'point':
    case 'segment':
    case 'bar':
    case 'bezier':
    case 'spline':
    case 'equation':
      return;
    default:
      return assertNever(negative);
  }
}
