import { describe, expect, it } from 'vitest';
import { SweepFollower, sweepToward } from './arc-sweep';

describe('an arc sweep', () => {
  it('goes from start to end the way the cursor turned', () => {
    expect(sweepToward(0, Math.PI / 2, 0.1)).toBeCloseTo(Math.PI / 2, 15);
    expect(sweepToward(0, Math.PI / 2, -0.1)).toBeCloseTo(-1.5 * Math.PI, 15);
    expect(sweepToward(1, 0.5, 1)).toBeCloseTo(2 * Math.PI - 0.5, 15);
    expect(sweepToward(1, 0.5, -1)).toBeCloseTo(-0.5, 15);
    // Not turned at all: clockwise, as the tool always drew.
    expect(sweepToward(0, -Math.PI / 2, 0)).toBeCloseTo(1.5 * Math.PI, 15);
  });

  it('adds up the turn move by move, across the ±π seam', () => {
    const f = new SweepFollower();
    f.begin(3);
    f.follow(-3); // 3 → −3 is +0.28 through π, not −6
    expect(f.turned).toBeCloseTo(2 * Math.PI - 6, 12);
    f.follow(-2.5);
    expect(f.turned).toBeCloseTo(2 * Math.PI - 5.5, 12);
    f.reset();
    expect(f.turned).toBe(0);
  });
});
