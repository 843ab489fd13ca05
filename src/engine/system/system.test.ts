import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { buildModel } from '../build';

/** A spline and a circle (drag matrices that depend on the state) beside a bar (constant drag). */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    {
      id: 'spline',
      kind: 'spline',
      points: [
        [0, 0],
        [2, 1],
        [4, 0],
        [6, 2],
      ],
      closed: false,
    },
    { id: 'circle', kind: 'circle', center: [3, 5], radius: 1.5 },
    { id: 'bar', kind: 'bar', center: [8, 0], angle: 0.3, length: 2 },
  );
  return d;
}

describe('ConstraintSystem.refreshDrag', () => {
  it('recomputes the drag of every curve whose state moved, and keeps the others', () => {
    const moving = buildModel(drawing());
    const sys = moving.system;
    const q = moving.q.slice();
    sys.refreshDrag(q);
    sys.invertDrag();
    const before = sys.W.slice();
    // Stretch the spline (its arc length, so its drag, changes); the circle and the bar stay.
    const spline = sys.blockOff[0];
    q[spline + 6] += 3;
    q[spline + 7] -= 1;
    sys.refreshDrag(q);
    sys.invertDrag();
    // Which curves moved since the last refresh (the engine recomputes only their bounds): the spline alone.
    expect(Array.from(sys.moved)).toEqual([1, 0, 0]);
    sys.refreshDrag(q);
    expect(Array.from(sys.moved)).toEqual([0, 0, 0]);
    // Against a system that never saw the first state.
    const fresh = buildModel(drawing()).system;
    fresh.refreshDrag(q);
    fresh.invertDrag();
    expect(Array.from(sys.W)).toEqual(Array.from(fresh.W));
    const k = sys.blockSize[0];
    const splineW = (W: Float64Array) => Array.from(W.subarray(sys.mOff[0], sys.mOff[0] + k * k));
    expect(splineW(sys.W)).not.toEqual(splineW(before));
    const circleW = (W: Float64Array) => Array.from(W.subarray(sys.mOff[1], sys.mOff[1] + 9));
    expect(circleW(sys.W)).toEqual(circleW(before));
    // The circle's radius changes its drag too.
    q[sys.blockOff[1] + 2] = 4;
    sys.refreshDrag(q);
    sys.invertDrag();
    fresh.refreshDrag(q);
    fresh.invertDrag();
    expect(circleW(sys.W)).not.toEqual(circleW(before));
    expect(Array.from(sys.W)).toEqual(Array.from(fresh.W));
  });
});

/** Every block width the assembly handles: bar and circle (3), point (2), segment (4), spline, Bézier (8), bead (1). */
function mixed(): Drawing {
  const d = drawing();
  d.curves.push(
    { id: 'dot', kind: 'point', at: [3, 1] },
    { id: 'seg', kind: 'segment', a: [8, 3], b: [10, 4] },
    {
      id: 'bez',
      kind: 'bezier',
      points: [
        [6, 2],
        [7, 4],
        [9, 4],
        [10, 2],
      ],
    },
  );
  d.constraints.push(
    { id: 'on', kind: 'on-curve', point: { curve: 'dot', anchor: 'start' }, curve: 'circle', s: 0.1 },
    { id: 'inner', kind: 'attach', a: { curve: 'spline', u: 0.3 }, b: { curve: 'dot', anchor: 'start' } },
    {
      id: 'ends',
      kind: 'attach',
      a: { curve: 'spline', anchor: 'end' },
      b: { curve: 'bez', anchor: 'start' },
    },
    { id: 'seg-bar', kind: 'attach', a: { curve: 'seg', u: 0.7 }, b: { curve: 'bar', anchor: 'end' } },
    { id: 'seg-bez', kind: 'attach', a: { curve: 'seg', anchor: 'end' }, b: { curve: 'bez', u: 0.4 } },
    { id: 'pin', kind: 'pin', point: { curve: 'circle', anchor: 'center' }, at: [3, 5] },
  );
  return d;
}

