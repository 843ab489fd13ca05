// Runs a planegcs problem in a child process (bench/planegcs/worker.ts) and reports its solve time and residual,
// or why it failed (out of memory, timeout, not converged) — failures are results, not errors.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PlanegcsProblem, SolvedPoint } from '../types';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface PlanegcsOutcome {
  /** solve() + apply_solution() wall time (median of up to 5 solves after a warm-up one), null when it failed. */
  ms: number | null;
  /** The same, CPU time. */
  cpuMs: number | null;
  /** Building the system (push_primitives_and_params), ms. */
  setupMs: number | null;
  residual: number | null;
  /** Why it failed, or a remark; null when it simply worked. */
  note: string | null;
}

/** planegcs SolveStatus: 0 Success, 1 Converged, 2 Failed, 3 SuccessfulSolutionInvalid. */
const STATUS = ['Success', 'Converged', 'Failed', 'SuccessfulSolutionInvalid'];

export function runPlanegcs(problem: PlanegcsProblem, timeoutMs: number): PlanegcsOutcome {
  const child = spawnSync(process.execPath, ['--import', 'tsx', WORKER], {
    input: JSON.stringify({ primitives: problem.primitives }),
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 1 << 30,
  });
  if (child.error || child.status !== 0) {
    const reason = /OOM|out of memory/i.test(child.stderr ?? '')
      ? 'out of memory'
      : child.signal === 'SIGTERM'
        ? `timeout after ${Math.round(timeoutMs / 1000)} s`
        : (child.stderr ?? '').trim().split('\n').pop() || `exit ${child.status ?? child.signal}`;
    return { ms: null, cpuMs: null, setupMs: null, residual: null, note: `planegcs failed: ${reason}` };
  }
  const out = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
    status: number;
    pushMs: number;
    solveMs: number;
    solveCpuMs: number;
    points: [string, number, number][];
  };
  const points = new Map<string, SolvedPoint>(out.points.map(([id, x, y]) => [id, { x, y }]));
  const residual = problem.residual(points);
  const ok = out.status === 0 || out.status === 1;
  return {
    ms: ok ? out.solveMs : null,
    cpuMs: ok ? out.solveCpuMs : null,
    setupMs: out.pushMs,
    residual,
    note: ok ? null : `planegcs failed: status ${STATUS[out.status] ?? out.status}`,
  };
}
