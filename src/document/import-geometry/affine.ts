// 2-D affine maps as SVG writes them: [a, b, c, d, e, f] takes (x, y) to (a x + c y + e, b x + d y + f).

import type { Vec2 } from '../../shared/drawing';

export type Affine = readonly [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 1, 0, 0];

/** m ∘ n: n applied first, then m (SVG's `transform="m n"`). */
export function compose(m: Affine, n: Affine): Affine {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function apply(m: Affine, p: Vec2): Vec2 {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

export const translation = (x: number, y: number): Affine => [1, 0, 0, 1, x, y];
export const scaling = (x: number, y: number): Affine => [x, 0, 0, y, 0, 0];
export function rotation(radians: number): Affine {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return [c, s, -s, c, 0, 0];
}
