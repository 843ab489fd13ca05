// The rank analysis of a drawing's constraints at its present state, by constraint index: which rows depend on
// which (grouped by constraint, with how inconsistent each dependency is), the components and their degrees of
// freedom, and which curves some allowed motion still moves. One sparse elimination of J (row-echelon.ts) in
// declared order, so a dependency always names the row declared last — what the user just added — and rows kept
// before it; no factorisation per constraint.
import { PIVOT_TOLERANCE, type ConstraintSystem } from '../system/system';
import { componentsOf } from './components';
import { RowEchelon } from './row-echelon';

/**
 * A row is dependent when what the earlier rows leave of it is below this fraction of its norm (columns scaled by
 * W^½, the metric the solver's J W Jᵀ works in): the square root of the solver's pivot test (pivot / diagonal is
 * sin² of the same angle), so both call the same rows dependent.
 */
export const RANK_TOLERANCE = Math.sqrt(PIVOT_TOLERANCE);
/** A constraint is part of a dependency when its weight in it is above this fraction of the largest weight. */
const MEMBER_WEIGHT = 1e-6;
/**
 * A factorisation of J W Jᵀ whose every pivot is at least this fraction of its diagonal (sin² of the angle between
 * its row and the rows before it, 1e-4: an angle of 0.01 rad, against PIVOT_TOLERANCE's 1e-10) leaves no row near
 * dependence: independentRows answers without the elimination.
 */
const CERTAIN_PIVOT = 1e-4;
/** A curve is fixed when a generic allowed motion moves it less than this fraction of its component's largest. */
const FIXED_MOTION = 1e-8;

export interface Dependency {
  /** Constraint indices, ascending: the dependent row's constraint (the last) and those its row depends on. */
  terms: number[];
  /**
   * |yᵀc| / max |y| over the dependencies y (Jᵀ y = 0) found with these constraints: the residual along the
   * dependency, 0 when the constraints agree (a harmless redundancy), the gap they leave when they conflict.
   */
  inconsistency: number;
}

/**
 * The rows the elimination reads, in declared order, and their constraints: the system's own, or the constraints'
 * as declared where the system solves some of them stacked (stacked-rows.ts: duplicates dropped, a star's
 * attachments re-expressed). J must be current.
 */
export interface RankRows {
  readonly rows: number;
  /** Row → its constraint (an index into termBlocks: what a dependency's `terms` are). */
  readonly rowTerm: Int32Array;
  /** Per constraint, the blocks it touches. */
  readonly termBlocks: readonly (readonly number[])[];
  rowEntries(r: number, cols: Int32Array, vals: Float64Array): number;
}

/** The system's own rows as RankRows. */
function systemRows(sys: ConstraintSystem): RankRows {
  return {
    rows: sys.rows,
    rowTerm: sys.rowTerm,
    termBlocks: sys.terms.map((t) => t.blocks),
    rowEntries: (r, cols, vals) => sys.rowEntries(r, cols, vals),
  };
}

export interface RankAnalysis {
  rank: number;
  /** One per distinct set of constraints, in the order their first dependent row was met. */
  dependencies: Dependency[];
  /** Per block (curves first, then beads): its component. */
  component: Int32Array;
  /** Per component: its state size minus its rank. */
  componentDof: Int32Array;
  /** Per curve block: 1 if some motion the constraints allow moves it. */
  free: Uint8Array;
}

/**
 * Analyses the rows `declared` gives (the system's own by default) with `sys`'s Jacobian and W current
 * (Integrator.prepareMetric) and c = C(q) of those rows. `curveCount`: the first blocks that are curves (the rest
 * are bead parameters). independentRows answers first where it can: where the rows are as many as the system's
 * (a star's re-expressed rows have the system's rank; a dropped duplicate's do not).
 */
