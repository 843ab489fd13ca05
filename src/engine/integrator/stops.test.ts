// The state's stops on their own: a step that would round a radius to exactly 0 (a denormal radius moved by its
// own size) keeps the radius it had, and a state with such a radius or a number past ±1e9 is not held.
import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { MAX_COORDINATE } from '../../shared/limits';
import { buildModel } from '../build';
import { StateStops } from './stops';

function model() {
  const d = emptyDrawing();
  d.curves.push({ id: 'c', kind: 'circle', center: [0, 0], radius: 5e-324 });
  d.curves.push({ id: 'e', kind: 'ellipse', center: [0, 0], rx: -2, ry: 5e-324, rotation: 0 });
  return buildModel(d);
}

describe('StateStops', () => {
  it('puts back a radius a step made exactly 0, and lets one change sign', () => {
    const m = model();
    const stops = new StateStops(m);
    const q0 = Float64Array.from(m.q);
    const q = Float64Array.from(m.q);
    q[2] = q0[2] - 5e-324; // the circle's radius: 0
    q[5] = 3; // the ellipse's rx: from -2 to 3, through zero (inside out and back)
    q[6] = q0[6] - 5e-324; // its ry: 0
    stops.apply(q, q0);
    expect(q[2]).toBe(5e-324);
    expect(q[5]).toBe(3);
    expect(q[6]).toBe(5e-324);
    expect(stops.hold(q, q0)).toBe(true);
  });

  it('does not hold a zero radius or a coordinate past the bound', () => {
    const m = model();
    const stops = new StateStops(m);
    const q0 = Float64Array.from(m.q);
    const zero = Float64Array.from(q0);
    zero[2] = 0;
    expect(stops.hold(zero, q0)).toBe(false);
    const far = Float64Array.from(q0);
    far[0] = MAX_COORDINATE * 1.5;
    expect(stops.hold(far, q0)).toBe(false);
    expect(stops.hold(q0, q0)).toBe(true);
  });
});
