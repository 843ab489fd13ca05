import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../../shared/drawing';
import { buildModel, type EngineModel } from '../build';
import { expectJacobianMatchesFiniteDifferences } from '../test-support/finite-differences';
import { bandIndex } from './band';
import type { ConstraintSystem } from './system';

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
    // A short spline keeps the dense W it always had (its numbers unchanged): only long ones are banded.
    expect(sys.banded[0]).toBe(0);
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

/**
 * Expects the solver's assembled J W Jᵀ (lower triangle) to equal the product of the dense J and W to 1e-12
 * relative; returns the non-zeros seen.
 */
/** Marks these blocks forced, as a force acting on them would (ConstraintSystem.markForced). */
function markForced(sys: ConstraintSystem, ...blocks: number[]): void {
  sys.markForced([
    {
      markBlocks: (mask) => {
        for (const b of blocks) mask[b] = 1;
      },
    },
  ]);
}

function expectAssembledEqualsDense(sys: ConstraintSystem, J: Float64Array[], W: Float64Array[]): number {
  const solver = sys.solver!;
  const n = sys.n;
  let nonZero = 0;
  for (let i = 0; i < sys.rows; i++) {
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
    // The spline (block 0) stiffened on one point's x: still no x–y coupling, so inverted as two halves.
    markForced(sys, dot, bar, 0);
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
    const expectAssembled = (): number => expectAssembledEqualsDense(sys, J, W);
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

/** A wavy spline of `count` points from (x0, y0). */
function longSpline(id: string, count: number, closed: boolean, x0: number, y0: number): Curve {
  const points: Vec2[] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    points.push(
      closed
        ? [x0 + 10 * Math.cos(a) + 0.3 * Math.sin(5 * a), y0 + 10 * Math.sin(a)]
        : [x0 + i, y0 + 2 * Math.sin(0.7 * i)],
    );
  }
  return { id, kind: 'spline', points, closed };
}

/** An open and a closed spline long enough to be kept banded, tied by every kind of row a spline block meets. */
function bandedDrawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    longSpline('open', 40, false, 0, 0),
    longSpline('ring', 36, true, 20, 30),
    { id: 'dot', kind: 'point', at: [3, 1] },
    { id: 'bead', kind: 'point', at: [30, 30] },
  );
  d.constraints.push(
    { id: 'pin', kind: 'pin', point: { curve: 'open', anchor: 'start' }, at: [0, 0] },
    { id: 'inner', kind: 'attach', a: { curve: 'open', u: 0.3 }, b: { curve: 'dot', anchor: 'start' } },
    { id: 'ends', kind: 'attach', a: { curve: 'open', anchor: 'end' }, b: { curve: 'ring', u: 0.9 } },
    // Two windows of the same spline in one row, one of them across the closed spline's wrap.
    { id: 'span', kind: 'distance', a: { curve: 'ring', u: 0.99 }, b: { curve: 'ring', u: 0.5 }, length: 20 },
    { id: 'on', kind: 'on-curve', point: { curve: 'bead', anchor: 'start' }, curve: 'ring', s: 0.01 },
  );
  return d;
}

const RING = 1;

/** The closed spline's block of M as a dense k × k matrix, from its band (in the model's band order). */
function denseFromBand(model: EngineModel, band: Float64Array): Float64Array {
  const sys = model.system;
  const k = sys.blockSize[RING];
  const { order, bandwidth: p } = model.curves[RING].dragBand!;
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = Math.max(0, i - p); j <= i; j++) {
      const v = band[bandIndex(sys.mOff[RING], p, i, j)];
      out[order[i] * k + order[j]] = out[order[j] * k + order[i]] = v;
    }
  return out;
}

