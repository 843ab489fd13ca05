// The diagnostics of a drawing solved in parts (parts.ts): each part's own (diagnostics.ts), merged into the one
// report of the whole drawing, every list back in the drawing's declared order.
import type { Diagnostics } from './diagnostics';

/**
 * One report from the parts' reports. `curveOrder` and `constraintOrder` give each id's index in the drawing: lists
 * of curves and constraints are sorted by them, groups by their first member.
 */
export function mergeDiagnostics(
  parts: readonly Diagnostics[],
  curveOrder: ReadonlyMap<string, number>,
  constraintOrder: ReadonlyMap<string, number>,
): Diagnostics {
  if (parts.length === 1) return parts[0];
  const byConstraint = (a: string, b: string) =>
    (constraintOrder.get(a) ?? 0) - (constraintOrder.get(b) ?? 0);
  const byCurve = (a: string, b: string) => (curveOrder.get(a) ?? 0) - (curveOrder.get(b) ?? 0);
  const ids = (pick: (d: Diagnostics) => string[], order: (a: string, b: string) => number) =>
    parts.flatMap(pick).sort(order);
  const groups = (pick: (d: Diagnostics) => string[][]) =>
    parts.flatMap(pick).sort((a, b) => byConstraint(a[0], b[0]));
  let dof = 0;
  let stateSize = 0;
  let rows = 0;
  let maxResidual = 0;
  for (const d of parts) {
    dof += d.dof;
    stateSize += d.stateSize;
    rows += d.rows;
    maxResidual = Math.max(maxResidual, d.maxResidual);
  }
  return {
    dof,
    stateSize,
    rows,
    maxResidual,
    redundant: ids((d) => d.redundant, byConstraint),
    conflicting: ids((d) => d.conflicting, byConstraint),
    redundantGroups: groups((d) => d.redundantGroups),
    conflictingGroups: groups((d) => d.conflictingGroups),
    binding: ids((d) => d.binding, byConstraint),
    components: parts.flatMap((d) => d.components).sort((a, b) => byCurve(a.curves[0], b.curves[0])),
    freeCurves: ids((d) => d.freeCurves, byCurve),
    constraints: parts.flatMap((d) => d.constraints).sort((a, b) => byConstraint(a.id, b.id)),
  };
}