describe('ConstraintSystem.factor', () => {
  it('assembles J W Jᵀ equal to the dense product, for every block width, dense and diagonal W', () => {
    const { system: sys, q, terms } = buildModel(mixed());
    const n = sys.n;
    const R = sys.rows;
    for (let i = 0; i < n; i++) q[i] += 0.1 * Math.sin(3 * i + 1);
    sys.refreshDrag(q);
    // The point stiffened by a spring that couples x and y (its W dense), the bar by a diagonal one.
    const dot = 3;
    const bar = 2;
    sys.forced.fill(0);
    sys.forced[dot] = 1;
    sys.forced[bar] = 1;
    // The spline stiffened on one point's x: still no x–y coupling, so inverted as two halves.
    sys.forced[0] = 1;
    sys.computeDrag();
    sys.M[sys.mOff[dot] + 1] += 0.3;
    sys.M[sys.mOff[dot] + 2] += 0.3;
    sys.M[sys.mOff[bar]] += 2;
    const ks = sys.blockSize[0];
    sys.M[sys.mOff[0] + 2 * ks + 2] += 5;
    expect(sys.invertDrag()).toBe(true);
    // W is M⁻¹ block by block: the spline's (halves) and the dot's (dense 2 × 2).
    for (const b of [0, dot]) {
      const k = sys.blockSize[b];
      const o = sys.mOff[b];
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) {
          let mw = 0;
          for (let m = 0; m < k; m++) mw += sys.M[o + i * k + m] * sys.W[o + m * k + j];
          expect(Math.abs(mw - (i === j ? 1 : 0))).toBeLessThan(1e-9);
        }
    }
    sys.jacobian(q);
    sys.factor();

    // Dense J from each constraint on its own, dense W from the blocks.
    const Jblocks = new Float64Array(sys.J.length);
    terms.forEach((t, i) => t.jacobian(Jblocks, sys.jOff, sys.jBase[i], q));
    const J = Array.from({ length: R }, () => new Float64Array(n));
    const fillDense = (blocks: Float64Array): void =>
      terms.forEach((t, i) =>
        t.blocks.forEach((b, j) => {
          const k = sys.blockSize[b];
          for (let r = 0; r < t.rows; r++)
            for (let m = 0; m < k; m++)
              J[sys.rowStart[i] + r][sys.blockOff[b] + m] = blocks[sys.jOff[sys.jBase[i] + j] + r * k + m];
        }),
      );
    fillDense(Jblocks);
    const W = Array.from({ length: n }, () => new Float64Array(n));
    for (let b = 0; b < sys.blockCount; b++) {
      const k = sys.blockSize[b];
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++)
          W[sys.blockOff[b] + i][sys.blockOff[b] + j] = sys.W[sys.mOff[b] + i * k + j];
    }
    expect(W[sys.blockOff[dot]][sys.blockOff[dot] + 1]).not.toBe(0);
    /** Compares the solver's assembled values with J W Jᵀ from the dense J and W; returns the non-zeros seen. */
    const expectAssembled = (): number => {
      const solver = sys.solver!;
      let nonZero = 0;
      for (let i = 0; i < R; i++) {
        for (let j = 0; j <= i; j++) {
          let expected = 0;
          for (let a = 0; a < n; a++) {
            if (J[i][a] === 0) continue;
            for (let b = 0; b < n; b++) expected += J[i][a] * W[a][b] * J[j][b];
          }
          const slot = solver.slot(i, j);
          const got = slot < 0 ? 0 : solver.values[slot];
          expect(Math.abs(got - expected)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(expected)));
          if (expected !== 0) nonZero++;
        }
      }
      return nonZero;
    };
    const checked = expectAssembled();

    // W·v block by block (dense, diagonal, x/y-split blocks alike) against the dense product.
    const v = Float64Array.from({ length: n }, (_, i) => Math.cos(7 * i + 2));
    const Wv = new Float64Array(n);
    sys.multiplyW(Wv, v);
    for (let i = 0; i < n; i++) {
      let expected = 0;
      for (let j = 0; j < n; j++) expected += W[i][j] * v[j];
      expect(Math.abs(Wv[i] - expected)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(expected)));
    }
    // The spline's drag acts on x and y apart (the split blocks' case): x rows have no y columns.
    const sp = sys.blockOff[0];
    expect(W[sp][sp + 1]).toBe(0);
    expect(W[sp][sp + 2]).not.toBe(0);
    expect(checked).toBeGreaterThan(2 * R);

    // Diagnostics zero a constraint's rows (here the spline-to-Bézier joint, whose rows are constants with
    // products precomputed from W): the assembly must see the zeros.
    const ends = terms.findIndex((t) => t.id === 'ends');
    sys.clearTermRows(ends);
    sys.factor();
    J[sys.rowStart[ends]].fill(0);
    J[sys.rowStart[ends] + 1].fill(0);
    expect(expectAssembled()).toBeLessThan(checked);
    // And the next Jacobian restores them.
    sys.jacobian(q);
    sys.factor();
    Jblocks.fill(0);
    terms.forEach((t, i) => t.jacobian(Jblocks, sys.jOff, sys.jBase[i], q));
    fillDense(Jblocks);
    expect(expectAssembled()).toBe(checked);
  });
});
