// The snake force on a field made of a formula (the snakes on real images are document/snake.test.ts): its force is
// minus its energy's gradient for every curve kind, its stiffness is the Gauss–Newton form it claims, a sample off
// the image pulls on nothing, and the readout says what the samples see.
import { describe, expect, it } from 'vitest';
import type { Curve } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { buildModel } from '../build';
import { expectForceIsMinusGradient, FIT_KINDS, fittedCurves } from '../test-support/force-checks';
import { wavyField } from '../test-support/wavy-field';
import { EdgeFit } from './edge-fit';
import { pixelsPerMm } from './edge-field';

function modelOf(curves: Curve[]) {
  return buildModel({ ...emptyDrawing(), curves });
}

describe('EdgeFit: the force is minus the gradient of the energy', () => {
  it.each(FIT_KINDS.map((c) => [c.kind, c] as const))('%s', (_kind, curve) => {
    const model = modelOf([curve]);
    const snake = new EdgeFit(fittedCurves(model, [curve.id]), wavyField(), 50, 3);
    // Between none (k) and the strongest edge all along (0).
    expect(snake.energy(model.q)).toBeGreaterThan(0);
    expect(snake.energy(model.q)).toBeLessThan(3);
    expectForceIsMinusGradient(snake, model.q, 6);
  });

  it('several curves at once: the sum of each alone', () => {
    const model = modelOf(FIT_KINDS.slice(0, 3));
    const field = wavyField();
    const both = new EdgeFit(fittedCurves(model, ['s', 'a', 'c']), field, 20, 1);
    const alone = ['s', 'a', 'c'].map((id) => new EdgeFit(fittedCurves(model, [id]), field, 20, 1));
    const sum = alone.reduce((e, f) => e + f.energy(model.q), 0);
    expect(both.energy(model.q)).toBeCloseTo(sum, 12);
    expectForceIsMinusGradient(both, model.q, 6);
  });
});

describe('EdgeFit: stiffness, the image’s bounds, the readout', () => {
  it('its stiffness is k w κ JᵀJ at each sample on the image, κ the field’s bound in mm⁻²', () => {
    const model = modelOf([{ kind: 'segment', id: 's', a: [0, 0], b: [30, 10] }]);
    const field = wavyField();
    const snake = new EdgeFit(fittedCurves(model, ['s']), field, 4, 2);
    const grams: { block: number; rows: number; s: number; jac: number[] }[] = [];
    snake.addStiffness(
      { addGram: (block, A, _off, rows, s) => grams.push({ block, rows, s, jac: [...A.subarray(0, 8)] }) },
      model.q,
      0.5,
    );
    const kappa = field.curvature * pixelsPerMm(field.toPixel) ** 2;
    expect(field.curvature).toBeGreaterThan(0);
    expect(grams.map((g) => g.s)).toEqual(Array(4).fill(0.5 * 2 * 0.25 * kappa));
    // A segment's samples at u = ⅛, ⅜, ⅝, ⅞: ∂p/∂a = (1 − u) I, ∂p/∂b = u I.
    expect(grams.map((g) => g.jac[0])).toEqual([7 / 8, 5 / 8, 3 / 8, 1 / 8]);
    expect(grams.every((g) => g.rows === 2 && g.block === 0)).toBe(true);
    const mask = new Uint8Array(1);
    snake.markBlocks(mask);
    expect(mask[0]).toBe(1);
  });

  it('a curve off the image: no energy, no force, no stiffness, every sample counted off', () => {
    const model = modelOf([{ kind: 'circle', id: 'c', center: [500, 500], radius: 10 }]);
    const snake = new EdgeFit(fittedCurves(model, ['c']), wavyField(), 30, 5);
    const Q = new Float64Array(model.q.length);
    snake.addForce(Q, model.q);
    let grams = 0;
    snake.addStiffness({ addGram: () => grams++ }, model.q, 1);
    expect([...Q]).toEqual([0, 0, 0]);
    expect(grams).toBe(0);
    expect(snake.energy(model.q)).toBe(5);
    expect(snake.measure(model.q)).toEqual({ meanEdge: 0, offImage: 30 });
  });

  it('measure: the mean edge value under the samples on the image, and how many are off it', () => {
    const field = wavyField();
    field.energy.fill(0.25);
    // A segment from on the image to far off it: its first half on, its second off.
    const model = modelOf([{ kind: 'segment', id: 's', a: [10, 5], b: [190, 5] }]);
    const snake = new EdgeFit(fittedCurves(model, ['s']), field, 10, 1);
    const readout = snake.measure(model.q);
    expect(readout.meanEdge).toBeCloseTo(0.25, 7);
    // Three samples on the image at 0.25, seven off at 0: k w Σ (1 − e).
    expect(snake.energy(model.q)).toBeCloseTo(0.1 * (3 * 0.75 + 7), 7);
    // On the image to about x = 12 + 120 / (2.5 cos 0.3) ≈ 62 mm (along y = 5): samples at 19, 37, 55 mm.
    expect(readout.offImage).toBe(7);
  });

  it('refuses a count of samples that is not a whole number ≥ 1, and a strength that is not ≥ 0', () => {
    const model = modelOf([FIT_KINDS[0]]);
    const curves = fittedCurves(model, ['s']);
    expect(() => new EdgeFit(curves, wavyField(), 0, 1)).toThrow(
      /whole number of samples per curve ≥ 1, got 0/,
    );
    expect(() => new EdgeFit(curves, wavyField(), 2.5, 1)).toThrow(/got 2.5/);
    expect(() => new EdgeFit(curves, wavyField(), 10, -1)).toThrow(
      /strength must be a finite number ≥ 0, got -1/,
    );
    expect(() => new EdgeFit(curves, wavyField(), 10, NaN)).toThrow(/got NaN/);
  });
});
