// Assembly from far (issue 27; far-assembly.ts, leash.ts): seeded far starts of the sweep's sketches
// (test-support/far-sketches.ts, bench/far-start.ts) where the plain descent of |C|² gave up or threw geometry
// dozens of sketch sizes away, settled within `curvewright settle`'s default budget on the tests' stepped clock.
import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { testClock } from '../../shared/test-support/clock';
import { Engine } from '../engine';
import { FAR_SKETCHES } from '../test-support/far-sketches';
import { farStart, keyBounds, parkMiller, solvedSketch } from '../test-support/far-start';

/** `curvewright settle`'s default budget (ms). */
const SETTLE_BUDGET = 5000;

/** The sweep's start `trial` of the sketch named `name` at `distance` mm (its seed as bench/far-start.ts makes it). */
function sweepStart(name: string, distance: number, trial: number): { start: Drawing; solution: Drawing } {
  const k = FAR_SKETCHES.findIndex((s) => s.name === name);
  const solution = solvedSketch(FAR_SKETCHES[k]);
  const seed = 1 + k * 100_003 + distance * 1_009 + trial;
  return { start: farStart(solution, distance, parkMiller(seed)), solution };
}

function settle(d: Drawing) {
  const engine = Engine.build(d, { clock: testClock() });
  const report = engine.settle(SETTLE_BUDGET);
  engine.writeBack(d);
  return { engine, report };
}

describe('assembly from far starts', () => {
  it('a square scattered 40 mm (start 23), left at residual 50 with a corner 38 sketch sizes out, assembles', () => {
    const { start } = sweepStart('square bracket', 40, 23);
    const { report, engine } = settle(start);
    expect(report.converged).toBe(true);
    expect(engine.residual).toBeLessThan(1e-9);
    // The square itself: 40 mm sides from the pinned corner at the origin.
    const top = start.curves.find((c) => c.id === 'top');
    if (top?.kind !== 'segment') throw new Error('no top');
    expect(top.a[0]).toBeCloseTo(0, 9);
    expect(top.a[1]).toBeCloseTo(0, 9);
    expect(Math.hypot(top.b[0] - top.a[0], top.b[1] - top.a[1])).toBeCloseTo(40, 9);
  });

  it('a square scattered 40 mm (start 1), once given up with a corner 43 sketch sizes out, assembles from a restart', () => {
    const { start } = sweepStart('square bracket', 40, 1);
    const { report, engine } = settle(start);
    expect(report.converged).toBe(true);
    expect(report.tried).toEqual(['descent', 'continuation', 'restarts']);
    expect(engine.residual).toBeLessThan(1e-9);
  });

  it('concentric curves scattered 40 mm (start 15), once thrown 85 sketch sizes out, assemble', () => {
    const { start } = sweepStart('concentric circle, arc and ellipse', 40, 15);
    const { report, engine } = settle(start);
    expect(report.converged).toBe(true);
    expect(engine.residual).toBeLessThan(1e-9);
  });

  it('an ellipse through three points, a line touching it, scattered 10 mm (start 0): the settle metric creeps, the drag metric assembles', () => {
    // On the settle metric alone (its shape changes priced 1e6 times dearer) the descent crept 40,000 steps to 1e-4.
    const { start } = sweepStart('ellipse through three points, a line touching it', 10, 0);
    const { report, engine } = settle(start);
    expect(report.converged).toBe(true);
    expect(report.tried).toEqual(['descent']);
    expect(engine.residual).toBeLessThan(1e-9);
  });

  it('a start no attempt assembles keeps every curve within its bounds widened by their diagonal', () => {
    // Start 21 of the square at 40 mm: the descent used to end with a corner 41 sketch sizes out.
    const { start } = sweepStart('square bracket', 40, 21);
    const [x0, y0, x1, y1] = keyBounds(start);
    const margin = Math.hypot(x1 - x0, y1 - y0);
    const d = structuredClone(start);
    const { report } = settle(d);
    const [a0, b0, a1, b1] = keyBounds(d);
    expect(a0).toBeGreaterThanOrEqual(x0 - margin);
    expect(b0).toBeGreaterThanOrEqual(y0 - margin);
    expect(a1).toBeLessThanOrEqual(x1 + margin);
    expect(b1).toBeLessThanOrEqual(y1 + margin);
    expect(report.converged).toBe(false);
    expect(report.tried).toEqual(['descent', 'continuation', 'restarts', 'unleashed descent']);
  });

  it('an edit that asks for geometry far beyond the leash still gets it: a 10 mm line made 1,000 mm long', () => {
    const d = emptyDrawing();
    d.curves.push({ kind: 'segment', id: 'line', a: [0, 0], b: [10, 0] });
    d.constraints.push(
      { id: 'pin', kind: 'pin', point: { curve: 'line', anchor: 'start' }, at: [0, 0] },
      {
        id: 'level',
        kind: 'horizontal',
        a: { curve: 'line', anchor: 'start' },
        b: { curve: 'line', anchor: 'end' },
      },
      { id: 'long', kind: 'length', curve: 'line', length: 1000 },
    );
    const { report } = settle(d);
    expect(report.converged).toBe(true);
    const line = d.curves[0];
    if (line.kind !== 'segment') throw new Error('no line');
    expect(Math.abs(line.b[0])).toBeCloseTo(1000, 9);
  });
});
