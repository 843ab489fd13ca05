// What a benchmark case is and what it reports. A case family lives in one file under bench/cases/ and is listed in
// bench/cases/index.ts; bench/run.ts runs every listed case at each of its sizes.

/** What our side of one (case, n) measured. */
export interface CaseResult {
  /** The headline time: wall-clock ms for the whole task (e.g. settling a drag), a median over runs. */
  ms: number;
  /** The same task's CPU ms (this process, all threads), where the case measures it. */
  cpuMs?: number;
  /** Deprecated alias kept for cases written against an earlier interface: wall-clock ms. */
  wallMs?: number;
  /** Solver steps the task took (0 where the notion does not apply). */
  steps: number;
  /**
   * Median ms per integrator step (a one-frame drag or motor jiggle divided by its steps): everything a step does,
   * its projection's residuals and extra solves included. Null where not measured.
   */
  stepMs: number | null;
  /**
   * Median ms of one solver step as the issue states it, assembly + solve: the residual, the Jacobian, J W Jᵀ
   * assembled and factored, one solve. Null where not measured.
   */
  solveMs?: number | null;
  /** Constraint rows in the system (for ns per row), null where not applicable. */
  rows: number | null;
  /** Max constraint residual after the task (drawing units), null where not applicable. */
  residual: number | null;
  /** Heap growth while building and running the case (bytes, after GC where available). */
  heapBytes: number;
  /** One-off set-up time (build the engine: ordering, symbolic factorisation), ms. */
  setupMs: number | null;
  /** Anything worth a footnote (e.g. "did not converge"). */
  note?: string;
}

/** A point of a planegcs sketch after solving. */
export interface SolvedPoint {
  x: number;
  y: number;
}

/** The same problem for FreeCAD's planegcs, solved in a child process (it can abort on out-of-memory). */
export interface PlanegcsProblem {
  /** Sketch primitives (plain objects as in @salusoft89/planegcs's README). */
  primitives: object[];
  /** Max constraint residual of the solved points, by point id. */
  residual(points: Map<string, SolvedPoint>): number;
}

export interface BenchCase {
  /** Short id used in the output and in `--case`. */
  name: string;
  /** One line for the table: what is measured. */
  title: string;
  /** Problem sizes N to run (default in `npm run bench`; `--n` overrides). */
  sizes: readonly number[];
  /** Build the problem at size n and measure our engine. */
  run(n: number): CaseResult;
  /** The same problem for planegcs, when a comparison makes sense. */
  planegcs?(n: number): PlanegcsProblem;
}

/** One output line of `npm run bench -- --json` (the first six keys are the contract; the rest are details). */
export interface BenchRow {
  case: string;
  n: number;
  ours_ms: number | null;
  planegcs_ms: number | null;
  ours_cpu_ms: number | null;
  planegcs_cpu_ms: number | null;
  /** planegcs_ms / ours_ms: how many times faster ours is. */
  ratio: number | null;
  residual: number | null;
  steps: number | null;
  step_ms: number | null;
  ns_per_row: number | null;
  /** solveMs per constraint row (ns): assembly + solve. */
  solve_ns_per_row: number | null;
  rows: number | null;
  heap_mb: number | null;
  setup_ms: number | null;
  planegcs_residual: number | null;
  note: string | null;
}
