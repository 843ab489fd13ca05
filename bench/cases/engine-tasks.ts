// The engine tasks the cases time: a drag settled to rest, a motor turn settled, and the per-step cost.
import { Engine } from '../../src/engine';
import { buildModel } from '../../src/engine/build';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import { cpuNow, heapUsed, median, now, retained } from '../measure';
import type { CaseResult } from '../types';

/** Generous budgets: the benchmark measures how long the work takes, it must not be cut short. */
const FRAME_BUDGET_MS = 10_000;
const MAX_FRAMES = 1000;
const STEP_SAMPLES = 15;
const SOLVE_SAMPLES = 31;

export interface Task {
  /** Do the measured work on a built engine; returns solver steps taken. */
  run(engine: Engine): number;
  /** Afterwards: anything wrong with the outcome (e.g. the dragged point not at the cursor), or null. */
  check?(engine: Engine): string | null;
  /** A small repeatable motion for the per-step timing (each call one frame). */
  jiggle(engine: Engine, k: number): { steps: number; ms: number };
}

/** Measured repetitions of each (case, n), each on a fresh engine: the median is reported. */
export function repetitionsFor(rows: number): number {
  return rows >= 20_000 ? 3 : rows >= 2000 ? 9 : 15;
}
/**
 * Runs before those, not counted: V8 keeps compiling the engine's hot code over the first fresh engines (a
 * 100-bar chain's drag takes 13 ms, then 7, 5, 2 … and ~0.9 ms from the tenth on), and a small drawing's code is
 * still moving up V8's tiers after 20 runs: a 10-bar chain's task took 0.52 ms after 8 warm-up runs, 0.16 ms
 * after 400 (2026-11-27, load 0.2–1). A user's drag runs thousands of frames, so small drawings are timed warm:
 * 400 runs below 2,000 rows, as planegcs is (bench/planegcs/worker.ts). Fewer for the largest sizes, whose single
 * runs are long enough to warm up within.
 */
function warmUpFor(rows: number): number {
  return rows >= 20_000 ? 2 : rows < 2000 ? 400 : 8;
}
/**
 * …and at least this long: V8 optimises on background threads, and the small cases' runs (0.3 ms for a 100-bar
 * chain) finish eight warm-ups before the compiler does on a busy 2-core machine. Then every measured run ran
 * unoptimised code: medians of 0.7 and 1.3 ms against 0.27–0.33 in 2 of 8 runs of the 100-bar chain.
 */
const WARM_UP_MS = 150;
const MAX_WARM_UP = 400;

/**
 * Builds a fresh engine from `makeDrawing()` and times `task` on it: warm-up runs (warmUpFor(rows), at least
 * WARM_UP_MS), then repetitionsFor(rows) measured ones. Reports the median wall and CPU times of the measured runs (the first, cold, run and the best in
 * the note), memory of the first run, residual and per-step cost of the last.
 */
export function measure(makeDrawing: () => Drawing, rows: number, makeTask: () => Task): CaseResult {
  const warmUp = warmUpFor(rows);
  const measured = repetitionsFor(rows);
  const warmStart = now();
  let warmRuns = -1;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const setups: number[] = [];
  let steps = 0;
  let heapBytes = 0;
  let residual = 0;
  let note: string | null = null;
  let perStep: number[] = [];
  let solveMs: number | null = null;
  let cold = 0;
  for (let rep = 0; warmRuns < 0 || rep < warmRuns + measured; rep++) {
    // Warm-up ends after warmUp runs that took WARM_UP_MS together (or MAX_WARM_UP runs).
    if (warmRuns < 0 && rep >= warmUp && (now() - warmStart >= WARM_UP_MS || rep >= MAX_WARM_UP))
      warmRuns = rep;
    const drawing = makeDrawing();
    const task = makeTask();
    retained.value = null;
    // A full GC before every run (heapUsed forces one), so no run pays for the garbage of the one before.
    const heapBefore = rep === 0 || rows >= 0 ? heapUsed() : 0;
    const t0 = now();
    const engine = Engine.build(drawing);
    setups.push(now() - t0);
    const t1 = now();
    const c1 = cpuNow();
    steps = task.run(engine);
    const cpu = cpuNow() - c1;
    const wall = now() - t1;
    if (rep === 0) cold = wall;
    if (warmRuns >= 0) {
      cpuTimes.push(cpu);
      times.push(wall);
    }
    residual = engine.diagnostics().maxResidual;
    note = task.check?.(engine) ?? note;
    if (warmRuns >= 0 && rep === warmRuns + measured - 1) {
      perStep = [];
      for (let k = 0; k < STEP_SAMPLES; k++) {
        const r = task.jiggle(engine, k);
        if (r.steps > 0) perStep.push(r.ms / r.steps);
      }
      solveMs = solverStepMs(engine, drawing);
    }
    if (rep === 0) {
      retained.value = engine;
      heapBytes = heapUsed() - heapBefore;
    }
  }
  const timing = `best ${Math.min(...times).toFixed(2)} ms, cold ${cold.toFixed(1)} ms`;
  return {
    ms: median(times),
    cpuMs: median(cpuTimes),
    steps,
    stepMs: perStep.length ? median(perStep) : null,
    solveMs,
    rows,
    residual,
    heapBytes,
    setupMs: median(setups),
    note: note ? `${note}; ${timing}` : timing,
  };
}