describe('banded drag blocks', () => {
  it('keep long splines banded, and J W Jᵀ and W·v equal the dense products, open and closed', () => {
    const model = buildModel(bandedDrawing());
    const { system: sys, q, terms } = model;
    expect(Array.from(sys.banded.subarray(0, 4))).toEqual([1, 1, 0, 0]);
    const n = sys.n;
    const R = sys.rows;
    for (let i = 0; i < n; i++) q[i] += 0.05 * Math.sin(3 * i + 1);
    sys.refreshDrag(q);
    // The closed spline stiffened by a spring coupling x and y at one knot: its band is then not split.
    markForced(sys, RING);
    sys.computeDrag();
    const k = sys.blockSize[RING];
    const spring = new Float64Array(2 * k);
    spring[6] = spring[7] = spring[k + 7] = 1;
    sys.addGram(RING, spring, 0, 2, 3);
    // The dense drag matrix the model computes, plus the spring's 3·SᵀS, equals the band.
    const M = new Float64Array(k * k);
    model.curves[RING].dragMatrix(M, q, sys.blockOff[RING]);
    M[6 * k + 6] += 3;
    M[7 * k + 7] += 6;
    M[6 * k + 7] += 3;
    M[7 * k + 6] += 3;
    const fromBand = denseFromBand(model, sys.M);
    for (let i = 0; i < k * k; i++) expect(Math.abs(fromBand[i] - M[i])).toBeLessThanOrEqual(1e-12);
    expect(sys.invertDrag()).toBe(true);
    sys.jacobian(q);
    sys.factor();

    // Dense W, column by column through multiplyW (a banded block's only access to it).
    const W = Array.from({ length: n }, () => new Float64Array(n));
    const unit = new Float64Array(n);
    const column = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      unit.fill(0);
      unit[j] = 1;
      sys.multiplyW(column, unit);
      for (let i = 0; i < n; i++) W[i][j] = column[i];
    }
    // It is M⁻¹.
    const o = sys.blockOff[RING];
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++) {
        let mw = 0;
        for (let m = 0; m < k; m++) mw += M[i * k + m] * W[o + m][o + j];
        expect(Math.abs(mw - (i === j ? 1 : 0))).toBeLessThan(1e-9);
      }

    // Dense J from each constraint on its own (each into a fresh array: the rows on banded blocks share a scratch),
    // and the system's J, sparse on those blocks, read back by rows: the same.
    const J = Array.from({ length: R }, () => new Float64Array(n));
    terms.forEach((t, i) => {
      const own = new Float64Array(sys.J.length);
      t.jacobian(own, sys.jOff, sys.jBase[i], q);
      t.blocks.forEach((b, j) => {
        const kb = sys.blockSize[b];
        for (let r = 0; r < t.rows; r++)
          for (let m = 0; m < kb; m++)
            J[sys.rowStart[i] + r][sys.blockOff[b] + m] = own[sys.jOff[sys.jBase[i] + j] + r * kb + m];
      });
    });
    const cols = new Int32Array(n);
    const vals = new Float64Array(n);
    for (let r = 0; r < R; r++) {
      const row = new Float64Array(n);
      const count = sys.rowEntries(r, cols, vals);
      for (let x = 0; x < count; x++) row[cols[x]] = vals[x];
      expect(Array.from(row)).toEqual(Array.from(J[r]));
    }
    // Jᵀ y and J v from the sparse rows, against the dense J.
    const y = Float64Array.from({ length: R }, (_, r) => Math.sin(5 * r + 1));
    const Jty = new Float64Array(n);
    sys.multiplyJt(Jty, y, false);
    const v = Float64Array.from({ length: n }, (_, i) => Math.cos(3 * i));
    const Jv = new Float64Array(R);
    sys.multiplyJ(Jv, v);
    for (let i = 0; i < n; i++) {
      let expected = 0;
      for (let r = 0; r < R; r++) expected += J[r][i] * y[r];
      expect(Math.abs(Jty[i] - expected)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(expected)));
    }
    for (let r = 0; r < R; r++) {
      let expected = 0;
      for (let i = 0; i < n; i++) expected += J[r][i] * v[i];
      expect(Math.abs(Jv[r] - expected)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(expected)));
    }
    // Sparse: no more than a few points' worth of each spline row is stored (8 columns a point on a spline).
    expect(sys.J.length).toBeLessThan(2 * 2 * k + 64);
    expect(expectAssembledEqualsDense(sys, J, W)).toBeGreaterThan(2 * R);

    // Diagnostics clear a constraint's rows, the integrator zeroes released ones: sparse rows too, until the next J.
    const span = sys.rowStart[terms.findIndex((t) => t.id === 'span')];
    const on = sys.rowStart[terms.findIndex((t) => t.id === 'on')];
    sys.clearTermRows(sys.rowTerm[span]);
    const released = new Uint8Array(R);
    released[on + 1] = 1;
    sys.zeroRows(released);
    expect(sys.rowEntries(span, cols, vals)).toBe(0);
    expect(sys.rowEntries(on + 1, cols, vals)).toBe(0);
    expect(sys.rowEntries(on, cols, vals)).toBeGreaterThan(0);
    sys.factor();
    expect(sys.solver!.values[sys.solver!.slot(span, span)]).toBe(0);
    sys.jacobian(q);
    expect(sys.rowEntries(span, cols, vals)).toBeGreaterThan(0);
    expect(sys.rowEntries(on + 1, cols, vals)).toBeGreaterThan(0);
  });

  it('gives rows on banded blocks (sparse) that match finite differences', () => {
    const model = buildModel(bandedDrawing());
    expectJacobianMatchesFiniteDifferences(model, 5);
  });

  it('adds a stiffness that falls outside the band as a majorant of it', () => {
    const model = buildModel(bandedDrawing());
    const { system: sys, q } = model;
    sys.refreshDrag(q);
    markForced(sys, RING);
    sys.computeDrag();
    const k = sys.blockSize[RING];
    const before = denseFromBand(model, sys.M);
    // A row touching knots 0 and 18 of 36: far apart in any order.
    const row = new Float64Array(k);
    row[0] = 0.7;
    row[1] = -0.4;
    row[36] = 0.5;
    row[37] = 0.2;
    sys.addGram(RING, row, 0, 1, 2);
    const after = denseFromBand(model, sys.M);
    // xᵀ ΔM x ≥ 2 (row · x)² for every x, and more than it for some (the band cannot hold the row's Gram).
    let strict = 0;
    for (let trial = 0; trial < 20; trial++) {
      const x = Float64Array.from({ length: k }, (_, i) => Math.sin(trial * 13 + 7 * i));
      let quad = 0;
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) quad += x[i] * (after[i * k + j] - before[i * k + j]) * x[j];
      let dot = 0;
      for (let i = 0; i < k; i++) dot += row[i] * x[i];
      expect(quad).toBeGreaterThanOrEqual(2 * dot * dot - 1e-12);
      if (quad > 2 * dot * dot + 1e-9) strict++;
    }
    expect(strict).toBeGreaterThan(0);
  });
});
