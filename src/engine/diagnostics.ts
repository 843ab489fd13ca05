// What the engine can say about a drawing at its present state: degrees of freedom (of the whole, of each component,
// which curves are fully constrained), the dependencies among the constraints — redundant groups (harmless) and
// conflicting ones (an error) — the constraints that bind, and each constraint's residual and tension. The
// dependencies come from one sparse elimination of J in declared order (rank/analysis.ts), near-linear per
// component; J W Jᵀ is factored only when a force acts (for the tensions). It allocates (not a per-step path).
import type { EngineModel } from './build';
import type { Integrator } from './integrator/integrator';
import { analyseRank } from './rank/analysis';

export interface Diagnostics {
  dof: number;
  stateSize: number;
  rows: number;
  maxResidual: number;
  /** Every constraint of a redundant group, in declared order (the union of redundantGroups). */
  redundant: string[];
  /** Every constraint of a conflicting group, in declared order (the union of conflictingGroups). */
  conflicting: string[];
  /**
   * Consistent dependencies (a warning): each group is a set of constraints whose rows depend on each other and
   * agree, so any one of them can go. In declared order; the last is the one declared last (what was just added).
   */
  redundantGroups: string[][];
  /** Inconsistent dependencies (an error): groups as above whose constraints ask for different things. */
  conflictingGroups: string[][];
  /**
   * Constraints that carry a self-stress: the members of every dependency (Jᵀy = 0) found. At a lock (a toggle
   * pose) these are the motor and the links in line holding it; with redundant or conflicting constraints, those
   * and the ones they duplicate. In declared order.
   */
  binding: string[];
  /** The connected components (curves linked by constraints) with their degrees of freedom, in drawing order. */
  components: { curves: string[]; dof: number }[];
  /** Curves some motion the constraints allow still moves; every other curve is fully constrained. */
  freeCurves: string[];
  constraints: { id: string; residual: number; tension: number }[];
}

/** A dependency whose residual (along it) stays above this is a conflict, not a harmless redundancy. */
export const CONFLICT_TOLERANCE = 1e-7;

/**
 * A measure as a finite number: NaN and +Infinity (a constraint that cannot be evaluated at this state, a tension
 * beyond floating point) become Number.MAX_VALUE, "beyond measure", so reports and snapshots stay JSON numbers.
 */
export function finiteMeasure(x: number): number {
  return x <= Number.MAX_VALUE ? x : Number.MAX_VALUE;
}

export function diagnose(model: EngineModel, integrator: Integrator): Diagnostics {
  const sys = model.system;
  const { stacked, q } = model;
  const { residual, lambda, Q } = integrator;
  const maxResidual = stacked.maxResidual(residual.c, residual.now(), q, residual.version);
  integrator.prepareMetric(integrator.lastStep); // (with no bead held)
  // The constraints' rows as declared: the system's own unless some are stacked (stacked-rows.ts), then the dropped
  // duplicates' too, and a star's attachments as written rather than the chain the system solves.
  const rows = stacked.plain ? null : stacked;
  const terms = stacked.declared;
  const rowStart = rows ? rows.rowStart : sys.rowStart;
  const c = rows ? new Float64Array(rows.rows) : residual.c;
  if (rows) rows.residual(c, residual.c, q);
  const rank = rows
    ? analyseRank(sys, c, model.curves.length, rows)
    : analyseRank(sys, c, model.curves.length);

  // Tension: |λ| of each constraint's rows in the present velocity solve, λ = −(J W Jᵀ)⁺ J W Q. Without a force
  // (Q = 0) that is 0, and J W Jᵀ — dense where many constraints share a block — need not be factored.
  let forced = false;
  for (let i = 0; i < sys.n && !forced; i++) forced = Q[i] !== 0;
  if (forced) {
    sys.factor();
    integrator.b.fill(0);
    sys.velocity(integrator.qdot, lambda, Q, integrator.b);
  } else lambda.fill(0);
  const tensions = rows ? new Float64Array(rows.rows) : lambda;
  if (rows) rows.multipliers(tensions, lambda);

  const ids = (members: number[]) => members.map((t) => terms[t].id);
  const redundantGroups: string[][] = [];
  const conflictingGroups: string[][] = [];
  const isRedundant = new Uint8Array(terms.length);
  const isConflicting = new Uint8Array(terms.length);
  for (const { terms: members, inconsistency } of rank.dependencies) {
    const conflict = !(inconsistency <= CONFLICT_TOLERANCE);
    (conflict ? conflictingGroups : redundantGroups).push(ids(members));
    for (const t of members) (conflict ? isConflicting : isRedundant)[t] = 1;
  }
  const redundant: string[] = [];
  const conflicting: string[] = [];
  const binding: string[] = [];
  const constraints = terms.map((t, i) => {
    let residual = 0;
    let tension2 = 0;
    for (let r = rowStart[i]; r < rowStart[i + 1]; r++) {
      residual = Math.max(residual, Math.abs(c[r]));
      tension2 += tensions[r] * tensions[r];
    }
    let tension = Math.sqrt(tension2);
    if (tension === Infinity) tension = scaledNorm(tensions, rowStart[i], rowStart[i + 1]);
    if (isRedundant[i]) redundant.push(t.id);
    if (isConflicting[i]) conflicting.push(t.id);
    if (isRedundant[i] || isConflicting[i]) binding.push(t.id);
    return { id: t.id, residual: finiteMeasure(residual), tension: finiteMeasure(tension) };
  });

  const curveIds: string[] = [];
  for (const [id, b] of model.curveIndex) curveIds[b] = id;
  const components = Array.from(rank.componentDof, (dof) => ({ curves: [] as string[], dof }));
  curveIds.forEach((id, b) => components[rank.component[b]].curves.push(id));
  const freeCurves = curveIds.filter((_, b) => rank.free[b]);
  return {
    dof: sys.n - rank.rank,
    stateSize: sys.n,
    rows: rows ? rows.rows : sys.rows,
    maxResidual: finiteMeasure(maxResidual),
    redundant,
    conflicting,
    redundantGroups,
    conflictingGroups,
    binding,
    // Components without a curve (none: a bead's parameter always shares its wire's) are not listed.
    components: components.filter((k) => k.curves.length > 0),
    freeCurves,
    constraints,
  };
}

/** |v[from … to)| scaled by its largest entry: finite where the plain sum of squares overflows. */
function scaledNorm(v: Float64Array, from: number, to: number): number {
  let largest = 0;
  for (let r = from; r < to; r++) largest = Math.max(largest, Math.abs(v[r]));
  if (!(largest > 0 && largest < Infinity)) return largest;
  let sum = 0;
  for (let r = from; r < to; r++) sum += (v[r] / largest) ** 2;
  return largest * Math.sqrt(sum);
}
