// The far-start sweep's sketches (far-sketches.ts) are what they claim: each one, settled from where it is written,
// meets every constraint and is fully constrained with no redundant or conflicting constraint, so every far start
// of it has the solution it was measured from (and the sweep compares solvers on a problem with one).
import { describe, expect, it } from 'vitest';
import { testClock } from '../../shared/test-support/clock';
import { Engine } from '../engine';
import { FAR_SKETCHES } from './far-sketches';
import { solvedSketch } from './far-start';

describe('far-start sketches', () => {
  it.each(FAR_SKETCHES.map((s) => [s.name, s] as const))(
    '%s: solved, DOF 0, nothing redundant',
    (_, sketch) => {
      const engine = Engine.build(solvedSketch(sketch), { clock: testClock() });
      const g = engine.diagnostics();
      expect(g.maxResidual).toBeLessThan(1e-9);
      expect(g.dof).toBe(0);
      expect(g.redundant).toEqual([]);
      expect(g.conflicting).toEqual([]);
    },
  );
});
