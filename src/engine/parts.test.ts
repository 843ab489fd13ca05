// A drawing solved in parts (parts.ts): a drag or a motor steps only the parts it concerns; every other part's
// state stays bit-identical, its residual with it; the diagnostics of the parts merge in declared order.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { Engine } from './engine';
import { drawingParts } from './parts';
import { bar, fourBar } from './test-support/drawings';
import { testClock } from '../shared/test-support/clock';

/** Two four-bars (`L-` driven, `R-` without a motor and its coupler knocked 0.5 mm out of place), a free ring. */
function twoMechanisms(): Drawing {
  const left = fourBar(0.3, 60, [0, 0], 'L-');
  const right = fourBar(0.8, 60, [20, 0], 'R-');
  const d = emptyDrawing();
  d.curves.push(...left.curves, ...right.curves, { id: 'ring', kind: 'circle', center: [0, 30], radius: 2 });
  // Interleaved, so the merged lists have an order to keep.
  const rightLinks = right.constraints.filter((k) => k.kind !== 'motor');
  left.constraints.forEach((k, i) => d.constraints.push(k, ...rightLinks.slice(i, i + 1)));
  const coupler = d.curves.find((c) => c.id === 'R-coupler');
  if (coupler?.kind === 'bar') coupler.center = [coupler.center[0] + 0.5, coupler.center[1]];
  return d;
}

/** The drawing without its left motor: the left four-bar can be pulled. */
function unmotored(d: Drawing): Drawing {
  d.constraints = d.constraints.filter((k) => k.id !== 'L-motor');
  return d;
}

/** The state of every curve whose id starts with `prefix`. */
function states(engine: Engine, d: Drawing, prefix: string): number[][] {
  return d.curves.filter((c) => c.id.startsWith(prefix)).map((c) => engine.curveState(c.id));
}

