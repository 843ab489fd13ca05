// The check every evaluation kernel of the system passes (bar-points, linear-points): at random states, the
// system's residual and Jacobian are bit for bit what each constraint computes on its own.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { EngineModel } from '../build';

export function expectSameAsTerms({ terms, system }: Pick<EngineModel, 'terms' | 'system'>): void {
  const n = system.n;
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: n, maxLength: n }),
      (values) => {
        const state = Float64Array.from(values);
        const c = new Float64Array(system.rows);
        system.residual(c, state);
        const expected = new Float64Array(system.rows);
        terms.forEach((t, i) => t.residual(expected, system.rowStart[i], state));
        expect(Array.from(c)).toEqual(Array.from(expected));

        system.jacobian(state);
        const J = new Float64Array(system.J.length);
        terms.forEach((t, i) => t.jacobian(J, system.jOff, system.jBase[i], state));
        expect(Array.from(system.J)).toEqual(Array.from(J));
      },
    ),
    { numRuns: 200 },
  );
}