/**
 * One solver step as the issue states it, assembly + solve, at the state the task left: C and J evaluated,
 * J W Jᵀ assembled and factored, one solve. Timed on a model built from the engine's state with the engine's own
 * code (ConstraintSystem), W the curves' drag without springs; the median of SOLVE_SAMPLES batches, each long
 * enough (~50,000 rows) for the clock. An integrator step does this once and then, in its projection, evaluates
 * the residual and solves again 1–3 times: that is the ns/row/step column.
 */
function solverStepMs(engine: Engine, drawing: Drawing): number | null {
  engine.writeBack(drawing);
  const { system, q } = buildModel(drawing);
  if (system.rows === 0) return null;
  system.refreshDrag(q);
  system.markForced([]);
  if (!system.invertDrag()) return null;
  const c = new Float64Array(system.rows);
  const x = new Float64Array(system.rows);
  const batch = Math.max(1, Math.ceil(50_000 / system.rows));
  const times: number[] = [];
  for (let sample = -3; sample < SOLVE_SAMPLES; sample++) {
    const t = now();
    for (let i = 0; i < batch; i++) {
      system.residual(c, q);
      system.jacobian(q);
      system.factor();
      system.solve(x, c);
    }
    if (sample >= 0) times.push((now() - t) / batch);
  }
  return median(times);
}

/** Grab (curve, u), drag it to `target` frame by frame until caught up, release, settle. */
export function dragTask(curve: string, u: number, offset: Vec2): Task {
  let target: Vec2 = [0, 0];
  return {
    run(engine) {
      const start = engine.pointAt(curve, u);
      target = [start[0] + offset[0], start[1] + offset[1]];
      let steps = 0;
      engine.grab(curve, u);
      for (let f = 0; f < MAX_FRAMES; f++) {
        const r = engine.dragFrame(target, FRAME_BUDGET_MS);
        steps += r.steps;
        if (r.caughtUp) break;
      }
      engine.release();
      steps += engine.settle(FRAME_BUDGET_MS).steps;
      return steps;
    },
    check(engine) {
      const p = engine.pointAt(curve, u);
      const miss = Math.hypot(p[0] - target[0], p[1] - target[1]);
      return miss > 1e-3 ? `dragged point ${miss.toExponential(1)} from the cursor` : null;
    },
    jiggle(engine, k) {
      // Small alternating moves about the target: one frame each.
      const cursor: Vec2 = [target[0] + (k % 2 ? 0.01 : -0.01), target[1]];
      engine.grab(curve, u);
      const r = engine.dragFrame(cursor, FRAME_BUDGET_MS);
      engine.release();
      return { steps: r.steps, ms: r.ms };
    },
  };
}

/** Advance every running motor by rpm · seconds, then settle. */
export function motorTask(seconds: number): Task {
  return {
    run(engine) {
      let steps = engine.advanceMotors(seconds, FRAME_BUDGET_MS).steps;
      steps += engine.settle(FRAME_BUDGET_MS).steps;
      return steps;
    },
    jiggle(engine) {
      const r = engine.advanceMotors(1 / 600, FRAME_BUDGET_MS);
      return { steps: r.steps, ms: r.ms };
    },
  };
}
