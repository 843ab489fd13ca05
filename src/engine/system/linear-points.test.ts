import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { buildModel } from '../build';
import { expectSameAsTerms } from '../test-support/kernel-check';
import { LinearPointKernel } from './linear-points';

/** Points linear in the state joined and pinned every way the kernel takes, beside connectors it must leave. */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'dot', kind: 'point', at: [1, 2] },
    {
      id: 'bez',
      kind: 'bezier',
      points: [
        [0, 0],
        [1, 2],
        [3, 2],
        [4, 0],
      ],
    },
    {
      id: 'open',
      kind: 'spline',
      points: [
        [4, 0],
        [5, 1],
        [6, -1],
        [7, 0],
      ],
      closed: false,
    },
    {
      id: 'loop',
      kind: 'spline',
      points: [
        [0, 5],
        [2, 6],
        [1, 8],
      ],
      closed: true,
    },
    { id: 'wheel', kind: 'circle', center: [4, 3], radius: 1 },
    { id: 'bar', kind: 'bar', center: [8, 0], angle: 0.3, length: 2 },
  );
  d.constraints.push(
    { id: 'pin-dot', kind: 'pin', point: { curve: 'dot', anchor: 'start' }, at: [1, 2] },
    {
      id: 'bez-open',
      kind: 'attach',
      a: { curve: 'bez', anchor: 'end' },
      b: { curve: 'open', anchor: 'start' },
    },
    // Inner points: every basis weight non-zero, and a closed spline's wrapped neighbours.
    { id: 'mid-mid', kind: 'attach', a: { curve: 'open', u: 0.37 }, b: { curve: 'loop', u: 0.9 } },
    // Two points of one curve: both add into the same Jacobian block.
    { id: 'self', kind: 'attach', a: { curve: 'open', u: 0.2 }, b: { curve: 'open', anchor: 'end' } },
    { id: 'pin-centre', kind: 'pin', point: { curve: 'wheel', anchor: 'center' }, at: [4, 3] },
    {
      id: 'centre-dot',
      kind: 'attach',
      a: { curve: 'wheel', anchor: 'center' },
      b: { curve: 'bez', u: 0.5 },
    },
    // General path: a point of a circle (trigonometric in its state), a bar's end.
    { id: 'rim', kind: 'attach', a: { curve: 'wheel', u: 0.25 }, b: { curve: 'dot', anchor: 'start' } },
    {
      id: 'to-bar',
      kind: 'attach',
      a: { curve: 'open', anchor: 'end' },
      b: { curve: 'bar', anchor: 'start' },
    },
  );
  return d;
}

describe('LinearPointKernel', () => {
  it('takes the attachments and pins whose points are linear in the state, and leaves the rest', () => {
    const { terms, system } = buildModel(drawing());
    const kernel = new LinearPointKernel(
      terms,
      system.rowStart,
      system.jOff,
      system.jBase,
      new Uint8Array(terms.length),
    );
    const taken = terms.filter((_, i) => kernel.handles[i]).map((t) => t.id);
    expect(taken).toEqual(['pin-dot', 'bez-open', 'mid-mid', 'self', 'pin-centre', 'centre-dot']);
    expect(kernel.count).toBe(6);
    // What another kernel has taken is not taken again.
    const taken2 = new Uint8Array(terms.length);
    taken2[0] = 1;
    const second = new LinearPointKernel(terms, system.rowStart, system.jOff, system.jBase, taken2);
    expect(second.handles[0]).toBe(0);
    expect(second.count).toBe(5);
  });

  it('gives the system the same residual and Jacobian, bit for bit, as each constraint on its own', () => {
    const { terms, system, q } = buildModel(drawing());
    expectSameAsTerms({ terms, system });
    // At the drawing's own state the joints are not met: the rows are not trivially zero.
    const c = new Float64Array(system.rows);
    expect(system.residual(c, q)).toBeGreaterThan(0.1);
    system.jacobian(q);
    expect(system.J.some((v) => v !== 0)).toBe(true);
  });
});
