import { describe, expect, it } from 'vitest';
import type { ReferenceImage, Vec2 } from './drawing';
import {
  calibrated,
  imageAt,
  imageContains,
  imageHeight,
  imageMatrix,
  paperToPixels,
} from './image-geometry';

const image: ReferenceImage = {
  id: 'i',
  name: 'i',
  media: 'image/png',
  data: '',
  pixels: [200, 100],
  center: [10, 20],
  width: 40,
  rotation: Math.PI / 2,
  opacity: 1,
  locked: false,
};

function apply(m: number[], [x, y]: Vec2): Vec2 {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

describe('reference image geometry', () => {
  it('maps its pixel box to the paper: centre to centre, the top-left corner rotated about it', () => {
    expect(imageHeight(image)).toBe(20);
    const m = imageMatrix(image);
    const mid = apply(m, [100, 50]);
    expect(mid[0]).toBeCloseTo(10, 12);
    expect(mid[1]).toBeCloseTo(20, 12);
    // Turned a quarter clockwise on screen: the top-left corner (−20, −10 from the centre) goes to (+10, −20).
    const corner = apply(m, [0, 0]);
    expect(corner[0]).toBeCloseTo(20, 12);
    expect(corner[1]).toBeCloseTo(0, 12);
  });

  it('paperToPixels: the paper back to the pixel box (the top-left corner, the centre, a point beside it)', () => {
    const m = paperToPixels(image);
    const back = (p: Vec2): Vec2 => [m[0] * p[0] + m[1] * p[1] + m[2], m[3] * p[0] + m[4] * p[1] + m[5]];
    const corner = back([20, 0]);
    expect(corner[0]).toBeCloseTo(0, 12);
    expect(corner[1]).toBeCloseTo(0, 12);
    const mid = back([10, 20]);
    expect(mid[0]).toBeCloseTo(100, 12);
    expect(mid[1]).toBeCloseTo(50, 12);
    // 0.2 mm a pixel, turned a quarter: 1 mm down the paper is 5 pixels along the image's x.
    const below = back([10, 21]);
    expect(below[0]).toBeCloseTo(105, 12);
    expect(below[1]).toBeCloseTo(50, 12);
    // Any placement: the inverse of imageMatrix.
    const turned = { ...image, center: [13, -27] as Vec2, rotation: 0.5, width: 33 };
    const there = imageMatrix(turned);
    const m2 = paperToPixels(turned);
    for (const p of [
      [0, 0],
      [200, 0],
      [37, 81],
    ] as Vec2[]) {
      const [x, y] = apply(there, p);
      expect(m2[0] * x + m2[1] * y + m2[2]).toBeCloseTo(p[0], 10);
      expect(m2[3] * x + m2[4] * y + m2[5]).toBeCloseTo(p[1], 10);
    }
  });

  it('says which points are on it, and picks the topmost unlocked one', () => {
    expect(imageContains(image, [10 + 9, 20 + 19])).toBe(true);
    expect(imageContains(image, [10 + 11, 20])).toBe(false);
    const locked = { ...image, id: 'top', locked: true };
    expect(imageAt([image, locked], [10, 20])?.id).toBe('i');
    expect(imageAt([image, locked], [100, 100])).toBeNull();
  });

  it('scales about the first point so the two are the given distance apart', () => {
    const placed = calibrated(image, [0, 20], [10, 20], 25)!;
    expect(placed.width).toBeCloseTo(100, 12);
    expect(placed.center[0]).toBeCloseTo(25, 12);
    expect(placed.center[1]).toBeCloseTo(20, 12);
    expect(calibrated(image, [1, 1], [1, 1], 5)).toBeNull();
    expect(calibrated(image, [0, 0], [1, 1], 0)).toBeNull();
  });
});
