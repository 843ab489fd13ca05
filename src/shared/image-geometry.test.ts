import { describe, expect, it } from 'vitest';
import type { ReferenceImage, Vec2 } from './drawing';
import { calibrated, imageAt, imageContains, imageHeight, imageMatrix } from './image-geometry';

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
