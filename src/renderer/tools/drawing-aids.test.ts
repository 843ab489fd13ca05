import { describe, expect, it } from 'vitest';
import {
  AXIS_TOLERANCE_DEG,
  nearAxis,
  nearestGridPoint,
  onAxis,
  roundDirection,
  tangentArcCentre,
  TANGENT_TOLERANCE_DEG,
} from './drawing-aids';
import type { Vec2 } from '../../shared/drawing';

const RAD = Math.PI / 180;
const ray = (deg: number, length = 10): Vec2 => [length * Math.cos(deg * RAD), length * Math.sin(deg * RAD)];

describe('nearly horizontal or vertical', () => {
  it('within the tolerance of either axis, either way along it', () => {
    const inside = AXIS_TOLERANCE_DEG - 0.01;
    const outside = AXIS_TOLERANCE_DEG + 0.01;
    for (const [deg, axis] of [
      [0, 'horizontal'],
      [inside, 'horizontal'],
      [-inside, 'horizontal'],
      [180 - inside, 'horizontal'],
      [90, 'vertical'],
      [90 + inside, 'vertical'],
      [-90 - inside, 'vertical'],
      [outside, null],
      [90 - outside, null],
      [45, null],
    ] as const)
      expect(nearAxis([0, 0], ray(deg)), `${deg}°`).toBe(axis);
    expect(nearAxis([3, 4], [3, 4])).toBeNull();
  });

  it('moves the end onto the axis through the start', () => {
    expect(onAxis([1, 2], [10, 2.5], 'horizontal')).toEqual([10, 2]);
    expect(onAxis([1, 2], [1.3, -8], 'vertical')).toEqual([1, -8]);
  });
});

describe('Shift: 15° steps', () => {
  it('projects the cursor on the nearest 15° ray', () => {
    const p = roundDirection([1, 1], [1 + 10 * Math.cos(22 * RAD), 1 + 10 * Math.sin(22 * RAD)]);
    const angle = Math.atan2(p[1] - 1, p[0] - 1) / RAD;
    expect(angle).toBeCloseTo(15, 10);
    // The foot of the cursor on the ray: its distance along it is |cursor| cos(7°).
    expect(Math.hypot(p[0] - 1, p[1] - 1)).toBeCloseTo(10 * Math.cos(7 * RAD), 10);
    expect(roundDirection([0, 0], ray(23))).not.toEqual(roundDirection([0, 0], ray(22)));
  });

  it('is exact on the axes, and leaves a zero-length direction at its start', () => {
    expect(roundDirection([2, 3], [2.4, 13])).toEqual([2, 13]);
    expect(roundDirection([2, 3], [-8, 3.5])).toEqual([-8, 3]);
    expect(roundDirection([2, 3], [2, 3])).toEqual([2, 3]);
  });
});

describe('grid', () => {
  it('rounds to the nearest crossing', () => {
    expect(nearestGridPoint([7.4, -2.6], 5)).toEqual([5, -5]);
    expect(nearestGridPoint([0.24, 0.26], 0.5)).toEqual([0, 0.5]);
    expect(Object.is(nearestGridPoint([-0.1, 0], 1)[0], 0)).toBe(true);
  });
});

describe('an arc tangent to a line at its end', () => {
  it('moves the centre onto the normal at the end, within the tolerance', () => {
    // The line runs along +x and ends at (10, 0); the normal there is vertical.
    const centre = tangentArcCentre([12, 8], [10, 0], [1, 0]);
    expect(centre).toEqual([10, 8]);
    const below = tangentArcCentre([9, -5], [10, 0], [3, 0]);
    expect(below).toEqual([10, -5]);
    const tilt = (TANGENT_TOLERANCE_DEG + 1) * RAD;
    expect(tangentArcCentre([10 + 5 * Math.sin(tilt), 5 * Math.cos(tilt)], [10, 0], [1, 0])).toBeNull();
    const within = (TANGENT_TOLERANCE_DEG - 1) * RAD;
    expect(
      tangentArcCentre([10 + 5 * Math.sin(within), 5 * Math.cos(within)], [10, 0], [1, 0]),
    ).not.toBeNull();
    expect(tangentArcCentre([10, 0], [10, 0], [1, 0])).toBeNull();
  });
});
