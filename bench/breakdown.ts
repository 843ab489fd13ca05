// Where a solver step's time goes: wraps the methods of the engine's ConstraintSystem and of the sparse solver
// with timers, runs one case a few times, and prints time and calls per method (self time of the wrapped calls;
// nested wrapped calls are subtracted). A development tool beside `npm run bench`:
//   npx tsx bench/breakdown.ts chain 1000 10
import { SparseSymmetricSolver } from '../src/engine/sparse';
import { ConstraintSystem } from '../src/engine/system/system';
import { cases } from './cases';

interface Tally {
  calls: number;
  ms: number;
}
const tallies = new Map<string, Tally>();
let nested = 0;

function instrument(label: string, proto: object): void {
  const target = proto as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, key);
    const original = descriptor?.value;
    if (key === 'constructor' || typeof original !== 'function') continue;
    const name = `${label}.${key}`;
    const tally: Tally = { calls: 0, ms: 0 };
    tallies.set(name, tally);
    target[key] = function (this: unknown, ...args: unknown[]) {
      const outer = nested;
      nested = 0;
      const t = performance.now();
      try {
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        const total = performance.now() - t;
        tally.calls++;
        tally.ms += total - nested;
        nested = outer + total;
      }
    };
  }
}

const [name = 'chain', size = '1000', times = '5'] = process.argv.slice(2);
const benchCase = cases.find((c) => c.name === name);
if (!benchCase) throw new Error(`breakdown: unknown case '${name}'`);
// Warm up uninstrumented, then measure instrumented.
benchCase.run(Number(size));
instrument('system', ConstraintSystem.prototype);
instrument('sparse', SparseSymmetricSolver.prototype);
let steps = 0;
const t0 = performance.now();
for (let i = 0; i < Number(times); i++) steps += benchCase.run(Number(size)).steps;
const wall = performance.now() - t0;
const rows = [...tallies.entries()].filter(([, t]) => t.calls > 0).sort((a, b) => b[1].ms - a[1].ms);
const total = rows.reduce((s, [, t]) => s + t.ms, 0);
console.log(
  `${name} ${size}: ${times} runs, wall ${wall.toFixed(0)} ms (includes build and the per-step samples)`,
);
console.log(`instrumented methods: ${total.toFixed(0)} ms in all`);
for (const [key, t] of rows) {
  console.log(
    `${key.padEnd(28)} ${t.ms.toFixed(1).padStart(9)} ms ${((100 * t.ms) / total).toFixed(1).padStart(5)} %  ${String(t.calls).padStart(7)} calls  ${((1000 * t.ms) / t.calls).toFixed(1).padStart(8)} µs/call`,
  );
}
void steps;
