// The pose of a drawing: where its curves are (their state parameters), its motors' angles, its sliding parameters
// (beads, tangent contacts) and its traces — everything Play changes and nothing an edit makes. Reset puts the pose
// at Play back onto the drawing as it is now, so edits made while playing (a new constraint, a longer crank, a
// renamed bar) are kept: a curve, motor or trace added since Play keeps its own pose; one deleted is not revived.
import { applyCurveState, curveStateOf } from '../engine/pure';
import type { Drawing } from '../shared/drawing';
import { emptyTrail } from '../shared/trail';

/** Copies `pose`'s pose onto `drawing` (mutates it) for every record both have; returns how many it restored. */
export function restorePose(drawing: Drawing, pose: Drawing): number {
  let restored = 0;
  const curves = new Map(pose.curves.map((c) => [c.id, c]));
  for (const curve of drawing.curves) {
    const was = curves.get(curve.id);
    if (!was || was.kind !== curve.kind) continue;
    const state = curveStateOf(was, pose);
    // A spline that gained points, an equation curve whose definition changed: its state no longer fits.
    if (state.length !== curveStateOf(curve, drawing).length) continue;
    applyCurveState(curve, state, drawing);
    restored++;
  }
  const constraints = new Map(pose.constraints.map((k) => [k.id, k]));
  for (const k of drawing.constraints) {
    const was = constraints.get(k.id);
    if (!was || was.kind !== k.kind) continue;
    if (k.kind === 'motor' && was.kind === 'motor') k.angle = was.angle;
    else if (
      (k.kind === 'on-curve' && was.kind === 'on-curve') ||
      (k.kind === 'tangent' && was.kind === 'tangent')
    )
      k.s = was.s;
    else continue;
    restored++;
  }
  const traces = new Map(pose.traces.map((t) => [t.id, t]));
  for (const trace of drawing.traces) {
    const was = traces.get(trace.id);
    trace.points = was ? structuredClone(was.points) : emptyTrail();
  }
  return restored;
}
