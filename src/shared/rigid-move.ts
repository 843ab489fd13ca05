// A move of curves that nothing holds, made exactly: when no constraint or spring ties the curves moved to anything
// that stays, and none fixes them in the page, moving them rigidly keeps every constraint as it holds (the
// sketcher's constraints say nothing of where a shape is), so the move needs no solver — and a nudge of 1 mm moves
// by exactly 1 mm, not 0.999999998 (the solver's pull stops within its tolerance). Also what a paste moves a copy by.

import { assertNever } from './assert-never';
import type { Curve, Drawing, Vec2 } from './drawing';
import { referencedCurves } from './references';

const add = (p: Vec2, by: Vec2): Vec2 => [p[0] + by[0], p[1] + by[1]];

/** A curve's record moved by `by` (an equation curve by its `cx`, `cy` parameters, where it has them). */
export function translateCurve(curve: Curve, by: Vec2): Curve {
  const c = structuredClone(curve);
  switch (c.kind) {
    case 'point':
      c.at = add(c.at, by);
      break;
    case 'segment':
      c.a = add(c.a, by);
      c.b = add(c.b, by);
      break;
    case 'bar':
    case 'circle':
    case 'arc':
    case 'ellipse':
      c.center = add(c.center, by);
      break;
    case 'bezier':
      c.points = c.points.map((p) => add(p, by)) as typeof c.points;
      break;
    case 'spline':
      c.points = c.points.map((p) => add(p, by));
      break;
    case 'equation':
      if (Object.hasOwn(c.params, 'cx')) c.params.cx += by[0];
      if (Object.hasOwn(c.params, 'cy')) c.params.cy += by[1];
      break;
    default:
      assertNever(c);
  }
  return c;
}

/** An equation curve moves only by its cx, cy: without both it cannot be moved as a record. */
function movable(curve: Curve): boolean {
  return (
    curve.kind !== 'equation' || (Object.hasOwn(curve.params, 'cx') && Object.hasOwn(curve.params, 'cy'))
  );
}

/**
 * Whether the curves `ids` can be moved rigidly without the solver: each can be moved as a record, no pin or motor
 * holds one of them (a motor turns about a pinned pivot), no spring is anchored to the page at one of them, and no
 * constraint or spring joins one of them to a curve that stays.
 */
export function movesFreely(drawing: Drawing, ids: readonly string[]): boolean {
  const moved = new Set(ids);
  for (const curve of drawing.curves) if (moved.has(curve.id) && !movable(curve)) return false;
  for (const k of drawing.constraints) {
    const refs = referencedCurves(k);
    if (!refs.some((id) => moved.has(id))) continue;
    if (k.kind === 'pin' || k.kind === 'motor' || !refs.every((id) => moved.has(id))) return false;
  }
  for (const sp of drawing.springs) {
    const refs = referencedCurves(sp);
    if (refs.some((id) => moved.has(id)) && (sp.at !== undefined || !refs.every((id) => moved.has(id))))
      return false;
  }
  return true;
}
