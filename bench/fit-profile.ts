// A profile of the fit case's live frames (bench/cases/fit.ts) in one process: the 20-curve outline fitted to N
// points, Engine.relax frames of 6 ms on the wall clock until it rests; prints the frames, the steps, and how many
// times the fit placed its points, evaluated its energy, force and stiffness. A development tool, bundled:
//   npx esbuild bench/fit-profile.ts --bundle --platform=node --outfile=.cache/bench/fit-profile.cjs
//   node --cpu-prof --cpu-prof-dir=.tmp/prof .cache/bench/fit-profile.cjs 1000
import { Engine } from '../src/engine';
import { DataFit } from '../src/engine/forces/data-fit';
import { wallClock } from '../src/shared/clock';
import { fitDrawing } from './cases/fit';
import { now } from './measure';

const counts = new Map<string, number>();
const target = DataFit.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const key of ['place', 'energy', 'addForce', 'addStiffness']) {
  const original = target[key];
  target[key] = function (this: unknown, ...args: unknown[]) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
}

const n = Number(process.argv[2] ?? 1000);
const engine = Engine.build(fitDrawing(n, true), { clock: wallClock });
engine.settle();
let steps = 0;
let frames = 0;
const t0 = now();
for (; frames < 5000;) {
  const r = engine.relax(6);
  frames++;
  steps += r.steps;
  if (r.caughtUp) break;
}
const ms = now() - t0;
console.log(
  `${n} points: ${frames} frames, ${steps} steps, ${ms.toFixed(0)} ms (${(ms / steps).toFixed(2)} ms a step)`,
);
console.log(Object.fromEntries(counts));
