// Where a small drawing's bench task goes (issue 27): runs the chain's drag or the four-bars' motor turn as
// `measure` does (a full GC, a fresh build, the task) and prints the medians of its phases — grab, the drag frames,
// release, settle (or the motors' advance, settle) — in process CPU time, and with WRAP=1 the self time of the
// engine's call-level methods (wrapped, so not inlined: their sum exceeds the task's). NOGC=1 leaves out the GC
// before each run. A development tool, run bundled as the bench is:
//   npx esbuild bench/small-probe.ts --bundle --platform=node --outfile=.cache/bench/small.cjs
//   node .cache/bench/small.cjs chain 10 400
import { Engine } from '../src/engine';
import { EnginePart } from '../src/engine/engine-part';
import { Integrator } from '../src/engine/integrator/integrator';
import { StepLimits } from '../src/engine/integrator/step-limits';
import { SparseSymmetricSolver } from '../src/engine/sparse';
import { DragMetric } from '../src/engine/system/drag';
import { ConstraintSystem } from '../src/engine/system/system';
import type { Vec2 } from '../src/shared/drawing';
import { chainDrawing, fourBarsDrawing } from './cases/drawings';
import { CHAIN_DRAG, CRANK_TURN } from './planegcs/problems';
import { cpuNow, heapUsed, median, now } from './measure';

const [name = 'chain', nArg = '10', repsArg = '400'] = process.argv.slice(2);
const n = Number(nArg);
const reps = Number(repsArg);
const BUDGET = 10_000;
const RPM = 10;

const samples = new Map<string, number[]>();
function record(label: string, ms: number): void {
  const list = samples.get(label) ?? [];
  list.push(ms);
  samples.set(label, list);
}

const selfTimes = new Map<string, number>();
let nested = 0;
/** Wraps the methods `keys` of `proto` with timers of their self time (nested wrapped calls subtracted). */
function wrap(label: string, proto: object, keys: string[]): void {
  const target = proto as Record<string, unknown>;
  for (const key of keys) {
    const original = target[key] as (...a: unknown[]) => unknown;
    const method = `${label}.${key}`;
    target[key] = function (this: unknown, ...args: unknown[]) {
      const outer = nested;
      nested = 0;
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const total = performance.now() - t;
        selfTimes.set(method, (selfTimes.get(method) ?? 0) + total - nested);
        nested = outer + total;
      }
    };
  }
}
if (process.env.WRAP === '1') {
  wrap('Engine', Engine.prototype, [
    'grab',
    'release',
    'dragFrame',
    'advanceMotors',
    'settle',
    'frameReport',
  ]);
  wrap('EnginePart', EnginePart.prototype, ['run', 'settle', 'maxResidual']);
  wrap('Integrator', Integrator.prototype, [
    'grab',
    'release',
    'refresh',
    'run',
    'step',
    'begin',
    'predict',
    'project',
    'search',
    'finish',
    'prepareSolve',
  ]);
  wrap('StepLimits', StepLimits.prototype, ['refresh']);
}
if (process.env.WRAP === 'system') {
  wrap('system', ConstraintSystem.prototype, [
    'residual',
    'jacobian',
    'factor',
    'velocity',
    'correction',
    'keptResidual',
    'timeDerivative',
  ]);
  wrap('metric', DragMetric.prototype, [
    'refreshDrag',
    'markForced',
    'computeDrag',
    'invertDrag',
    'forcedDot',
  ]);
  wrap('solver', SparseSymmetricSolver.prototype, ['factor', 'solve']);
}

/** The phases' CPU times, each from the last mark. */
function phases(): (label: string) => void {
  let c = cpuNow();
  return (label) => {
    const c2 = cpuNow();
    record(`${label} cpu`, c2 - c);
    c = cpuNow();
  };
}

function chainTask(engine: Engine): void {
  const mark = phases();
  const curve = `b${n - 1}`;
  const start = engine.pointAt(curve, 1);
  const target: Vec2 = [start[0] + CHAIN_DRAG[0], start[1] + CHAIN_DRAG[1]];
  engine.grab(curve, 1);
  mark('grab');
  for (let f = 0; f < 1000; f++) if (engine.dragFrame(target, BUDGET).caughtUp) break;
  mark('frames');
  engine.release();
  mark('release');
  engine.settle(BUDGET);
  mark('settle');
}

function fourBarsTask(engine: Engine): void {
  const mark = phases();
  engine.advanceMotors(CRANK_TURN / ((RPM / 60) * 2 * Math.PI), BUDGET);
  mark('motors');
  engine.settle(BUDGET);
  mark('settle');
}

for (let rep = 0; rep < reps; rep++) {
  const drawing = name === 'chain' ? chainDrawing(n) : fourBarsDrawing(n, RPM);
  if (process.env.NOGC !== '1') heapUsed();
  const engine = Engine.build(drawing);
  selfTimes.clear();
  const t = now();
  const c = cpuNow();
  if (name === 'chain') chainTask(engine);
  else fourBarsTask(engine);
  record('task cpu', cpuNow() - c);
  record('task wall', now() - t);
  for (const [method, ms] of selfTimes) record(method, ms);
  // The first half warms V8 up.
  if (rep < reps / 2) samples.clear();
}
for (const [label, list] of samples)
  console.log(`${label.padEnd(24)} ${(1000 * median(list)).toFixed(1)} µs`);
