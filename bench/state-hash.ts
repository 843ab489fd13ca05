// `npx tsx bench/state-hash.ts`: runs a fixed set of engine scenarios on a deterministic clock and prints one
// SHA-256 per scenario of everything the engine ends with (every curve's state, the beads' and motors' values
// written back, every report's numbers, diagnostics and kinematics where taken), as Float64Array bytes. A refactor
// of the engine that is meant to change no number must print the same lines before and after
// (`diff <(git stash; npx tsx bench/state-hash.ts; git stash pop) <(npx tsx bench/state-hash.ts)`).
// Scenarios: drags of chains and four-bars, the examples with their motors advanced (kinematics between frames),
// the catalogue's drawings settled and dragged, a sketch grid dragged, steps paused at a budget of 0 (with a
// diagnosis and a kinematics call while a step is paused), a drawing of many small parts.

import { readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { decodeDrawing } from '../src/document/file-io';
import { Engine } from '../src/engine';
import { chain, fourBar } from '../src/engine/test-support/drawings';
import type { Drawing, Vec2 } from '../src/shared/drawing';
import { SteppedClock } from '../src/shared/clock';
import { testClock } from '../src/shared/test-support/clock';
import { CATALOGUE } from '../test/unit/catalogue/drawings';
import { chainDrawing, fourBarsDrawing, quietPartsDrawing } from './cases/drawings';
import { sketchDrawing } from './cases/sketch';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Collects numbers (and booleans as 0/1, null as NaN) into one hash. */
class Recorder {
  private readonly values: number[] = [];
  add(...xs: (number | boolean | null | undefined)[]): void {
    for (const x of xs)
      this.values.push(x === null || x === undefined ? NaN : typeof x === 'boolean' ? +x : x);
  }
  report(r: object): void {
    for (const [key, v] of Object.entries(r).sort(([a], [b]) => a.localeCompare(b))) {
      if (key === 'ms') continue; // the clock's readings: counted by the steps' numbers already
      if (Array.isArray(v)) this.add(...(v as number[]));
      else this.add(v as number);
    }
  }
  engine(engine: Engine, drawing: Drawing): void {
    for (const c of drawing.curves) this.add(...engine.curveState(c.id));
    for (const { angle } of engine.motorAngles()) this.add(angle);
    const copy = structuredClone(drawing);
    engine.writeBack(copy);
    this.add(
      ...JSON.stringify(copy.constraints)
        .split(/[^0-9eE.+-]+/)
        .filter(Boolean)
        .map(Number),
    );
    this.add(engine.residual, engine.time);
  }
  diagnostics(engine: Engine): void {
    const d = engine.diagnostics();
    this.add(d.dof, d.rows, d.maxResidual);
    for (const k of d.constraints) this.add(k.residual, k.tension);
    this.add(...[...d.redundant, '|', ...d.conflicting, '|', ...d.freeCurves].map((s) => s.length));
  }
  digest(): string {
    return createHash('sha256')
      .update(new Uint8Array(Float64Array.from(this.values).buffer))
      .digest('hex');
  }
}

/** Drags (curve, u) by `offset` over `frames` frames of `budget` ms, then releases and settles. */
function drag(
  rec: Recorder,
  engine: Engine,
  drawing: Drawing,
  curve: string,
  u: number,
  offset: Vec2,
  frames: number,
  budget: number,
): void {
  const from = engine.pointAt(curve, u);
  engine.grab(curve, u);
  for (let f = 1; f <= frames; f++) {
    const t = Math.min(1, f / Math.max(1, frames - 2));
    rec.report(engine.dragFrame([from[0] + t * offset[0], from[1] + t * offset[1]], budget));
    rec.add(...engine.writeMoved(drawing).curves);
  }
  engine.release();
  rec.report(engine.settle(50));
  rec.engine(engine, drawing);
}

function motors(rec: Recorder, engine: Engine, drawing: Drawing, frames: number, curve: string | null): void {
  for (let f = 0; f < frames; f++) {
    rec.report(engine.advanceMotors(1 / 60, 12));
    if (curve && f % 5 === 0) rec.report(engine.kinematics(curve, 1));
  }
  rec.engine(engine, drawing);
}

type Scenario = [name: string, run: (rec: Recorder) => void];
const scenarios: Scenario[] = [];

for (const [n, budget, frames] of [
  [10, 6, 30],
  [100, 6, 30],
  [400, 2, 20],
] as const) {
  scenarios.push([
    `chain ${n}, ${budget} ms`,
    (rec) => {
      const d = chain(n, 3);
      const engine = Engine.build(d, { clock: testClock() });
      drag(rec, engine, d, `b${n - 1}`, 1, [-0.4 * n, 0.7 * n], frames, budget);
      rec.diagnostics(engine);
    },
  ]);
}
scenarios.push([
  'bench chain 200, dragged mid-way',
  (rec) => {
    const d = chainDrawing(200);
    const engine = Engine.build(d, { clock: testClock() });
    drag(rec, engine, d, d.curves[100].id, 0.3, [40, -60], 25, 6);
  },
]);
scenarios.push([
  'paused steps: chain 40 at budget 0, diagnosis and kinematics while paused',
  (rec) => {
    const d = chain(40, 2);
    const engine = Engine.build(d, { clock: new SteppedClock(1 / 128) });
    const end = engine.pointAt('b39', 1);
    engine.grab('b39', 1);
    for (let f = 0; f < 400; f++) {
      const r = engine.dragFrame([end[0] - 6 - f * 0.01, end[1] + 9], 0);
      rec.report(r);
      if (f === 3) rec.diagnostics(engine);
      if (f === 6) rec.report(engine.kinematics('b20', 0.5));
      if (r.caughtUp && f > 10) break;
    }
    engine.release();
    rec.report(engine.settle(100));
    rec.engine(engine, d);
  },
]);
scenarios.push([
  'paused steps: chain 300 at budget 0, released mid-step',
  (rec) => {
    const d = chain(300, 1);
    const engine = Engine.build(d, { clock: new SteppedClock(1 / 64) });
    engine.grab('b150', 0.5);
    const at = engine.pointAt('b150', 0.5);
    for (let f = 0; f < 30; f++) rec.report(engine.dragFrame([at[0] + f, at[1] + 2 * f], 0));
    engine.release();
    rec.engine(engine, d);
  },
]);
scenarios.push([
  'four-bar: motors, kinematics, a drag of the coupler',
  (rec) => {
    const d = fourBar(0.3, 60);
    const engine = Engine.build(d, { clock: testClock() });
    motors(rec, engine, d, 40, 'coupler');
    drag(rec, engine, d, 'coupler', 0.5, [1, -2], 12, 6);
    motors(rec, engine, d, 20, 'rocker');
    rec.diagnostics(engine);
  },
]);
scenarios.push([
  'fifty four-bars: motors',
  (rec) => {
    const d = fourBarsDrawing(50, 30);
    const engine = Engine.build(d, { clock: testClock() });
    motors(rec, engine, d, 30, d.curves[4].id);
  },
]);
scenarios.push([
  'sketch grid: drags and a diagnosis',
  (rec) => {
    const d = sketchDrawing(240);
    const engine = Engine.build(d, { clock: testClock() });
    drag(rec, engine, d, d.curves[1].id, 0.5, [15, 10], 15, 6);
    drag(rec, engine, d, d.curves[30].id, 0.25, [-20, 35], 15, 6);
    rec.diagnostics(engine);
  },
]);

const examples = `${root}resources/examples/`;
for (const file of readdirSync(examples).sort()) {
  scenarios.push([
    `example ${file}`,
    (rec) => {
      const d = decodeDrawing(file, readFileSync(examples + file));
      const engine = Engine.build(d, { clock: testClock() });
      const last = d.curves[d.curves.length - 1].id;
      motors(rec, engine, d, 90, last);
      drag(rec, engine, d, d.curves[1].id, 0.5, [5, -8], 10, 6);
      motors(rec, engine, d, 30, null);
      rec.diagnostics(engine);
    },
  ]);
}

for (const entry of CATALOGUE) {
  scenarios.push([
    `catalogue: ${entry.name}`,
    (rec) => {
      const d = entry.build();
      const engine = Engine.build(d, { clock: testClock() });
      rec.report(engine.settle(entry.startsFar ? 3000 : 200));
      rec.engine(engine, d);
      rec.diagnostics(engine);
      const curve = d.curves[d.curves.length - 1];
      drag(rec, engine, d, curve.id, curve.kind === 'point' ? 0 : 0.4, [7, -5], 12, 6);
      rec.diagnostics(engine);
    },
  ]);
}

// Last, so the lines above keep their places: a drawing of many small parts, held as one model until each is
// stepped (src/engine/quiet-parts.ts) — free curves, pinned triangles, one pinned away from where it is, stacked pins.
scenarios.push([
  'quiet parts: 80 small parts, settled, three dragged (one with a selection), diagnosed',
  (rec) => {
    const d = quietPartsDrawing(80);
    const engine = Engine.build(d, { clock: testClock() });
    rec.diagnostics(engine);
    rec.report(engine.settle(200));
    rec.add(...engine.writeMoved(d).curves);
    drag(rec, engine, d, 'free6', 0.5, [4, -3], 8, 6);
    drag(rec, engine, d, 'tri7b', 0.5, [2, 5], 12, 6);
    const from = engine.pointAt('free9', 0.5);
    engine.grab('free9', 0.5, ['free9', 'free12', 'tri10a']);
    for (let f = 1; f <= 6; f++) rec.report(engine.dragFrame([from[0] + f, from[1] - f], 6));
    engine.release();
    rec.engine(engine, d);
    rec.diagnostics(engine);
  },
]);

let failed = 0;
for (const [name, run] of scenarios) {
  const rec = new Recorder();
  try {
    run(rec);
    process.stdout.write(`${rec.digest()}  ${name}\n`);
  } catch (error) {
    failed++;
    process.stdout.write(`error ${(error as Error).message}  ${name}\n`);
  }
}
process.stdout.write(`${scenarios.length} scenarios\n`);
process.exitCode = failed ? 1 : 0;