describe('parts', () => {
  it('splits a drawing into the curves constraints and springs link', () => {
    const d = twoMechanisms();
    d.curves.push(bar('lone', [0, 50], [5, 50]));
    d.springs.push({
      id: 'sp',
      a: { curve: 'ring', anchor: 'center' },
      b: { curve: 'lone', u: 0 },
      stiffness: 1,
      rest: 0,
    });
    const parts = drawingParts(d);
    expect(parts.map((p) => p.curves)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    expect(parts[0].constraints).toEqual([0, 2, 4, 6, 8]);
    expect(parts[1].constraints).toEqual([1, 3, 5, 7]);
    expect(parts.map((p) => p.springs)).toEqual([[], [], [0]]);
    expect(Engine.build(d, { clock: testClock() }).partCount).toBe(3);
  });

  it('puts every component with a motor in one part (play steps them together)', () => {
    const d = twoMechanisms();
    const other = fourBar(0.5, 30, [0, -20], 'M-');
    d.curves.push(...other.curves);
    d.constraints.push(...other.constraints);
    const parts = drawingParts(d);
    expect(parts.map((p) => p.curves)).toEqual([[0, 1, 2, 7, 8, 9], [3, 4, 5], [6]]);
  });

  it('a drag steps only the part it pulls: the others stay bit-identical, unassembled as they were', () => {
    const d = unmotored(twoMechanisms());
    const engine = Engine.build(d, { clock: testClock() });
    const right = states(engine, d, 'R-');
    const ring = engine.curveState('ring');
    const residual = engine.residual;
    expect(residual).toBeGreaterThan(0.1); // the knocked coupler
    const end = engine.pointAt('L-coupler', 0.5);
    engine.grab('L-coupler', 0.5);
    for (let f = 1; f <= 5; f++) engine.dragFrame([end[0] + 0.2 * f, end[1] - 0.1 * f], 1000);
    engine.release();
    expect(engine.pointAt('L-coupler', 0.5)[0]).not.toBe(end[0]);
    expect(states(engine, d, 'R-')).toEqual(right);
    expect(engine.curveState('ring')).toEqual(ring);
    expect(engine.residual).toBe(residual);
    expect(engine.writeMoved(d).curves).toEqual([0, 1, 2]);
  });

  it('motors step only the parts they drive', () => {
    const d = twoMechanisms();
    const engine = Engine.build(d, { clock: testClock() });
    const right = states(engine, d, 'R-');
    const crank = engine.curveState('L-crank');
    const report = engine.advanceMotors(0.1, 1000);
    expect(report.caughtUp).toBe(true);
    expect(engine.curveState('L-crank')[2]).toBeCloseTo(crank[2] + 0.2 * Math.PI, 9);
    expect(states(engine, d, 'R-')).toEqual(right);
    expect(engine.writeMoved(d).curves).toEqual([0, 1, 2]);
    // Settling reaches every part: the knocked coupler goes back into place.
    expect(engine.settle(2000).converged).toBe(true);
    expect(engine.writeMoved(d).curves).toEqual([3, 4, 5]);
  });

  it('a part a spring acts on moves while the motors run; one at rest without springs does not', () => {
    const d = twoMechanisms();
    // The ring held by a stretched spring to a point of the paper 5 mm to its right.
    d.springs.push({ id: 'sp', a: { curve: 'ring', anchor: 'center' }, at: [5, 30], stiffness: 1, rest: 0 });
    const engine = Engine.build(d, { clock: testClock() });
    const right = states(engine, d, 'R-');
    engine.advanceMotors(0.1, 1000);
    expect(engine.curveState('ring')[0]).toBeCloseTo(5, 6);
    expect(states(engine, d, 'R-')).toEqual(right);
    expect(engine.writeMoved(d).curves).toEqual([0, 1, 2, 6]);
  });

  it('pulls a selection across parts: each moves by the cursor travel', () => {
    const d = unmotored(twoMechanisms());
    const engine = Engine.build(d, { clock: testClock() });
    const ring = engine.curveState('ring');
    const grip = engine.pointAt('L-coupler', 0.5);
    engine.grab('L-coupler', 0.5, ['ring']);
    const cursor = [grip[0] + 0.03, grip[1] + 0.02];
    engine.dragFrame([cursor[0], cursor[1]], 1000);
    engine.release();
    const moved = engine.curveState('ring');
    const grabbed = engine.pointAt('L-coupler', 0.5);
    // The coupler's point moves as far as its linkage lets it (one freedom: along its coupler curve); the free ring,
    // pulled in its own part, by the cursor's whole travel.
    expect(Math.hypot(grabbed[0] - grip[0], grabbed[1] - grip[1])).toBeGreaterThan(0.01);
    expect(moved[0] - ring[0]).toBeCloseTo(0.03, 5);
    expect(moved[1] - ring[1]).toBeCloseTo(0.02, 5);
    expect(moved[2]).toBeCloseTo(ring[2], 9);
  });

  it('merges the parts’ diagnostics in declared order', () => {
    const d = twoMechanisms();
    // A second pin at each ground pivot: one redundant group per part, declared interleaved.
    for (const p of ['R-', 'L-']) {
      const pin = d.constraints.find((k) => k.id === `${p}ground1`);
      if (pin?.kind === 'pin') d.constraints.push({ ...pin, id: `${p}again` });
    }
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(2000);
    const diag = engine.diagnostics();
    expect(diag.redundantGroups).toEqual([
      ['L-ground1', 'L-again'],
      ['R-ground1', 'R-again'],
    ]);
    expect(diag.redundant).toEqual(['L-ground1', 'R-ground1', 'R-again', 'L-again']);
    expect(diag.constraints.map((k) => k.id)).toEqual(d.constraints.map((k) => k.id));
    expect(diag.components.map((k) => k.curves[0])).toEqual(['L-crank', 'R-crank', 'ring']);
    // The driven four-bar is held by its motor, the other turns (one freedom), the ring has its three.
    expect(diag.components.map((k) => k.dof)).toEqual([0, 1, 3]);
    expect(diag.dof).toBe(4);
    expect(diag.freeCurves).toEqual(['R-crank', 'R-coupler', 'R-rocker', 'ring']);
  });
});
