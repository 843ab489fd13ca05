// The edge field's sampler: the grid's cubic B-spline (a linear field reproduced), a gradient and a Hessian in mm
// that are the central differences of the value and of the gradient through the placement's chain rule, nothing off
// the image.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../shared/test-support/random';
import { sampleEdge } from './edge-field';
import { wavyField } from '../test-support/wavy-field';

describe('sampleEdge', () => {
  const field = wavyField();
  const out = new Float64Array(6);
  /** The paper point of the pixel box's point (px, py): toPixel inverted. */
  const paper = (px: number, py: number): [number, number] => {
    const m = field.toPixel;
    const det = m[0] * m[4] - m[1] * m[3];
    const x = px - m[2];
    const y = py - m[5];
    return [(m[4] * x - m[1] * y) / det, (-m[3] * x + m[0] * y) / det];
  };

  it('reproduces a linear field: its value and its gradient in mm through the placement', () => {
    // e = 0.2 + 0.002 i + 0.001 j at pixel (i, j)'s centre.
    const linear = { ...field, energy: new Float32Array(field.width * field.height) };
    for (let j = 0; j < field.height; j++)
      for (let i = 0; i < field.width; i++) linear.energy[j * field.width + i] = 0.2 + 0.002 * i + 0.001 * j;
    const m = field.toPixel;
    const rng = random(9);
    for (let t = 0; t < 20; t++) {
      const px = 3 + rng() * (field.width - 6);
      const py = 3 + rng() * (field.height - 6);
      expect(sampleEdge(linear, ...paper(px, py), out)).toBe(true);
      expect(out[0]).toBeCloseTo(0.2 + 0.002 * (px - 0.5) + 0.001 * (py - 0.5), 6);
      expect(out[1]).toBeCloseTo(0.002 * m[0] + 0.001 * m[3], 6);
      expect(out[2]).toBeCloseTo(0.002 * m[1] + 0.001 * m[4], 6);
      for (const v of out.subarray(3)) expect(v).toBeCloseTo(0, 5); // (the grid's Float32 rounding: 1e-7)
    }
  });

  it('its gradient in mm is the central difference of its value', () => {
    const rng = random(4);
    const h = 1e-7;
    const probe = new Float64Array(6);
    for (let t = 0; t < 50; t++) {
      const [x, y] = paper(2 + rng() * (field.width - 4), 2 + rng() * (field.height - 4));
      expect(sampleEdge(field, x, y, out)).toBe(true);
      sampleEdge(field, x + h, y, probe);
      const up = probe[0];
      sampleEdge(field, x - h, y, probe);
      expect(out[1]).toBeCloseTo((up - probe[0]) / (2 * h), 5);
      sampleEdge(field, x, y + h, probe);
      const right = probe[0];
      sampleEdge(field, x, y - h, probe);
      expect(out[2]).toBeCloseTo((right - probe[0]) / (2 * h), 5);
      // The Hessian: the central differences of the gradient (a larger step: the gradient is smooth).
      const g = 1e-5;
      sampleEdge(field, x + g, y, probe);
      const gxUp = probe[1];
      const gyUp = probe[2];
      sampleEdge(field, x - g, y, probe);
      expect(out[3]).toBeCloseTo((gxUp - probe[1]) / (2 * g), 5);
      expect(out[4]).toBeCloseTo((gyUp - probe[2]) / (2 * g), 5);
      sampleEdge(field, x, y + g, probe);
      const gyRight = probe[2];
      sampleEdge(field, x, y - g, probe);
      expect(out[5]).toBeCloseTo((gyRight - probe[2]) / (2 * g), 5);
    }
    // (the field is not flat: the check compares something)
    sampleEdge(field, ...paper(30.2, 60.7), out);
    expect(Math.hypot(out[1], out[2])).toBeGreaterThan(0.01);
    expect(Math.hypot(out[3], out[4], out[5])).toBeGreaterThan(0.001);
  });

  it('off the image (beyond the outer pixels’ centres, or not a number): nothing', () => {
    for (const [px, py] of [
      [0.4, 50],
      [field.width - 0.4, 50],
      [50, -3],
      [50, field.height + 1],
    ]) {
      out.fill(7);
      expect(sampleEdge(field, ...paper(px, py), out)).toBe(false);
      expect([...out]).toEqual([0, 0, 0, 0, 0, 0]);
    }
    expect(sampleEdge(field, NaN, 0, out)).toBe(false);
    // The outermost centres are still on it (the border repeated beyond them: a flat field stays flat there).
    const flat = { ...field, energy: new Float32Array(field.width * field.height).fill(0.3) };
    expect(sampleEdge(flat, ...paper(field.width - 0.5, field.height - 0.5), out)).toBe(true);
    expect([...out].map((v) => +v.toFixed(6))).toEqual([0.3, 0, 0, 0, 0, 0]);
    expect(sampleEdge(flat, ...paper(0.5, 0.5), out)).toBe(true);
  });
});
