// The engine lets a radius pass through zero (a circle dragged "inside out" keeps moving smoothly), so a drawing
// in memory may hold a negative circle/arc radius or ellipse semi-axis. The file format keeps sizes positive (a
// negative radius in a file is an error, as the issue asks), so before saving, every such curve is rewritten to its
// sized form (src/shared/curve-sizes.ts: same points, same material points). Where its u moves (a circle, an
// ellipse with one negative semi-axis), every connector on the curve (start/end anchors become the equivalent
// explicit u) and every bead sliding on it (on-curve s) moves with it, so the drawing behaves exactly as before.
// The input is never mutated. A size of exactly zero has no positive equivalent and is left for the validator to
// refuse.

import { CONSTRAINT_TARGETS } from './constraint-targets';
import { hasNegativeSize, makeSizesPositive, type UMap } from './curve-sizes';
import type { Connector, Constraint, Drawing } from './drawing';

/**
 * Circles, arcs and ellipses (the curves flipped) have u = 0 at 'start' and u = 1 at 'end'; their 'center' is off
 * the curve (centerIsOffCurve), has no u, and a flip leaves it where it is.
 */
function remapConnector(c: Connector, maps: Map<string, UMap>): Connector {
  const map = maps.get(c.curve);
  if (!map || c.anchor === 'center') return c;
  const u = c.anchor === 'start' ? 0 : c.anchor === 'end' ? 1 : (c.u ?? 0);
  return { curve: c.curve, u: map(u) };
}

/** The drawing with every negative size made positive, geometry and behaviour unchanged (see the header). */
export function withPositiveSizes(drawing: Drawing): Drawing {
  if (!drawing.curves.some(hasNegativeSize)) return drawing;
  // Everything copied but the trails, which nothing here changes (a copy would cost every edit the longest trail).
  const { traces, ...rest } = drawing;
  const out: Drawing = { ...structuredClone(rest), traces: traces.map((t) => ({ ...t })) };
  const maps = new Map<string, UMap>();
  for (const curve of out.curves) {
    const map = makeSizesPositive(curve);
    if (map) maps.set(curve.id, map);
  }
  if (maps.size === 0) return out;
  const fix = (c: Connector) => remapConnector(c, maps);
  out.constraints = out.constraints.map((c) => {
    const fields = { ...c } as unknown as Record<string, unknown>;
    for (const field of CONSTRAINT_TARGETS[c.kind].connectors) {
      const at = fields[field] as Connector | undefined;
      if (at) fields[field] = fix(at);
    }
    // A parameter along a flipped curve: a bead's s on its wire, a tangent contact's s on its second curve.
    const along =
      c.kind === 'on-curve' ? c.curve : c.kind === 'tangent' && c.s !== undefined ? c.curves?.[1] : undefined;
    const map = along === undefined ? undefined : maps.get(along);
    if (map) fields.s = map(fields.s as number);
    return fields as unknown as Constraint;
  });
  out.springs = out.springs.map((s) => (s.b ? { ...s, a: fix(s.a), b: fix(s.b) } : { ...s, a: fix(s.a) }));
  out.traces = out.traces.map((t) => ({ ...t, point: fix(t.point) }));
  return out;
}
