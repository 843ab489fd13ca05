// Motors advanced in large strides (a 60° turn per call: the engine's largest substeps, ~31.5°) land every example
// on the same assembly branch, in the same pose, as fine 7.5° frames do: larger substeps cost fewer solves, never a
// branch flip.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import type { Drawing } from '../../../src/shared/drawing';
import { testClock } from '../../../src/shared/test-support/clock';

/** Seconds for 60° of the drawing's fastest motor. */
function sixtyDegrees(drawing: Drawing): number {
  const rpm = Math.max(...drawing.constraints.flatMap((k) => (k.kind === 'motor' ? [Math.abs(k.rpm)] : [])));
  return 60 / rpm / 6;
}

/** The pose (every curve's state, end to end) after each of `calls` equal motor advances over `seconds`. */
function posesAlong(drawing: Drawing, seconds: number, calls: number): number[][] {
  const engine = Engine.build(drawing, { clock: testClock() });
  const poses: number[][] = [];
  for (let i = 0; i < calls; i++) {
    const report = engine.advanceMotors(seconds / calls, 60_000);
    expect(report.caughtUp).toBe(true);
    expect(report.maxResidual).toBeLessThan(1e-9);
    poses.push(drawing.curves.flatMap((c) => engine.curveState(c.id)));
  }
  return poses;
}

describe('large motor strides', () => {
  for (const example of EXAMPLES) {
    it(`${example.name}: every 60° stride of a turn lands where the 7.5° frames are at that angle`, () => {
      const drawing = example.build();
      const turn = 6 * sixtyDegrees(drawing);
      const coarse = posesAlong(drawing, turn, 6);
      const fine = posesAlong(drawing, turn, 48);
      // Compared after every stride, not only at the end of the turn (where a flip and a flip back would pass).
      let worst = 0;
      coarse.forEach((pose, k) =>
        pose.forEach((v, j) => (worst = Math.max(worst, Math.abs(v - fine[8 * k + 7][j])))),
      );
      expect(worst).toBeLessThan(1e-6);
    });
  }
});
