// Per-step probe: builds one case's drawing, runs its task once, then times `jiggle` frames (the per-step figure
// of `npm run bench`) and counts the ConstraintSystem calls per frame. A development tool:
//   npx tsx bench/step-probe.ts fourbars 1000 200
import { Engine } from '../src/engine';
import { ConstraintSystem } from '../src/engine/system/system';
import { chainDrawing, fourBarsDrawing, splinesDrawing } from './cases/drawings';
import { dragTask, motorTask, type Task } from './cases/engine-tasks';
import { cpuNow, median } from './measure';

const [name = 'fourbars', nArg = '1000', framesArg = '200'] = process.argv.slice(2);
const n = Number(nArg);
const frames = Number(framesArg);

const counts = new Map<string, number>();
const proto = ConstraintSystem.prototype as unknown as Record<string, unknown>;
for (const key of ['residual', 'jacobian', 'factor', 'solve', 'velocity', 'correction']) {
  const original = proto[key] as (...a: unknown[]) => unknown;
  proto[key] = function (this: unknown, ...args: unknown[]) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
}

function setup(): { engine: Engine; task: Task } {
  if (name === 'chain') {
    const task = dragTask(`b${n - 1}`, 1, [0, 1]);
    return { engine: Engine.build(chainDrawing(n)), task };
  }
  if (name === 'splines')
    return { engine: Engine.build(splinesDrawing(n)), task: dragTask(`s${n >> 1}`, 0.5, [0, 1]) };
  return { engine: Engine.build(fourBarsDrawing(n, 10)), task: motorTask(1) };
}

// Warm-up engines, so V8 has compiled the hot paths.
for (let i = 0; i < 3; i++) {
  const { engine, task } = setup();
  task.run(engine);
  for (let k = 0; k < 20; k++) task.jiggle(engine, k);
}
const { engine, task } = setup();
counts.clear();
const t0 = performance.now();
const taskSteps = task.run(engine);
console.log(
  `task: ${taskSteps} steps in ${(performance.now() - t0).toFixed(2)} ms;`,
  [...counts].map(([k, v]) => `${k} ${v}`).join(', '),
);
counts.clear();
const perStep: number[] = [];
let steps = 0;
const c0 = cpuNow();
for (let k = 0; k < frames; k++) {
  const r = task.jiggle(engine, k);
  steps += r.steps;
  if (r.steps > 0) perStep.push(r.ms / r.steps);
}
const cpu = cpuNow() - c0;
const rows = engine.diagnostics().rows;
const med = median(perStep);
const best = Math.min(...perStep);
console.log(
  `${name} ${n}: ${rows} rows, ${steps} steps in ${frames} frames; ms/step median ${med.toFixed(3)} best ` +
    `${best.toFixed(3)} (${((med * 1e6) / rows).toFixed(0)} / ${((best * 1e6) / rows).toFixed(0)} ns/row), cpu ` +
    `${((cpu * 1e6) / steps / rows).toFixed(0)} ns/row/step`,
);
console.log(
  [...counts].map(([k, v]) => `${k} ${(v / steps).toFixed(2)}`).join(', '),
  '(calls per step, diagnostics excluded)',
);
