// The edge field's sampler: the grid's cubic B-spline (a linear field reproduced), a gradient in mm that is
// the central difference of the value through the placement's chain rule, nothing off the image; and the bounds the
// snake's stiffness is made of.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../shared/test-support/random';
import { edgeCurvature, pixelsPerMm, sampleEdge } from './edge-field';
import { wavyField } from '../test-support/wavy-field';

describe('sampleEdge', () => {
  const field = wavyField();
  const out = new Float64Array(3);
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
    }
  });

  it('its gradient in mm is the central difference of its value', () => {
    const rng = random(4);
    const h = 1e-7;
    const probe = new Float64Array(3);
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
    }
    // (the field is not flat: the check compares something)
    sampleEdge(field, ...paper(30.2, 60.7), out);
    expect(Math.hypot(out[1], out[2])).toBeGreaterThan(0.01);
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
      expect([...out]).toEqual([0, 0, 0]);
    }
    expect(sampleEdge(field, NaN, 0, out)).toBe(false);
    // The outermost centres are still on it (the border repeated beyond them: a flat field stays flat there).
    const flat = { ...field, energy: new Float32Array(field.width * field.height).fill(0.3) };
    expect(sampleEdge(flat, ...paper(field.width - 0.5, field.height - 0.5), out)).toBe(true);
    expect([...out].map((v) => +v.toFixed(6))).toEqual([0.3, 0, 0]);
    expect(sampleEdge(flat, ...paper(0.5, 0.5), out)).toBe(true);
  });
});

describe('the bounds the stiffness is made of', () => {
  it('edgeCurvature: a quadratic bowl’s second derivative, the mixed one added', () => {
    const width = 30;
    const height = 20;
    const energy = new Float32Array(width * height);
    // e = 0.001 (x² + 3 y²) + 0.002 x y: e_xx = 0.002, e_yy = 0.006, e_xy = 0.002 → max row sum 0.008.
    for (let j = 0; j < height; j++)
      for (let i = 0; i < width; i++) energy[j * width + i] = 0.001 * (i * i + 3 * j * j) + 0.002 * i * j;
    expect(edgeCurvature(width, height, energy)).toBeCloseTo(0.008, 5);
    // A 2 × 2 checkerboard: no second difference along x or y, a mixed one of 2.
    expect(edgeCurvature(2, 2, new Float32Array([0, 1, 1, 0]))).toBe(2);
  });

  it('pixelsPerMm: the placement’s largest stretch', () => {
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    // 4 px per mm across, 1 along: rotated, the largest stretch is still 4.
    const toPixel = Float64Array.from([4 * c, 4 * s, 9, -s, c, -2]);
    expect(pixelsPerMm(toPixel)).toBeCloseTo(4, 12);
  });
});
