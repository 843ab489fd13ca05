// Child process: solves many small planegcs sketches read from stdin (the far-start sweep's starts) and prints, per
// sketch, one JSON line: the status, the algorithm that succeeded and the solved geometry. Each sketch is solved with
// DogLeg (planegcs's and FreeCAD's default) and, where that fails, with FreeCAD's fall-backs in its order —
// Levenberg–Marquardt, then BFGS — each from the same start (`fallbacks` in the answer says which).
import { Algorithm, make_gcs_wrapper, type SketchPrimitive } from '@salusoft89/planegcs';
import { readFileSync } from 'node:fs';

const GEOMETRY = new Set(['point', 'line', 'circle', 'arc', 'ellipse', 'bspline']);
/** planegcs SolveStatus: 0 Success, 1 Converged, 2 Failed, 3 SuccessfulSolutionInvalid. */
const SOLVED = new Set([0, 1]);

async function main(): Promise<void> {
  const { sketches } = JSON.parse(readFileSync(0, 'utf8')) as { sketches: SketchPrimitive[][] };
  const gcs = await make_gcs_wrapper();
  const lines: string[] = [];
  for (const primitives of sketches) {
    // One answer per algorithm tried, the first being DogLeg's.
    const tries: { status: number; geometry: unknown[] }[] = [];
    for (const algorithm of [Algorithm.DogLeg, Algorithm.LevenbergMarquardt, Algorithm.BFGS]) {
      gcs.clear_data();
      gcs.push_primitives_and_params(primitives);
      const status = gcs.solve(algorithm);
      gcs.apply_solution();
      const geometry = gcs.sketch_index.get_primitives().filter((p) => GEOMETRY.has(p.type));
      tries.push({ status, geometry });
      if (SOLVED.has(status)) break;
    }
    lines.push(JSON.stringify({ tries }));
  }
  gcs.destroy_gcs_module();
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
