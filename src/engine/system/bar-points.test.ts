import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { buildModel } from '../build';
import { expectSameAsTerms } from '../test-support/kernel-check';
import type { BarMotorTerm } from '../constraints/motor';
import { BarPointKernel } from './bar-points';

/** Bars joined and pinned every way the kernel takes, beside connectors it must leave to the general path. */
function mechanism(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'crank', kind: 'bar', center: [0, 0], angle: 0.4, length: 3 },
    { id: 'coupler', kind: 'bar', center: [2, 1], angle: -0.3, length: 4 },
    { id: 'rocker', kind: 'bar', center: [5, 0], angle: 1.2, length: 2.5 },
    { id: 'wheel', kind: 'circle', center: [4, 3], radius: 1 },
  );
  d.constraints.push(
    { id: 'pin-start', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [-1, -0.5] },
    { id: 'pin-u', kind: 'pin', point: { curve: 'rocker', u: 0.3 }, at: [5, -1] },
    {
      id: 'joint',
      kind: 'attach',
      a: { curve: 'crank', anchor: 'end' },
      b: { curve: 'coupler', anchor: 'start' },
    },
    { id: 'mid', kind: 'attach', a: { curve: 'coupler', u: 0.8 }, b: { curve: 'rocker', anchor: 'center' } },
    // Two points of one bar: both add into the same Jacobian block.
    { id: 'self', kind: 'attach', a: { curve: 'rocker', u: 0.1 }, b: { curve: 'rocker', u: 0.9 } },
    // General path: a circle's point, and the circle's centre (not a material point).
    {
      id: 'to-wheel',
      kind: 'attach',
      a: { curve: 'coupler', anchor: 'end' },
      b: { curve: 'wheel', u: 0.25 },
    },
    { id: 'pin-centre', kind: 'pin', point: { curve: 'wheel', anchor: 'center' }, at: [4, 3] },
    { id: 'motor', kind: 'motor', bar: 'crank', angle: 0.4, rpm: 10, running: true },
  );
  return d;
}

describe('BarPointKernel', () => {
  it('takes exactly the attachments and pins between material points of bars', () => {
    const { terms, system } = buildModel(mechanism());
    const kernel = new BarPointKernel(terms, system.rowStart, system.jOff, system.jBase);
    const taken = terms.filter((_, i) => kernel.handles[i]).map((t) => t.id);
    expect(taken).toEqual(['pin-start', 'pin-u', 'joint', 'mid', 'self']);
    expect(kernel.count).toBe(5);
  });

  it('gives the system the same residual and Jacobian, bit for bit, as each constraint on its own', () => {
    const { terms, system, q } = buildModel(mechanism());
    expectSameAsTerms({ terms, system });
    // ∂C/∂t: the kernel's rows are 0 (no constraint of theirs depends on time), the running motor's is −ω.
    const motor = terms.find((t) => t.id === 'motor') as BarMotorTerm;
    motor.timeRate = 1;
    const rates = new Float64Array(system.rows).fill(7);
    system.timeDerivative(rates);
    const expectedRates = new Float64Array(system.rows);
    terms.forEach((t, i) => t.timeDerivative(expectedRates, system.rowStart[i]));
    expect(Array.from(rates)).toEqual(Array.from(expectedRates));
    expect(rates[system.rowStart[terms.indexOf(motor)]]).toBeCloseTo((-2 * Math.PI * 10) / 60, 12);
    // And at the drawing's own state, where the joints are not yet met: the rows are not trivially zero.
    const c = new Float64Array(system.rows);
    expect(system.residual(c, q)).toBeGreaterThan(0.1);
  });
});
