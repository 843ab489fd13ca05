// Child process: solve one planegcs sketch read from stdin, print timings and the solved points as one JSON line.
// It runs apart from the benchmark because planegcs (WebAssembly) aborts the whole process when it runs out of
// memory, and a child's abort is just a failed row.
import { Algorithm, make_gcs_wrapper, type SketchPrimitive } from '@salusoft89/planegcs';
import { readFileSync } from 'node:fs';

/** Counted solves, after the warm-up. */
const COUNTED = 5;
/**
 * Warm-up solves (not counted): at least one, and for a quick sketch as many as the engine's bench warms up with
 * (bench/cases/engine-tasks.ts, warmUpFor) or until WARM_UP_MS have passed: WebAssembly's baseline code is tiered
 * up to optimised code by how hot it runs, as V8 does with the engine's JavaScript, so both are timed warm.
 */
const MAX_WARM_UP = 400;
const WARM_UP_MS = 300;
/** A solve slower than this is not repeated (the bench must finish). */
const SLOW_MS = 2000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

async function main(): Promise<void> {
  const { primitives } = JSON.parse(readFileSync(0, 'utf8')) as { primitives: SketchPrimitive[] };
  const gcs = await make_gcs_wrapper();
  // Solves of the same sketch from scratch; the median is reported, not counting the warm-up ones unless a solve
  // was too slow to repeat.
  const pushMs: number[] = [];
  const solveMs: number[] = [];
  const solveCpuMs: number[] = [];
  let status = 0;
  const warmStart = performance.now();
  let warmRuns = -1;
  for (let rep = 0; warmRuns < 0 || rep < warmRuns + COUNTED; rep++) {
    if (warmRuns < 0 && rep >= 1 && (performance.now() - warmStart >= WARM_UP_MS || rep >= MAX_WARM_UP))
      warmRuns = rep;
    if (rep > 0) gcs.clear_data();
    const t0 = performance.now();
    gcs.push_primitives_and_params(primitives);
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    status = gcs.solve(Algorithm.DogLeg);
    gcs.apply_solution();
    const cpu = process.cpuUsage(c1);
    const t2 = performance.now();
    if (warmRuns >= 0 || t2 - t0 > SLOW_MS) {
      pushMs.push(t1 - t0);
      solveMs.push(t2 - t1);
      solveCpuMs.push((cpu.user + cpu.system) / 1000);
    }
    if (t2 - t0 > SLOW_MS) break;
  }
  const points: [string, number, number][] = [];
  for (const p of gcs.sketch_index.get_primitives()) {
    if (p.type === 'point') points.push([p.id, p.x, p.y]);
  }
  gcs.destroy_gcs_module();
  process.stdout.write(
    JSON.stringify({
      status,
      pushMs: median(pushMs),
      solveMs: median(solveMs),
      solveCpuMs: median(solveCpuMs),
      points,
    }) + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
