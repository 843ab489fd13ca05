// What the engine can say about a drawing at its present state: degrees of freedom, redundant and conflicting
// constraints, the constraints that bind (carry a self-stress), and each constraint's residual and tension. One
// factorisation at the present state, plus the rank tests of the attribution; it allocates (not a per-step path).
import type { EngineModel } from './build';
import type { Integrator } from './integrator/integrator';

export interface Diagnostics {
  dof: number;
  stateSize: number;
  rows: number;
  maxResidual: number;
  redundant: string[];
  conflicting: string[];
  /**
   * Constraints that carry a self-stress: the rows of a dependency (Jᵀy = 0) the factorisation found, by
   * constraint. At a lock (a toggle pose) these are the motor and the links in line holding it; with redundant
   * or conflicting constraints, those and the ones they duplicate.
   */
  binding: string[];
  constraints: { id: string; residual: number; tension: number }[];
}

/** A dependent row whose residual stays above this is a conflict, not a harmless redundancy. */
const CONFLICT_TOLERANCE = 1e-7;
/** Above this many constraints with dependent rows, diagnostics names them all without the greedy refinement. */
const MAX_ATTRIBUTION_CANDIDATES = 64;

/**
 * A measure as a finite number: NaN and +Infinity (a constraint that cannot be evaluated at this state, a tension
 * beyond floating point) become Number.MAX_VALUE, "beyond measure", so reports and snapshots stay JSON numbers.
 */
export function finiteMeasure(x: number): number {
  return x <= Number.MAX_VALUE ? x : Number.MAX_VALUE;
}

export function diagnose(model: EngineModel, integrator: Integrator): Diagnostics {
  const sys = model.system;
  const { q, residual, lambda } = integrator;
  const { c } = residual;
  sys.locked.fill(0);
  const maxResidual = residual.now();
  integrator.prepareSolve(integrator.lastStep);
  const dropped = sys.droppedCount;
  // Tension: |λ| of each constraint's rows in the present velocity solve.
  integrator.b.fill(0);
  sys.velocity(integrator.qdot, lambda, integrator.Q, integrator.b);
  // Constraint-level attribution: the factorisation drops dependent *rows*, which may fall in several
  // constraints (x of one pin, y of its twin). Greedily, latest declared first, a constraint is redundant if
  // removing all its rows leaves the rank unchanged; those removed are the redundant (or conflicting) ones.
  const rank = sys.rows - dropped;
  const candidates: number[] = [];
  for (let i = 0; i < model.terms.length; i++) {
    for (let r = sys.rowStart[i]; r < sys.rowStart[i + 1]; r++) {
      if (sys.dropped[r]) {
        candidates.push(i);
        break;
      }
    }
  }
  const removed = new Set<number>();
  if (candidates.length <= MAX_ATTRIBUTION_CANDIDATES) {
    for (let x = candidates.length - 1; x >= 0; x--) {
      sys.jacobian(q);
      for (const i of removed) sys.clearTermRows(i);
      sys.clearTermRows(candidates[x]);
      if (sys.rows - sys.factor() === rank) removed.add(candidates[x]);
    }
    sys.jacobian(q);
    sys.factor();
  } else for (const i of candidates) removed.add(i);
  const redundant: string[] = [];
  const conflicting: string[] = [];
  const binding = selfStressed(model);
  const constraints = model.terms.map((t, i) => {
    let residual = 0;
    let tension2 = 0;
    for (let r = sys.rowStart[i]; r < sys.rowStart[i + 1]; r++) {
      residual = Math.max(residual, Math.abs(c[r]));
      tension2 += lambda[r] * lambda[r];
    }
    let tension = Math.sqrt(tension2);
    if (tension === Infinity) tension = scaledNorm(lambda, sys.rowStart[i], sys.rowStart[i + 1]);
    if (removed.has(i)) (residual > CONFLICT_TOLERANCE ? conflicting : redundant).push(t.id);
    return { id: t.id, residual: finiteMeasure(residual), tension: finiteMeasure(tension) };
  });
  return {
    dof: sys.n - (sys.rows - dropped),
    stateSize: sys.n,
    rows: sys.rows,
    maxResidual: finiteMeasure(maxResidual),
    redundant,
    conflicting,
    binding,
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

/**
 * For each row the last factorisation dropped, the dependency it belongs to: y = e_r − (J W Jᵀ)⁺ J W Jᵀ e_r, so
 * J W Jᵀ y = 0, i.e. Jᵀ y = 0 (W is SPD). The constraints with a share of some y above 1e-6 of its largest
 * entry, in declared order.
 */
function selfStressed(model: EngineModel): string[] {
  const sys = model.system;
  if (sys.droppedCount === 0) return [];
  const e = new Float64Array(sys.rows);
  const v = new Float64Array(sys.n);
  const wv = new Float64Array(sys.n);
  const x = new Float64Array(sys.rows);
  const share = new Float64Array(model.terms.length);
  for (let r = 0; r < sys.rows; r++) {
    if (!sys.dropped[r]) continue;
    e.fill(0);
    e[r] = 1;
    sys.multiplyJt(v, e, false);
    sys.multiplyW(wv, v);
    sys.multiplyJ(x, wv);
    sys.solve(x, x);
    let largest = 0;
    for (let i = 0; i < sys.rows; i++) {
      x[i] = e[i] - x[i];
      largest = Math.max(largest, Math.abs(x[i]));
    }
    if (!(largest > 0)) continue;
    for (let i = 0; i < sys.rows; i++) {
      const t = sys.rowTerm[i];
      share[t] = Math.max(share[t], Math.abs(x[i]) / largest);
    }
  }
  return model.terms.filter((_, t) => share[t] > 1e-6).map((t) => t.id);
}
