// Diagnosis (Engine.diagnostics(): dependencies by rank, components, free curves) of three drawings: a chain (no
// dependency, one long component), four-bars each with a redundant distance between its pivots (one dependency per
// small component), and points attached to one hub point (a block every constraint shares: J W Jᵀ is dense there,
// J is not). The engine is built once (its set-up is the setup column); each run diagnoses it afresh.
import { Engine } from '../../src/engine';
import { emptyDrawing, type Drawing } from '../../src/shared/drawing';
import { heapUsed, median, now, retained } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { SKETCH_CELL_CONSTRAINTS, sketchDrawing } from './sketch';
import { FOUR_BAR, chainDrawing, fourBarsDrawing } from './drawings';

const WARM_UP = 5;
const RUNS = 15;

/** n four-bars, each with a distance between its two pinned pivots equal to the ground: n redundant groups. */
export function redundantFourBarsDrawing(n: number): Drawing {
  const d = fourBarsDrawing(n, 10);
  for (let m = 0; m < n; m++)
    d.constraints.push({
      id: `span${m}`,
      kind: 'distance',
      a: { curve: `k${m}`, anchor: 'start' },
      b: { curve: `r${m}`, anchor: 'end' },
      length: FOUR_BAR.ground,
    });
  return d;
}

/** n points attached to one hub point, all at the origin: 2n rows, every one touching the hub. */
export function starDrawing(n: number): Drawing {
  const d = emptyDrawing();
  d.curves.push({ id: 'hub', kind: 'point', at: [0, 0] });
  for (let i = 0; i < n; i++) {
    d.curves.push({ id: `p${i}`, kind: 'point', at: [0, 0] });
    d.constraints.push({
      id: `a${i}`,
      kind: 'attach',
      a: { curve: `p${i}`, anchor: 'start' },
      b: { curve: 'hub', anchor: 'start' },
    });
  }
  return d;
}

/** Times diagnostics() on one engine; `expect` checks the answer (a note if it is wrong). */
function diagnosis(
  drawing: Drawing,
  expect: (d: ReturnType<Engine['diagnostics']>) => string | null,
): CaseResult {
  const t0 = now();
  const engine = Engine.build(drawing);
  const setupMs = now() - t0;
  for (let k = 0; k < WARM_UP; k++) engine.diagnostics();
  retained.value = null;
  const heapBefore = heapUsed();
  const first = engine.diagnostics();
  retained.value = first;
  const heapBytes = heapUsed() - heapBefore;
  const times: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t = now();
    engine.diagnostics();
    times.push(now() - t);
  }
  return {
    ms: median(times),
    steps: 0,
    stepMs: null,
    rows: first.rows,
    residual: first.maxResidual,
    heapBytes,
    setupMs,
    note: expect(first) ?? `best ${Math.min(...times).toFixed(2)} ms`,
  };
}

export const diagnoseChainCase: BenchCase = {
  name: 'diagnose-chain',
  title: 'diagnosis of a chain of N bars, pinned: no dependency, DOF N',
  sizes: [1000],
  run: (n) =>
    diagnosis(chainDrawing(n), (d) =>
      d.dof === n && d.redundantGroups.length === 0 ? null : `wrong: DOF ${d.dof}`,
    ),
};

export const diagnoseFourBarsCase: BenchCase = {
  name: 'diagnose-fourbars',
  title: 'diagnosis of N four-bars, each with a redundant distance between its pivots: N groups',
  sizes: [1000],
  run: (n) =>
    diagnosis(redundantFourBarsDrawing(n), (d) =>
      d.redundantGroups.length === n && d.conflictingGroups.length === 0
        ? null
        : `wrong: ${d.redundantGroups.length} redundant, ${d.conflictingGroups.length} conflicting groups`,
    ),
};

export const diagnoseStarCase: BenchCase = {
  name: 'diagnose-star',
  title: 'diagnosis of N points attached to one point: DOF 2, no dependency',
  sizes: [3000],
  run: (n) =>
    diagnosis(starDrawing(n), (d) =>
      d.dof === 2 && d.redundantGroups.length === 0 ? null : `wrong: DOF ${d.dof}`,
    ),
};

export const diagnoseSketchCase: BenchCase = {
  name: 'diagnose-sketch',
  title:
    'diagnosis of a sketch of N mixed constraints (every sketcher kind; bench/cases/sketch.ts): DOF 8 per cell',
  sizes: [1000],
  run: (n) =>
    diagnosis(sketchDrawing(n), (d) => {
      const cells = Math.ceil(n / SKETCH_CELL_CONSTRAINTS);
      return d.dof === 8 * cells && d.redundantGroups.length === 0 && d.conflictingGroups.length === 0
        ? null
        : `wrong: DOF ${d.dof} (expected ${8 * cells}), ${d.redundantGroups.length} redundant, ${d.conflictingGroups.length} conflicting groups`;
    }),
};