export function analyseRank(
  sys: ConstraintSystem,
  c: Float64Array,
  curveCount: number,
  declared: RankRows = systemRows(sys),
): RankAnalysis {
  const { n, blockCount, blockOff, blockSize } = sys;
  const { rows, rowTerm, termBlocks } = declared;
  const blockOfColumn = new Int32Array(n);
  for (let b = 0; b < blockCount; b++) blockOfColumn.fill(b, blockOff[b], blockOff[b] + blockSize[b]);
  const { count, component } = componentsOf(blockCount, termBlocks.length, (t) => termBlocks[t]);
  const quick = rows === sys.rows ? independentRows(sys, curveCount, blockOfColumn, count, component) : null;
  if (quick) return quick;
  const scale = new Float64Array(n);
  sys.metricScale(scale);
  for (let j = 0; j < n; j++) {
    // W^½ of a diagonal block; of another, the root of its diagonal (or M's, banded): a scaling, it changes no rank.
    const w = scale[j];
    scale[j] = w > 0 && Number.isFinite(w) ? Math.sqrt(w) : 1;
  }
  let widest = 0;
  for (const blocks of termBlocks) {
    let width = 0;
    for (const b of blocks) width += blockSize[b];
    widest = Math.max(widest, width);
  }
  const cols = new Int32Array(widest);
  const vals = new Float64Array(widest);

  // Markowitz counts: how many rows touch each column.
  const columnCount = new Int32Array(n);
  for (let r = 0; r < rows; r++) {
    const count = declared.rowEntries(r, cols, vals);
    for (let x = 0; x < count; x++) columnCount[cols[x]]++;
  }

  const echelon = new RowEchelon(n, columnCount);
  const rowNorm = new Float64Array(rows);
  const dependencies: Dependency[] = [];
  const byKey = new Map<string, Dependency>();
  const weightOfTerm = new Float64Array(termBlocks.length);
  const touchedTerms: number[] = [];
  for (let r = 0; r < rows; r++) {
    const count = declared.rowEntries(r, cols, vals);
    let norm2 = 0;
    for (let x = 0; x < count; x++) {
      vals[x] *= scale[cols[x]];
      norm2 += vals[x] * vals[x];
    }
    const norm = Math.sqrt(norm2);
    rowNorm[r] = norm;
    if (norm > 0) for (let x = 0; x < count; x++) vals[x] /= norm;
    if (echelon.add(r, cols, vals, count, RANK_TOLERANCE)) continue;
    // The dependency y of row r, normalised rows: ŷ_r = 1, ŷ_r' = −w. In the rows' own units y_r' = ŷ_r' / ρ_r'.
    const own = rowTerm[r];
    touchedTerms.length = 0;
    weightOfTerm[own] = 1;
    touchedTerms.push(own);
    let along = norm > 0 ? c[r] / norm : c[r];
    let largest = norm > 0 ? 1 / norm : 1;
    let largestHat = 1;
    echelon.dependency((r2, w) => {
      const t = rowTerm[r2];
      if (weightOfTerm[t] === 0) touchedTerms.push(t);
      const a = Math.abs(w);
      weightOfTerm[t] = Math.max(weightOfTerm[t], a);
      largestHat = Math.max(largestHat, a);
      along -= (w * c[r2]) / rowNorm[r2];
      largest = Math.max(largest, a / rowNorm[r2]);
    });
    const members = touchedTerms.filter((t) => weightOfTerm[t] > MEMBER_WEIGHT * largestHat);
    for (const t of touchedTerms) weightOfTerm[t] = 0;
    members.sort((a, b) => a - b);
    // A NaN residual is an inconsistency beyond measure: it must not vanish in a comparison or a max().
    const measured = Math.abs(along) / largest;
    const inconsistency = measured === measured ? measured : Infinity;
    const key = members.join(',');
    const known = byKey.get(key);
    if (known) {
      known.inconsistency = Math.max(known.inconsistency, inconsistency);
      continue;
    }
    const dependency = { terms: members, inconsistency };
    byKey.set(key, dependency);
    dependencies.push(dependency);
  }

  const componentDof = new Int32Array(count);
  for (let j = 0; j < n; j++) componentDof[component[blockOfColumn[j]]]++;
  for (let j = 0; j < n; j++) if (echelon.pivotOf[j] >= 0) componentDof[component[blockOfColumn[j]]]--;

  // A generic allowed motion: random weights on the free columns, the pivot columns solved for.
  const generic = new Float64Array(n);
  echelon.nullVector(generic, genericWeights());
  const free = movedCurves(generic, blockOfColumn, component, count, blockCount, curveCount);
  return { rank: echelon.rank, dependencies, component, componentDof, free };
}

