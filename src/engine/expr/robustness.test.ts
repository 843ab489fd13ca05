// Malformed and hostile input never crashes, hangs or produces NaN where the engine would see it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type EquationCurve, type EquationDefinition } from '../../shared/drawing';
import { compileDefinition } from './definition';
import { createEquationCurve } from './equation-curve';
import { INITIAL_PIECES, MAX_POLYLINE_POINTS, MAX_REFINE_DEPTH, samplePolyline } from './sampling';

function def(x: string, extra: Partial<EquationDefinition> = {}): EquationDefinition {
  return {
    id: 'f',
    name: 'fuzz',
    x,
    y: 'u',
    u0: 0,
    u1: 1,
    closed: false,
    params: [{ name: 'a', value: 1, free: true }],
    ...extra,
  };
}

describe('robustness', () => {
  it('answers any string of the language alphabet with a result or errors positioned inside it', () => {
    const alphabet = fc.constantFrom(
      ...'u a 1 2 . e pi sin( cos( atan2( min( , ( ) + - * / ^ ** # x'.split(' '),
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')),
        (text) => {
          const r = compileDefinition(def(text));
          if (r.ok) {
            const out = new Float64Array(4);
            r.compiled.createEvaluator().first(out, 0.3);
            return;
          }
          expect(r.errors.length).toBeGreaterThan(0);
          for (const e of r.errors) {
            expect(e.field).toBe('x');
            expect(e.message).toMatch(/ at column \d+$/);
            expect(e.column).toBeGreaterThanOrEqual(1);
            expect(e.column).toBeLessThanOrEqual(text.length + 1);
          }
        },
      ),
      { numRuns: 500, seed: 17 },
    );
  });

  it('samples a curve that is undefined over part of its range without NaN and within bounds', () => {
    // sqrt(u − 0.5) is NaN for u < 0.5: those points are left out, the rest is sampled as usual.
    const result = compileDefinition(def('sqrt(u - 0.5)'));
    if (!result.ok) throw new Error('compile');
    const ev = result.compiled.createEvaluator();
    const us: number[] = [];
    const points = samplePolyline((out, u) => ev.position(out, u), 0.001, us);
    expect(points.length).toBeGreaterThan(10);
    expect(points.length).toBeLessThanOrEqual(MAX_POLYLINE_POINTS);
    expect(points.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))).toBe(true);
    expect(Math.min(...us)).toBeGreaterThanOrEqual(0.5);
    // The start of the defined part is found to within the deepest halving of an initial piece.
    expect(us[0] - 0.5).toBeLessThan(1 / (INITIAL_PIECES * 2 ** MAX_REFINE_DEPTH) + 1e-15);
    expect(us[us.length - 1]).toBe(1);
    // The undefined half costs a few evaluations per halving, not a full refinement.
    let calls = 0;
    samplePolyline((out, u) => {
      calls++;
      ev.position(out, u);
    }, 0.001);
    expect(calls).toBeLessThan(20 * points.length + 1000);
  });

  it('keeps a wildly oscillating curve to the point cap', () => {
    const result = compileDefinition(def('sin(1e6 * u)'));
    if (!result.ok) throw new Error('compile');
    const ev = result.compiled.createEvaluator();
    const points = samplePolyline((out, u) => ev.position(out, u), 1e-9);
    expect(points.length).toBeLessThanOrEqual(MAX_POLYLINE_POINTS + INITIAL_PIECES + MAX_REFINE_DEPTH);
    expect(points.length).toBeGreaterThan(MAX_POLYLINE_POINTS / 2);
  });

  it('gives the engine finite derivatives even where the parameters make them infinite', () => {
    // At a = 0.5 and u = ½ (engine u), sqrt(|u − a|) has a vertical tangent.
    const d = emptyDrawing();
    d.equations.push(def('sqrt(abs(u - a))', { params: [{ name: 'a', value: 2, free: true }] }));
    d.curves.push({ id: 'c', kind: 'equation', definition: 'f', params: { a: 2 } });
    const model = createEquationCurve(d.curves[0] as EquationCurve, d);
    const q = Float64Array.from([0.5]);
    const t = new Float64Array(2);
    const J = new Float64Array(2);
    model.tangent(t, q, 0, 0.5);
    model.jacobian(J, q, 0, 0.5);
    expect([...t, ...J].every(Number.isFinite)).toBe(true);
    const p = new Float64Array(2);
    model.position(p, q, 0, 0.5);
    expect(p[0]).toBe(0);
  });
});
