// The Pencil's constrained fit (issue 30): the curves it seeded from a stroke are fitted to the stroke under their
// own constraints — H and V, their joins and tangencies — with every end that snapped to the drawing held where it
// snapped. The fit runs on an engine of the new curves alone, in which each connector a constraint ties to another
// curve is pinned where it is now: the drawing the stroke snapped to does not move toward the stroke (a fit with the
// old curves free would pull them along, since nothing holds them from it). The new curves' fitted states are then
// written into the drawing's records, which the caller builds its engine from again.

import { Engine, applyCurveState, curveStateOf } from '../engine';
import { CONSTRAINT_TARGETS } from '../shared/constraint-targets';
import type { Clock } from '../shared/clock';
import { emptyDrawing, type Connector, type Constraint, type Drawing, type Vec2 } from '../shared/drawing';
import { referencedCurves } from '../shared/references';

/**
 * Fits the curves `ids` of `drawing` (just added and settled, `engine` the drawing's) to `stroke`, writing their
 * fitted states into their records. False (nothing written) when the fit did not come to rest within the budget or
 * its engine could not be built.
 */
export function refitToStroke(
  drawing: Drawing,
  engine: Engine,
  ids: readonly string[],
  stroke: readonly Vec2[],
  clock: Clock,
  budgetMs: number,
): boolean {
  const fresh = new Set(ids);
  const sub = emptyDrawing();
  sub.curves = drawing.curves.filter((c) => fresh.has(c.id));
  sub.equations = drawing.equations;
  let pins = 0;
  for (const k of drawing.constraints) {
    const curves = referencedCurves(k);
    if (!curves.some((id) => fresh.has(id))) continue;
    if (curves.every((id) => fresh.has(id))) {
      sub.constraints.push(k);
      continue;
    }
    // Tied to the drawing: each of its connectors on a new curve held where it is.
    for (const at of freshConnectors(k, fresh))
      sub.constraints.push({
        id: `stroke-pin-${++pins}`,
        kind: 'pin',
        point: at,
        at: engine.connectorPosition(at),
      });
  }
  let fit: Engine;
  try {
    fit = Engine.build(sub, { clock });
  } catch {
    return false;
  }
  const report = fit.fitOnce(ids, Float64Array.from(stroke.flat()), budgetMs);
  if (!report?.caughtUp) return false;
  fit.writeBack(sub);
  for (const curve of sub.curves) {
    const record = drawing.curves.find((c) => c.id === curve.id)!;
    applyCurveState(record, curveStateOf(curve, sub), drawing);
  }
  return true;
}

/** The connectors of constraint k on the curves `fresh`. */
function freshConnectors(k: Constraint, fresh: ReadonlySet<string>): Connector[] {
  const fields = k as unknown as Record<string, Connector | undefined>;
  return CONSTRAINT_TARGETS[k.kind].connectors.flatMap((field) => {
    const at = fields[field];
    return at && fresh.has(at.curve) ? [at] : [];
  });
}