/**
 * The answer of the elimination without it, when the engine's factorisation of J W Jᵀ at this state shows every
 * row independent: no pivot dropped, and every one above CERTAIN_PIVOT of its diagonal, far from the tolerance
 * either calls a row dependent at, so eliminating J again in declared order would find no dependency either. Then
 * the rank is the row count, each component's DOF its columns less its rows, and a generic allowed motion is a
 * random vector less its W-projection onto J's rows (one solve with that factorisation). A 100,000-bar chain's
 * diagnosis skips 200,000 rows' elimination this way. Null when it cannot tell (rows dependent or nearly, or J W Jᵀ
 * not planned: a dense pattern is planned only where a step needs it).
 */
function independentRows(
  sys: ConstraintSystem,
  curveCount: number,
  blockOfColumn: Int32Array,
  count: number,
  component: Int32Array,
): RankAnalysis | null {
  const { n, rows, terms, blockCount } = sys;
  if (rows === 0 || !sys.solverPlanned) return null;
  sys.factor();
  if (sys.droppedCount > 0 || !(sys.solver!.smallestPivotRatio() >= CERTAIN_PIVOT)) return null;
  const componentDof = new Int32Array(count);
  for (let j = 0; j < n; j++) componentDof[component[blockOfColumn[j]]]++;
  // Every row has a pivot, in its own constraint's component (a row touches no other); a row always touches a
  // block here (a row of zeros has no pivot).
  for (let t = 0; t < terms.length; t++)
    if (terms[t].rows > 0) componentDof[component[terms[t].blocks[0]]] -= terms[t].rows;
  // v = r − W Jᵀ (J W Jᵀ)⁻¹ J r: J v = 0.
  const generic = new Float64Array(n);
  const next = genericWeights();
  for (let j = 0; j < n; j++) generic[j] = next();
  const jr = new Float64Array(rows);
  sys.multiplyJ(jr, generic);
  const delta = new Float64Array(n);
  sys.correction(delta, jr);
  // A component with no freedom has no allowed motion: what the projection leaves there is round-off, not a
  // motion (the elimination's null vector is exactly 0 there).
  for (let j = 0; j < n; j++)
    generic[j] = componentDof[component[blockOfColumn[j]]] > 0 ? generic[j] + delta[j] : 0;
  const free = movedCurves(generic, blockOfColumn, component, count, blockCount, curveCount);
  return { rank: rows, dependencies: [], component, componentDof, free };
}

/** Random weights for a generic motion, from a fixed seed: the same answer every time. */
function genericWeights(): () => number {
  let seed = 0x9e3779b9;
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return (1 + seed / 2 ** 32) * (seed & 1 ? 1 : -1);
  };
}

/**
 * Per curve block: 1 if the generic allowed motion `generic` moves it. A curve it leaves still is still under every
 * allowed motion (the chance that random weights cancel on a curve some motion moves is nil): fully constrained.
 */
function movedCurves(
  generic: Float64Array,
  blockOfColumn: Int32Array,
  component: Int32Array,
  count: number,
  blockCount: number,
  curveCount: number,
): Uint8Array {
  const componentMotion = new Float64Array(count);
  const blockMotion = new Float64Array(blockCount);
  for (let j = 0; j < generic.length; j++) {
    const b = blockOfColumn[j];
    const a = Math.abs(generic[j]);
    if (a > blockMotion[b]) blockMotion[b] = a;
    if (a > componentMotion[component[b]]) componentMotion[component[b]] = a;
  }
  const free = new Uint8Array(curveCount);
  for (let b = 0; b < curveCount; b++)
    free[b] = blockMotion[b] > FIXED_MOTION * componentMotion[component[b]] ? 1 : 0;
  return free;
}
