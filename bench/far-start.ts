// `npx tsx bench/far-start.ts [--trials 16] [--distances 10,20,40] [--sketch name] [--verbose]`: the far-start
// sweep (issue 27). Every sketch of src/engine/test-support/far-sketches.ts (fully constrained, every constraint kind
// of the sketcher in at least three) is solved, then started again from `trials` seeded random starts at each
// distance (every coordinate and size moved by up to d mm, every angle by up to d/40 rad: far-start.ts), and each
// start is solved by both: our engine's settle (the CLI's default budget, 5 s, on the tests' stepped clock, so the
// counts are the same on any machine) and planegcs (DogLeg, then FreeCAD's fall-backs, in a child process:
// planegcs/batch-worker.ts). A start counts as assembled when every constraint is met to 1e-9 (our engine's residual
// on the solved geometry, planegcs's read back: planegcs/sketch.ts). Also reported: how far the geometry strays
// from the sketch (the farthest key point beyond the solution's bounds, in sketch sizes), worst over the starts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/engine';
import { FAR_SKETCHES } from '../src/engine/test-support/far-sketches';
import { excursion, farStart, parkMiller, solvedSketch } from '../src/engine/test-support/far-start';
import type { Drawing } from '../src/shared/drawing';
import { testClock } from '../src/shared/test-support/clock';
import { planegcsSketch, type SolvedGeometry } from './planegcs/sketch';

const WORKER = fileURLToPath(new URL('./planegcs/batch-worker.ts', import.meta.url));
/** `curvewright settle`'s default budget (ms). */
const SETTLE_BUDGET = 5000;
const TOLERANCE = 1e-9;

interface Options {
  trials: number;
  distances: number[];
  sketch: string | null;
  verbose: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { trials: 16, distances: [10, 20, 40], sketch: null, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? '';
    if (arg === '--trials') options.trials = Number(value());
    else if (arg === '--distances') options.distances = value().split(',').map(Number);
    else if (arg === '--sketch') options.sketch = value();
    else if (arg === '--verbose') options.verbose = true;
    else throw new Error(`far-start: unknown option ${arg}`);
  }
  return options;
}

/** One solver's outcome on one start. */
interface Outcome {
  residual: number;
  excursion: number;
}

interface Start {
  sketch: string;
  trial: number;
  solution: Drawing;
  drawing: Drawing;
}

/** The seed of a start: distinct per sketch, distance and trial. */
const seedOf = (sketch: number, distance: number, trial: number) =>
  1 + sketch * 100_003 + distance * 1_009 + trial;

function ours(start: Start): Outcome & { steps: number } {
  const d = structuredClone(start.drawing);
  const engine = Engine.build(d, { clock: testClock() });
  const report = engine.settle(SETTLE_BUDGET);
  engine.writeBack(d);
  return { residual: engine.residual, excursion: excursion(d, start.solution), steps: report.steps };
}

/** planegcs's outcomes for every start, DogLeg's and the best with FreeCAD's fall-backs. */
function planegcs(starts: Start[]): { dogleg: Outcome; fallbacks: Outcome }[] {
  const sketches = starts.map((s) => planegcsSketch(s.drawing, s.solution));
  const child = spawnSync(process.execPath, ['--import', 'tsx', WORKER], {
    input: JSON.stringify({ sketches: sketches.map((s) => s.primitives) }),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (child.status !== 0) throw new Error(`planegcs worker failed: ${child.stderr}`);
  const answers = child.stdout.trim().split('\n');
  return answers.map((line, i) => {
    const { tries } = JSON.parse(line) as { tries: { geometry: { id: string }[] }[] };
    const outcomes = tries.map(({ geometry }) => {
      const solved: SolvedGeometry = new Map(geometry.map((p) => [p.id, p as never]));
      const { drawing, barMisfit } = sketches[i].readBack(solved);
      const residual = Math.max(
        barMisfit,
        Engine.build(drawing, { checked: true, clock: testClock() }).residual,
      );
      return {
        residual: Number.isFinite(residual) ? residual : Infinity,
        excursion: excursion(drawing, starts[i].solution),
      };
    });
    const solved = outcomes.find((o) => o.residual < TOLERANCE);
    return { dogleg: outcomes[0], fallbacks: solved ?? outcomes[outcomes.length - 1] };
  });
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const sketches = FAR_SKETCHES.filter((s) => options.sketch === null || s.name.includes(options.sketch));
  const solutions = sketches.map(solvedSketch);
  console.log(
    `far-start sweep: ${sketches.length} sketches × ${options.trials} seeded starts per distance; ` +
      `assembled = every constraint within ${TOLERANCE}`,
  );
  console.log(
    'distance  starts  ours  planegcs  +fallbacks  worst excursion (ours, planegcs)  ours only  planegcs only',
  );
  for (const distance of options.distances) {
    const starts: Start[] = [];
    sketches.forEach((sketch, k) => {
      for (let trial = 0; trial < options.trials; trial++) {
        const random = parkMiller(seedOf(FAR_SKETCHES.indexOf(sketch), distance, trial));
        starts.push({
          sketch: sketch.name,
          trial,
          solution: solutions[k],
          drawing: farStart(solutions[k], distance, random),
        });
      }
    });
    const mine = starts.map(ours);
    const theirs = planegcs(starts);
    const ok = (o: Outcome) => o.residual < TOLERANCE;
    const count = (xs: Outcome[]) => xs.filter(ok).length;
    const worst = (xs: Outcome[]) => Math.max(...xs.map((o) => o.excursion));
    const oursOnly: string[] = [];
    const theirsOnly: string[] = [];
    starts.forEach((s, i) => {
      const tag = `${s.sketch}#${s.trial}`;
      if (ok(mine[i]) && !ok(theirs[i].dogleg)) oursOnly.push(tag);
      if (!ok(mine[i]) && ok(theirs[i].dogleg)) theirsOnly.push(tag);
    });
    console.log(
      [
        `${distance} mm`.padStart(8),
        String(starts.length).padStart(6),
        String(count(mine)).padStart(5),
        String(count(theirs.map((t) => t.dogleg))).padStart(9),
        String(count(theirs.map((t) => t.fallbacks))).padStart(11),
        `${worst(mine).toFixed(2)}, ${worst(theirs.map((t) => t.dogleg)).toFixed(2)}`.padStart(34),
        String(oursOnly.length).padStart(10),
        String(theirsOnly.length).padStart(14),
      ].join('  '),
    );
    if (options.verbose) {
      starts.forEach((s, i) => {
        if (ok(mine[i]) && ok(theirs[i].dogleg)) return;
        console.log(
          `    ${s.sketch}#${s.trial}: ours ${mine[i].residual.toExponential(1)} (${mine[i].steps} steps, ` +
            `excursion ${mine[i].excursion.toFixed(2)}), planegcs ${theirs[i].dogleg.residual.toExponential(1)}` +
            ` (+fallbacks ${theirs[i].fallbacks.residual.toExponential(1)})`,
        );
      });
    }
  }
}

main();
