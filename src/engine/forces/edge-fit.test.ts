// The snake force on a field made of a formula (the snakes on real images are document/snake.test.ts): its force is
// minus its energy's gradient for every curve kind, its stiffness is the Gauss–Newton form it claims, a sample off
// the image pulls on nothing, and the readout says what the samples see.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../shared/test-support/random';
import type { Curve } from '../../shared/drawing';
import { emptyDrawing } from '../../shared/drawing';
import { buildModel } from '../build';
import { expectForceIsMinusGradient, FIT_KINDS, fittedCurves } from '../test-support/force-checks';
import { wavyField } from '../test-support/wavy-field';
import { EdgeFit } from './edge-fit';
import type { EdgeField } from './edge-field';
import type { StiffnessSink } from './force';

function modelOf(curves: Curve[]) {
  return buildModel({ ...emptyDrawing(), curves });
}

/** The wavy field's placement with its grid made of `e(i − 120, j − 120)` instead. */
function formulaField(e: (i: number, j: number) => number): EdgeField {
  const field = wavyField();
  for (let j = 0; j < field.height; j++)
    for (let i = 0; i < field.width; i++) field.energy[j * field.width + i] = e(i - 120, j - 120);
  return field;
}

/** The dense size × size stiffness the snake adds into block 0 at q (× scale). */
function stiffnessOf(snake: EdgeFit, q: Float64Array, size: number, scale: number): number[] {
  const K = new Array<number>(size * size).fill(0);
  const sink: StiffnessSink = {
    addGram: (_block, A, off, rows, s) => {
      for (let r = 0; r < rows; r++)
        for (let i = 0; i < size; i++)
          for (let j = 0; j < size; j++) K[i * size + j] += s * A[off + r * size + i] * A[off + r * size + j];
    },
  };
  snake.addStiffness(sink, q, scale);
  return K;
}

/** The energy's Hessian at q: central differences of minus the force. */
function hessianOf(snake: EdgeFit, q: Float64Array, h = 1e-4): number[] {
  const n = q.length;
  const H = new Array<number>(n * n).fill(0);
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const keep = q[j];
    up.fill(0);
    down.fill(0);
    q[j] = keep + h;
    snake.addForce(up, q);
    q[j] = keep - h;
    snake.addForce(down, q);
    q[j] = keep;
    for (let i = 0; i < n; i++) H[i * n + j] = -(up[i] - down[i]) / (2 * h);
  }
  return H;
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
  it('its stiffness is the energy’s Hessian where −e is convex (a segment on a bowl, checked by differences)', () => {
    // e = 0.9 − 1e-5 ((i − 120)² + 2 (j − 120)²) + 6e-6 (i − 120)(j − 120): −∇²e positive definite everywhere.
    const field = formulaField((i, j) => 0.9 - 1e-5 * (i * i + 2 * j * j) + 6e-6 * i * j);
    const model = modelOf([{ kind: 'segment', id: 's', a: [0, 0], b: [30, 10] }]);
    const snake = new EdgeFit(fittedCurves(model, ['s']), field, 8, 2);
    const K = stiffnessOf(snake, model.q, 4, 0.5);
    // A segment's points are linear in q: the energy's Hessian is Σ k w Jᵀ(−∇²e)J, the stiffness exactly (× scale).
    const H = hessianOf(snake, model.q);
    const size = Math.max(...H.map((v) => Math.abs(v)));
    expect(size).toBeGreaterThan(1e-4);
    for (let i = 0; i < 16; i++) expect(K[i] / 0.5).toBeCloseTo(H[i], 9);
  });

  it('on a saddle: positive semi-definite, and above the energy’s Hessian by its concave part', () => {
    // e = 0.5 − 1e-5 (i − 120)² + 1e-5 (j − 120)², then turned by the placement: −∇²e has one eigenvalue of each sign.
    const field = formulaField((i, j) => 0.5 - 1e-5 * i * i + 1e-5 * j * j);
    const model = modelOf([{ kind: 'segment', id: 's', a: [0, 0], b: [30, 10] }]);
    const snake = new EdgeFit(fittedCurves(model, ['s']), field, 8, 2);
    const K = stiffnessOf(snake, model.q, 4, 1);
    const H = hessianOf(snake, model.q);
    const rng = random(3);
    let positive = 0;
    for (let t = 0; t < 200; t++) {
      const x = Array.from({ length: 4 }, () => rng() * 2 - 1);
      const form = (A: number[]) =>
        x.reduce((sum, xi, i) => sum + xi * x.reduce((r, xj, j) => r + A[i * 4 + j] * xj, 0), 0);
      expect(form(K)).toBeGreaterThanOrEqual(-1e-12);
      expect(form(K) - form(H)).toBeGreaterThanOrEqual(-1e-9);
      if (form(K) > 1e-6) positive++;
    }
    // Not zero: the convex direction is kept.
    expect(positive).toBeGreaterThan(100);
    // Exactly: −∇²e in pixels is diag(2e-5, −2e-5), its positive part 2e-5 along the pixels' x, which on the paper
    // is the row r = (m0, m1) of toPixel: k w Σ_s 2e-5 (r J_s)ᵀ(r J_s), J_s = [(1 − u) I, u I] at u = (s + ½)/8.
    const [m0, m1] = field.toPixel;
    const want = new Array<number>(16).fill(0);
    for (let t = 0; t < 8; t++) {
      const u = (t + 0.5) / 8;
      const row = [(1 - u) * m0, (1 - u) * m1, u * m0, u * m1];
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) want[i * 4 + j] += (2 / 8) * 2e-5 * row[i] * row[j];
    }
    // (to the grid's Float32 rounding, 0.03%)
    for (let i = 0; i < 16; i++) expect(K[i]).toBeCloseTo(want[i], 7);
    expect(Math.max(...want)).toBeGreaterThan(1e-5);
    const mask = new Uint8Array(1);
    snake.markBlocks(mask);
    expect(mask[0]).toBe(1);
    // In a bowl of e (−e concave all round): no stiffness at all.
    const bowl = formulaField((i, j) => 0.2 + 1e-5 * (i * i + j * j));
    const flat = new EdgeFit(fittedCurves(model, ['s']), bowl, 8, 2);
    expect(stiffnessOf(flat, model.q, 4, 1).every((v) => v === 0)).toBe(true);
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
