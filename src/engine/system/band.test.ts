import { describe, expect, it } from 'vitest';
import { bandCholesky, bandIndex, bandIsSplit, bandProductDiagonal, bandSize, bandSolve } from './band';
import { invertSPD } from './dense';

/** A k × k SPD matrix of half-bandwidth p (diagonally dominant), dense and as a band. */
function randomBand(
  k: number,
  p: number,
  seed: number,
  split = false,
): { dense: Float64Array; band: Float64Array } {
  let s = seed;
  const rand = (): number => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647 - 0.5;
  };
  const dense = new Float64Array(k * k);
  const band = new Float64Array(bandSize(k, p));
  for (let i = 0; i < k; i++)
    for (let j = Math.max(0, i - p); j < i; j++) {
      const v = rand();
      if (split && (i - j) % 2) continue;
      dense[i * k + j] = dense[j * k + i] = v;
      band[bandIndex(0, p, i, j)] = v;
    }
  for (let i = 0; i < k; i++) {
    const v = 2 * p + 1 + rand();
    dense[i * k + i] = v;
    band[bandIndex(0, p, i, i)] = v;
  }
  return { dense, band };
}

describe('band matrices', () => {
  it('solve as the dense inverse multiplies, for every half-bandwidth up to the size', () => {
    for (const [k, p] of [
      [1, 0],
      [5, 1],
      [12, 3],
      [30, 7],
      [9, 8],
    ]) {
      const { dense, band } = randomBand(k, p, 7 + k + p);
      const W = new Float64Array(k * k);
      expect(invertSPD(W, 0, dense, 0, k, new Float64Array(k * k))).toBe(true);
      expect(bandIsSplit(band, 0, k, p)).toBe(p === 0);
      expect(bandCholesky(band, p, p + 1, 1, k, p)).toBe(true);
      for (let i = 0; i < k; i++)
        expect(bandProductDiagonal(band, 0, p, i)).toBeCloseTo(dense[i * k + i], 12);
      const v = Float64Array.from({ length: k }, (_, i) => Math.sin(3 * i + 1));
      const x = v.slice();
      bandSolve(x, 0, 1, band, p, p + 1, 1, k, p);
      for (let i = 0; i < k; i++) {
        let expected = 0;
        for (let j = 0; j < k; j++) expected += W[i * k + j] * v[j];
        expect(x[i]).toBeCloseTo(expected, 12);
      }
    }
  });

  it('refuses a matrix that is not positive definite', () => {
    const band = new Float64Array(bandSize(3, 1));
    band[bandIndex(0, 1, 0, 0)] = 1;
    band[bandIndex(0, 1, 1, 0)] = 2;
    band[bandIndex(0, 1, 1, 1)] = 1;
    band[bandIndex(0, 1, 2, 2)] = 1;
    expect(bandCholesky(band, 1, 2, 1, 3, 1)).toBe(false);
  });

  it('factor a band that couples no even index with an odd one as its two halves', () => {
    const k = 20;
    const p = 7;
    const { dense, band } = randomBand(k, p, 11, true);
    expect(bandIsSplit(band, 0, k, p)).toBe(true);
    const W = new Float64Array(k * k);
    expect(invertSPD(W, 0, dense, 0, k, new Float64Array(k * k))).toBe(true);
    const rs = 2 * (p + 1);
    expect(bandCholesky(band, p, rs, 2, k / 2, p >> 1)).toBe(true);
    expect(bandCholesky(band, 2 * p + 1, rs, 2, k / 2, p >> 1)).toBe(true);
    const v = Float64Array.from({ length: k }, (_, i) => Math.cos(5 * i + 2));
    const x = v.slice();
    bandSolve(x, 0, 2, band, p, rs, 2, k / 2, p >> 1);
    bandSolve(x, 1, 2, band, 2 * p + 1, rs, 2, k / 2, p >> 1);
    for (let i = 0; i < k; i++) {
      let expected = 0;
      for (let j = 0; j < k; j++) expected += W[i * k + j] * v[j];
      expect(x[i]).toBeCloseTo(expected, 12);
    }
  });
});
