// A profile of the 10,000-bar chain's drag frames in one process (issue 27): Session.dragMove per frame, 0.5 mm a
// frame, as `drag-frame` runs them, without the mirror and the paint; prints the solver calls per frame. A
// development tool, bundled:
//   npx esbuild bench/drag-profile.ts --bundle --platform=node --outfile=.cache/bench/drag-profile.cjs
//   node --cpu-prof --cpu-prof-dir=.tmp/prof .cache/bench/drag-profile.cjs 10000 120
import { Engine } from '../src/engine';
import { Session } from '../src/session/session';
import { JWJtAssembly } from '../src/engine/system/assembly';
import { ConstraintSystem } from '../src/engine/system/system';
import { Integrator } from '../src/engine/integrator/integrator';
import { Projection } from '../src/engine/integrator/projection';
import type { Vec2 } from '../src/shared/drawing';
import { chainDrawing } from './cases/drawings';
import { median, now } from './measure';

const counts = new Map<string, number>();
for (const [label, proto, keys] of [
  ['assembly', JWJtAssembly.prototype, ['assemble']],
  ['system', ConstraintSystem.prototype, ['residual', 'jacobian', 'factor', 'solve', 'multiplyJt']],
  ['integrator', Integrator.prototype, ['step', 'search', 'reject', 'begin']],
  ['projection', Projection.prototype, ['run']],
] as const)
  for (const key of keys) {
    const target = proto as unknown as Record<string, (...a: unknown[]) => unknown>;
    const original = target[key];
    target[key] = function (this: unknown, ...args: unknown[]) {
      counts.set(`${label}.${key}`, (counts.get(`${label}.${key}`) ?? 0) + 1);
      return original.apply(this, args);
    };
  }
const n = Number(process.argv[2] ?? '10000');
const frames = Number(process.argv[3] ?? '120');
const session = new Session({ drawing: chainDrawing(n) });
const free = `b${n - 1}`;
const start = Engine.build(session.drawing).pointAt(free, 1);
session.dragStart(free, 1, start);
const times: number[] = [];
for (let f = 1; f <= frames; f++) {
  const cursor: Vec2 = [start[0] + 0.5 * f * 0.6, start[1] + 0.5 * f * 0.8];
  const t = now();
  session.dragMove(cursor);
  times.push(now() - t);
}
console.log([...counts].map(([k, v]) => `${k} ${(v / frames).toFixed(2)}/frame`).join(', '));
console.log(
  `chain ${n}: dragMove median ${median(times.slice(10)).toFixed(2)} ms over ${frames - 10} frames`,
);
