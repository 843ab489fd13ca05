// Motors advanced in large strides (a 60° turn per call: the engine's largest substeps, ~31.5°) land every example
// on the same assembly branch, in the same pose, as fine 7.5° frames do: larger substeps cost fewer solves, never a
// branch flip.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { EXAMPLES } from '../../../src/engine/mechanisms/examples';
import type { Drawing } from '../../../src/shared/drawing';

/** Seconds for 60° of the drawing's fastest motor. */
function sixtyDegrees(drawing: Drawing): number {
  const rpm = Math.max(...drawing.constraints.flatMap((k) => (k.kind === 'motor' ? [Math.abs(k.rpm)] : [])));
  return 60 / rpm / 6;
}

function poseAfter(drawing: Drawing, seconds: number, calls: number): Float64Array[] {
  const engine = Engine.build(drawing);
  for (let i = 0; i < calls; i++) {
    const report = engine.advanceMotors(seconds / calls, 60_000);
    expect(report.caughtUp).toBe(true);
    expect(report.maxResidual).toBeLessThan(1e-9);
  }
  return drawing.curves.map((c) => Float64Array.from(engine.curveState(c.id)));
}

describe('large motor strides', () => {
  for (const example of EXAMPLES) {
    it(`${example.name}: a turn in 60° strides ends where 7.5° frames end`, () => {
      const drawing = example.build();
      const turn = 6 * sixtyDegrees(drawing);
      const coarse = poseAfter(drawing, turn, 6);
      const fine = poseAfter(drawing, turn, 48);
      let worst = 0;
      coarse.forEach((state, i) =>
        state.forEach((v, j) => (worst = Math.max(worst, Math.abs(v - fine[i][j])))),
      );
      expect(worst).toBeLessThan(1e-6);
    });
  }
});
