// The diagnostics of a drawing solved in parts (parts.ts): each part's own (diagnostics.ts), merged into the one
// report of the whole drawing, every list back in the drawing's declared order.
import type { EngineModel } from './build';
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

/**
 * A report less some parts of what it covered (quiet-parts.ts: parts each now reported on their own, given by their
 * models): their curves, constraints and groups left out, their state and rows subtracted, the DOF of the
 * components left; `maxResidual` is what is left's.
 */
export function withoutParts(
  d: Diagnostics,
  removed: readonly EngineModel[],
  maxResidual: number,
): Diagnostics {
  const curves = new Set<string>();
  const constraints = new Set<string>();
  let stateSize = d.stateSize;
  let rows = d.rows;
  for (const m of removed) {
    for (const id of m.curveIndex.keys()) curves.add(id);
    for (const t of m.stacked.declared) constraints.add(t.id);
    stateSize -= m.system.n;
    rows -= m.stacked.rows;
  }
  const kept = (id: string) => !constraints.has(id);
  const groups = (list: string[][]) => list.filter((g) => kept(g[0]));
  const components = d.components.filter((k) => !curves.has(k.curves[0]));
  return {
    dof: components.reduce((sum, k) => sum + k.dof, 0),
    stateSize,
    rows,
    maxResidual,
    redundant: d.redundant.filter(kept),
    conflicting: d.conflicting.filter(kept),
    redundantGroups: groups(d.redundantGroups),
    conflictingGroups: groups(d.conflictingGroups),
    binding: d.binding.filter(kept),
    components,
    freeCurves: d.freeCurves.filter((id) => !curves.has(id)),
    constraints: d.constraints.filter((k) => kept(k.id)),
  };
}
