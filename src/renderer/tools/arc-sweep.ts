// Which way a drawn arc goes: the way the mouse went round the centre after its start was placed. The arc tool
// adds up the angle the cursor turns through (`SweepFollower`); the end click fixes where the arc ends, and the
// turn so far fixes which of the two arcs from start to end it is — positive (clockwise on screen, y down) or
// negative. A cursor that has not turned at all draws clockwise, as before.

import { wrapAngle } from '../../shared/angles';

const TAU = 2 * Math.PI;

/**
 * The sweep from `start` to `end` (radians) that turns the way `turned` did: in (0, 2π] for a turn ≥ 0, in
 * [−2π, 0) for a negative one.
 */
export function sweepToward(start: number, end: number, turned: number): number {
  let sweep = (end - start) % TAU;
  if (turned >= 0) {
    if (sweep <= 0) sweep += TAU;
  } else if (sweep >= 0) sweep -= TAU;
  return sweep;
}

/** Adds up the angle the cursor turns through about a centre, one move at a time. */
export class SweepFollower {
  private last: number | null = null;
  /** Radians turned since `begin`; positive clockwise on screen (y down). */
  turned = 0;

  begin(angle: number): void {
    this.last = angle;
    this.turned = 0;
  }

  /** The cursor is now at `angle`: each step is taken as the shorter way round (a move never spans half a turn). */
  follow(angle: number): void {
    if (this.last === null) return this.begin(angle);
    this.turned += wrapAngle(angle - this.last);
    this.last = angle;
  }

  reset(): void {
    this.last = null;
    this.turned = 0;
  }
}
