// The constraint residual C(q) at the present state, kept with the state: the projection's last evaluation is
// what the next step, the rest test and the frame's report read, instead of evaluating every constraint again
// (a motor step evaluates the constraints 3 times instead of 6, a drag step 4 instead of 7).
import type { ConstraintSystem } from '../system/system';

export class Residual {
  /** C, per row. */
  readonly c: Float64Array;
  /** max |C| of `c` while it holds C at the present q and motor angles, NaN once stale (q or an angle moved). */
  max = NaN;
  /** Counts the evaluations: a measure of the same state (stacked-rows.ts) is taken once per version. */
  version = 0;
  /**
   * While assembling by continuation (far-assembly.ts): what C is measured against, C(q) − offset; null otherwise.
   * The steps then meet C = offset, a point on the path from the start (offset = C there) to the constraints (0).
   */
  offset: Float64Array | null = null;

  constructor(
    private readonly sys: ConstraintSystem,
    private readonly q: Float64Array,
  ) {
    this.c = new Float64Array(sys.rows);
  }

  /** max |C| at the present state, evaluating the constraints only if `c` is stale. */
  now(): number {
    if (this.max !== this.max) this.evaluate();
    return this.max;
  }

  /** Evaluates C at the present state: max |C| over every row (Infinity if any row is not finite). */
  evaluate(): number {
    this.version++;
    this.max = this.sys.residual(this.c, this.q);
    const { offset, c } = this;
    if (offset !== null) {
      let max = 0;
      for (let r = 0; r < c.length; r++) {
        c[r] -= offset[r];
        const a = Math.abs(c[r]);
        if (a > max || a !== a) max = a !== a ? Infinity : a;
      }
      this.max = max;
    }
    return this.max;
  }

  /** The state is about to move: `c` no longer holds C there. */
  stale(): void {
    this.max = NaN;
  }
}
