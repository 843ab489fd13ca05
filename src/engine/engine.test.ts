import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENTRED_KINDS, LINE_KINDS, ROUND_KINDS } from '../shared/constraint-targets';
import { emptyDrawing, type CurveKind, type Drawing, type Vec2 } from '../shared/drawing';
import { Engine } from './engine';
import { bar, chain, fourBar } from './test-support/drawings';
import { testClock } from '../shared/test-support/clock';

function allFinite(engine: Engine, drawing: Drawing): boolean {
  return drawing.curves.every((c) => engine.curveState(c.id).every(Number.isFinite));
}

describe('bead on a circle pulled by a spring', () => {
  it('settles at the point of the circle nearest the pull', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'wire', kind: 'circle', center: [0, 0], radius: 2 },
      { id: 'bead', kind: 'point', at: [2, 0] },
      { id: 'anchor', kind: 'point', at: [5, 3] },
    );
    d.constraints.push(
      { id: 'centre', kind: 'pin', point: { curve: 'wire', anchor: 'center' }, at: [0, 0] },
      {
        id: 'radius',
        kind: 'distance',
        a: { curve: 'wire', anchor: 'center' },
        b: { curve: 'wire', u: 0 },
        length: 2,
      },
      { id: 'slide', kind: 'on-curve', point: { curve: 'bead', anchor: 'start' }, curve: 'wire', s: 0 },
      { id: 'hold', kind: 'pin', point: { curve: 'anchor', anchor: 'start' }, at: [5, 3] },
    );
    d.springs.push({
      id: 'pull',
      a: { curve: 'bead', anchor: 'start' },
      b: { curve: 'anchor', anchor: 'start' },
      stiffness: 1,
      rest: 0,
    });
    const engine = Engine.build(d, { clock: testClock() });
    const report = engine.settle(5000);
    expect(report.converged).toBe(true);
    const [x, y] = engine.pointAt('bead', 0);
    const r = Math.hypot(5, 3);
    expect(x).toBeCloseTo((2 * 5) / r, 6);
    expect(y).toBeCloseTo((2 * 3) / r, 6);
    engine.writeBack(d);
    const slide = d.constraints[2];
    expect(slide.kind === 'on-curve' && slide.s).toBeCloseTo(Math.atan2(3, 5) / (2 * Math.PI), 6);
    expect(report.maxResidual).toBeLessThan(1e-9);
  });

  it('wraps around a closed wire: s stays in [0, 1) while the bead goes round more than once', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'wire', kind: 'circle', center: [0, 0], radius: 5 },
      { id: 'bead', kind: 'point', at: [5, 0] },
    );
    d.constraints.push(
      { id: 'centre', kind: 'pin', point: { curve: 'wire', anchor: 'center' }, at: [0, 0] },
      {
        id: 'size',
        kind: 'distance',
        a: { curve: 'wire', anchor: 'center' },
        b: { curve: 'wire', u: 0 },
        length: 5,
      },
      { id: 'slide', kind: 'on-curve', point: { curve: 'bead', anchor: 'start' }, curve: 'wire', s: 0 },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('bead', 0);
    for (let f = 1; f <= 60; f++) {
      const a = (f / 40) * 2 * Math.PI; // 1.5 turns
      engine.dragFrame([8 * Math.cos(a), 8 * Math.sin(a)], 200);
      const p = engine.pointAt('bead', 0);
      expect(p[0]).toBeCloseTo(5 * Math.cos(a), 6);
      expect(p[1]).toBeCloseTo(5 * Math.sin(a), 6);
      engine.writeBack(d);
      const slide = d.constraints[2];
      if (slide.kind !== 'on-curve') throw new Error('on-curve');
      expect(slide.s).toBeGreaterThanOrEqual(0);
      expect(slide.s).toBeLessThan(1);
      const expected = a / (2 * Math.PI) - Math.floor(a / (2 * Math.PI));
      expect(Math.min(Math.abs(slide.s - expected), 1 - Math.abs(slide.s - expected))).toBeLessThan(1e-6);
    }
  });

  it('stops at the end of an open wire, the constraint still exact', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'rail', kind: 'segment', a: [0, 0], b: [4, 0] },
      { id: 'bead', kind: 'point', at: [2, 0] },
    );
    d.constraints.push(
      { id: 'a', kind: 'pin', point: { curve: 'rail', anchor: 'start' }, at: [0, 0] },
      { id: 'b', kind: 'pin', point: { curve: 'rail', anchor: 'end' }, at: [4, 0] },
      { id: 'slide', kind: 'on-curve', point: { curve: 'bead', anchor: 'start' }, curve: 'rail', s: 0.5 },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('bead', 0);
    for (let f = 0; f < 20; f++) engine.dragFrame([9, 1], 200);
    const [x, y] = engine.pointAt('bead', 0);
    expect(x).toBeCloseTo(4, 9);
    expect(y).toBeCloseTo(0, 9);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    engine.writeBack(d);
    expect(d.constraints[2].kind === 'on-curve' && d.constraints[2].s).toBe(1);
    // and it comes back when pulled the other way
    for (let f = 0; f < 20; f++) engine.dragFrame([1, 1], 200);
    expect(engine.pointAt('bead', 0)[0]).toBeCloseTo(1, 6);
  });
});

describe('chain of bars', () => {
  it('pinned at one end, free end dragged 1 unit: every joint exact (< 1e-9), the end on the cursor', () => {
    const n = 20;
    const d = chain(n);
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab(`b${n - 1}`, 1);
    const cursor: Vec2 = [n - 0.5, Math.sqrt(3) / 2]; // 1 unit from the free end, within reach
    let caughtUp = false;
    for (let f = 0; f < 50 && !caughtUp; f++) caughtUp = engine.dragFrame(cursor, 200).caughtUp;
    expect(caughtUp).toBe(true);
    const end = engine.pointAt(`b${n - 1}`, 1);
    expect(Math.hypot(end[0] - cursor[0], end[1] - cursor[1])).toBeLessThan(1e-6);
    const start = engine.pointAt('b0', 0);
    expect(Math.hypot(start[0], start[1])).toBeLessThan(1e-9);
    for (let i = 1; i < n; i++) {
      const a = engine.pointAt(`b${i - 1}`, 1);
      const b = engine.pointAt(`b${i}`, 0);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(1e-9);
    }
    engine.release();
    const settled = engine.settle(1000);
    expect(settled.converged).toBe(true);
    expect(settled.maxResidual).toBeLessThan(1e-9);
    // the end stays where it was left: no mouse, no motion
    const after = engine.pointAt(`b${n - 1}`, 1);
    expect(after[0]).toBeCloseTo(end[0], 9);
    expect(after[1]).toBeCloseTo(end[1], 9);
  });

  it('pulled beyond its reach it straightens toward the cursor without NaN', () => {
    const engine = Engine.build(chain(5), { clock: testClock() });
    engine.grab('b4', 1);
    for (let f = 0; f < 40; f++) engine.dragFrame([0, 10], 30);
    const end = engine.pointAt('b4', 1);
    expect(Math.hypot(end[0], end[1])).toBeGreaterThan(4.99);
    expect(end[0]).toBeCloseTo(0, 2);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
  });
});

/** Rocker angle (of the bar from B to D) in (−π, π]. */
function wrap(a: number): number {
  return a - 2 * Math.PI * Math.round(a / (2 * Math.PI));
}

describe('crank-rocker four-bar driven by a motor', () => {
  it('runs 10 full turns: residual < 1e-9 throughout, no branch flip, rocker angle periodic in crank angle', () => {
    const d = fourBar(0, 60); // one turn per second
    const engine = Engine.build(d, { clock: testClock() });
    const framesPerTurn = 24;
    const rocker: number[] = [];
    for (let f = 0; f < 10 * framesPerTurn; f++) {
      const r = engine.advanceMotors(1 / framesPerTurn, 1000);
      expect(r.caughtUp).toBe(true);
      expect(r.maxResidual).toBeLessThan(1e-9);
      const crank = engine.curveState('crank')[2];
      const rockerAngle = engine.curveState('rocker')[2];
      // The closed-form pose on the branch it was assembled on, at this crank angle.
      const expected = fourBar(crank).curves[2];
      if (expected.kind !== 'bar') throw new Error('bar');
      expect(Math.abs(wrap(rockerAngle - expected.angle))).toBeLessThan(1e-6);
      rocker.push(rockerAngle);
    }
    expect(engine.time).toBeCloseTo(10, 9);
    // crank angle advanced by 10 turns, unwrapped
    expect(engine.curveState('crank')[2]).toBeCloseTo(2 * Math.PI * 10, 6);
    for (let f = 0; f < framesPerTurn; f++)
      for (let turn = 1; turn < 10; turn++)
        expect(Math.abs(wrap(rocker[f + turn * framesPerTurn] - rocker[f]))).toBeLessThan(1e-6);
    engine.writeBack(d);
    const motor = d.constraints.find((k) => k.kind === 'motor');
    expect(motor?.kind === 'motor' && motor.angle).toBeCloseTo(2 * Math.PI * 10, 6);
  });

  it('dragged by the coupler through the crank’s turn in small frames, stays on its branch', () => {
    const d = fourBar(0);
    d.constraints = d.constraints.filter((k) => k.kind !== 'motor'); // free crank: 1 DOF
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.diagnostics().dof).toBe(1);
    engine.grab('crank', 1);
    for (let f = 1; f <= 72; f++) {
      const a = (f / 72) * 2 * Math.PI;
      engine.dragFrame([Math.cos(a), Math.sin(a)], 200);
      const crank = engine.curveState('crank')[2];
      const expected = fourBar(crank).curves[2];
      if (expected.kind !== 'bar') throw new Error('bar');
      expect(Math.abs(wrap(engine.curveState('rocker')[2] - expected.angle))).toBeLessThan(1e-6);
      expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    }
  });
});

describe('slider-crank', () => {
  it('turned by its crank in small frames, the slider never jumps to the other side', () => {
    const d = emptyDrawing();
    d.curves.push(bar('crank', [0, 0], [1, 0]), bar('rod', [1, 0], [4, 0]), {
      id: 'rail',
      kind: 'segment',
      a: [-10, 0],
      b: [10, 0],
    });
    d.constraints.push(
      { id: 'pivot', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0, 0] },
      { id: 'railA', kind: 'pin', point: { curve: 'rail', anchor: 'start' }, at: [-10, 0] },
      { id: 'railB', kind: 'pin', point: { curve: 'rail', anchor: 'end' }, at: [10, 0] },
      {
        id: 'pin',
        kind: 'attach',
        a: { curve: 'crank', anchor: 'end' },
        b: { curve: 'rod', anchor: 'start' },
      },
      { id: 'slider', kind: 'on-curve', point: { curve: 'rod', anchor: 'end' }, curve: 'rail', s: 0.7 },
      { id: 'motor', kind: 'motor', bar: 'crank', rpm: 60, angle: 0, running: true },
    );
    const engine = Engine.build(d, { clock: testClock() });
    for (let f = 0; f < 96; f++) {
      engine.advanceMotors(1 / 48, 1000);
      const t = engine.curveState('crank')[2];
      const slider = engine.pointAt('rod', 1);
      const expectedX = Math.cos(t) + Math.sqrt(9 - Math.sin(t) ** 2);
      expect(slider[0]).toBeCloseTo(expectedX, 8);
      expect(slider[1]).toBeCloseTo(0, 9);
    }
  });
});

describe('assembly', () => {
  it('a drawing built with its joints far apart assembles in settle (residual < 1e-9), moving in limited steps', () => {
    const d = emptyDrawing();
    d.curves.push(bar('a', [0, 0], [10, 0]), bar('b', [40, 30], [50, 30]), {
      id: 'c',
      kind: 'circle',
      center: [-30, 5],
      radius: 4,
    });
    d.constraints.push(
      { id: 'pin', kind: 'pin', point: { curve: 'a', anchor: 'start' }, at: [0, 0] },
      { id: 'j', kind: 'attach', a: { curve: 'a', anchor: 'end' }, b: { curve: 'b', anchor: 'start' } },
      { id: 'on', kind: 'on-curve', point: { curve: 'c', anchor: 'center' }, curve: 'b', s: 0.5 },
    );
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.diagnostics().maxResidual).toBeGreaterThan(40);
    const report = engine.settle(5000);
    expect(report.converged).toBe(true);
    expect(report.steps).toBeGreaterThan(3); // 50 mm cannot be closed in one limited step
    const a = engine.pointAt('a', 1);
    const b = engine.pointAt('b', 0);
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(1e-9);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
  });
});

describe('redundant, conflicting and degenerate drawings', () => {
  it('a point pinned twice at the same place: redundant, named, least-squares solve, no NaN', () => {
    const d = emptyDrawing();
    d.curves.push(bar('b', [0, 0], [2, 0]));
    d.constraints.push(
      { id: 'p1', kind: 'pin', point: { curve: 'b', anchor: 'start' }, at: [0, 0] },
      { id: 'p2', kind: 'pin', point: { curve: 'b', u: 0 }, at: [0, 0] },
    );
    const engine = Engine.build(d, { clock: testClock() });
    const diag = engine.diagnostics();
    // One group: either pin can go.
    expect(diag.redundantGroups).toEqual([['p1', 'p2']]);
    expect(diag.redundant).toEqual(['p1', 'p2']);
    expect(diag.conflicting).toEqual([]);
    // The dependency is the two pins against each other: both bind.
    expect(diag.binding).toEqual(['p1', 'p2']);
    expect(diag.dof).toBe(1);
    engine.grab('b', 1);
    for (let f = 0; f < 5; f++) engine.dragFrame([0, 5], 100);
    const end = engine.pointAt('b', 1);
    expect(end[0]).toBeCloseTo(0, 6);
    expect(end[1]).toBeCloseTo(2, 6);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
  });

  it('a closed loop of attachments that over-constrains: redundant rows, still exact', () => {
    // Three points joined pairwise by segments, plus the loop closed twice (the third attach repeats the first).
    const d = emptyDrawing();
    d.curves.push(
      { id: 's1', kind: 'segment', a: [0, 0], b: [2, 0] },
      { id: 's2', kind: 'segment', a: [2, 0], b: [1, 2] },
      { id: 's3', kind: 'segment', a: [1, 2], b: [0, 0] },
    );
    d.constraints.push(
      { id: 'j1', kind: 'attach', a: { curve: 's1', anchor: 'end' }, b: { curve: 's2', anchor: 'start' } },
      { id: 'j2', kind: 'attach', a: { curve: 's2', anchor: 'end' }, b: { curve: 's3', anchor: 'start' } },
      { id: 'j3', kind: 'attach', a: { curve: 's3', anchor: 'end' }, b: { curve: 's1', anchor: 'start' } },
      { id: 'j1again', kind: 'attach', a: { curve: 's2', anchor: 'start' }, b: { curve: 's1', u: 1 } },
    );
    const engine = Engine.build(d, { clock: testClock() });
    const diag = engine.diagnostics();
    expect(diag.redundantGroups).toEqual([['j1', 'j1again']]);
    expect(diag.dof).toBe(12 - 6);
    // j1 and its repeat carry the self-stress; the rest of the loop does not.
    expect(diag.binding).toEqual(['j1', 'j1again']);
    engine.grab('s1', 0.5);
    for (let f = 0; f < 5; f++) engine.dragFrame([1, -1], 100);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    expect(engine.pointAt('s1', 0.5)[1]).toBeCloseTo(-1, 6);
  });

  it('a point pinned at two places: conflicting, named with its residual, the rest still moves', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'p', kind: 'point', at: [0, 0] }, bar('free', [5, 5], [7, 5]));
    d.constraints.push(
      { id: 'here', kind: 'pin', point: { curve: 'p', anchor: 'start' }, at: [0, 0] },
      { id: 'there', kind: 'pin', point: { curve: 'p', anchor: 'start' }, at: [1, 0] },
      {
        id: 'tie',
        kind: 'distance',
        a: { curve: 'p', anchor: 'start' },
        b: { curve: 'free', anchor: 'start' },
        length: 7,
      },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(500);
    const diag = engine.diagnostics();
    // The pin declared first holds; the two conflict, the later one (what the user just added or edited) last in
    // the group, whatever the solver's elimination order. The tie to the free bar is no part of it.
    expect(diag.conflictingGroups).toEqual([['here', 'there']]);
    expect(diag.conflicting).toEqual(['here', 'there']);
    expect(Math.hypot(...engine.pointAt('p', 0))).toBeLessThan(1e-12);
    const bad = diag.constraints.find((c) => c.id === 'there')!;
    expect(bad.residual).toBeCloseTo(1, 9);
    const good = diag.constraints.find((c) => c.id === 'tie')!;
    expect(good.residual).toBeLessThan(1e-9);
    engine.grab('free', 1);
    const before = engine.pointAt('free', 1);
    for (let f = 0; f < 5; f++) engine.dragFrame([9, 9], 100);
    const after = engine.pointAt('free', 1);
    expect(Math.hypot(after[0] - before[0], after[1] - before[1])).toBeGreaterThan(1);
    expect(allFinite(engine, d)).toBe(true);
  });

  it('degenerate curves (zero length, zero radius, coincident points) move without NaN', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'dot', kind: 'bar', center: [0, 0], angle: 0, length: 0 },
      { id: 'tiny', kind: 'circle', center: [1, 1], radius: 0 },
      { id: 'flat', kind: 'segment', a: [2, 2], b: [2, 2] },
      {
        id: 'knot',
        kind: 'spline',
        points: [
          [3, 3],
          [3, 3],
          [3, 3],
        ],
        closed: false,
      },
      { id: 'zarc', kind: 'arc', center: [4, 0], radius: 0, start: 0, sweep: 0 },
      { id: 'flatEllipse', kind: 'ellipse', center: [5, 0], rx: 0, ry: 0, rotation: 0 },
    );
    d.constraints.push(
      { id: 'a', kind: 'attach', a: { curve: 'dot', anchor: 'end' }, b: { curve: 'tiny', u: 0.3 } },
      {
        id: 'b',
        kind: 'distance',
        a: { curve: 'flat', anchor: 'start' },
        b: { curve: 'flat', anchor: 'end' },
        length: 0,
      },
      { id: 'c', kind: 'on-curve', point: { curve: 'knot', u: 0.5 }, curve: 'zarc', s: 0.5 },
      { id: 'd', kind: 'attach', a: { curve: 'flatEllipse', u: 0.1 }, b: { curve: 'flat', u: 0.5 } },
    );
    const engine = Engine.build(d, { clock: testClock() });
    engine.settle(200);
    for (const [curve, u] of [
      ['dot', 0.5],
      ['tiny', 0.2],
      ['knot', 0.9],
      ['flatEllipse', 0.5],
    ] as const) {
      engine.grab(curve, u);
      for (let f = 0; f < 3; f++) {
        const r = engine.dragFrame([f, 2 * f], 50);
        expect(Number.isFinite(r.maxResidual)).toBe(true);
      }
      engine.release();
    }
    expect(allFinite(engine, d)).toBe(true);
    expect(Number.isFinite(engine.diagnostics().maxResidual)).toBe(true);
  });
});

describe('fuzz: random drawings and drags', () => {
  const curveKinds = ['point', 'segment', 'bar', 'circle', 'arc', 'ellipse', 'bezier', 'spline'] as const;
  const coord = fc.double({ min: -20, max: 20, noNaN: true });
  const curveArb = fc.record({
    kind: fc.constantFrom(...curveKinds),
    x: coord,
    y: coord,
    // Zero often: degenerate curves (a zero-length line, a zero radius) are where NaN would come from.
    size: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true })),
    angle: fc.double({ min: -7, max: 7, noNaN: true }),
  });
  const constraintArb = fc.record({
    kind: fc.constantFrom(
      'attach',
      'on-curve',
      'pin',
      'distance',
      'motor',
      'horizontal',
      'vertical',
      'parallel',
      'perpendicular',
      'angle',
      'equal',
      'symmetric',
      'midpoint',
      'concentric',
      'point-line-distance',
      'radius',
      'length',
    ),
    a: fc.nat(),
    b: fc.nat(),
    ua: fc.double({ min: 0, max: 1, noNaN: true }),
    ub: fc.double({ min: 0, max: 1, noNaN: true }),
    at: fc.tuple(coord, coord),
  });

  function makeDrawing(
    curves: { kind: (typeof curveKinds)[number]; x: number; y: number; size: number; angle: number }[],
    constraints: { kind: string; a: number; b: number; ua: number; ub: number; at: [number, number] }[],
  ): Drawing {
    const d = emptyDrawing();
    curves.forEach((c, i) => {
      const id = `c${i}`;
      const { x, y, size: s, angle } = c;
      switch (c.kind) {
        case 'point':
          return d.curves.push({ id, kind: 'point', at: [x, y] });
        case 'segment':
          return d.curves.push({ id, kind: 'segment', a: [x, y], b: [x + s, y - s / 2] });
        case 'bar':
          return d.curves.push({ id, kind: 'bar', center: [x, y], angle, length: s });
        case 'circle':
          return d.curves.push({ id, kind: 'circle', center: [x, y], radius: s });
        case 'arc':
          return d.curves.push({ id, kind: 'arc', center: [x, y], radius: s, start: angle, sweep: s / 3 });
        case 'ellipse':
          return d.curves.push({ id, kind: 'ellipse', center: [x, y], rx: s, ry: s / 2, rotation: angle });
        case 'bezier':
          return d.curves.push({
            id,
            kind: 'bezier',
            points: [
              [x, y],
              [x + s, y],
              [x, y + s],
              [x + s, y + s],
            ],
          });
        case 'spline':
          return d.curves.push({
            id,
            kind: 'spline',
            points: [
              [x, y],
              [x + s, y + 1],
              [x + 2 * s, y],
            ],
            closed: s > 5,
          });
      }
    });
    const n = curves.length;
    constraints.forEach((k, i) => {
      const id = `k${i}`;
      const a = { curve: `c${k.a % n}`, u: k.ua };
      const b = { curve: `c${k.b % n}`, u: k.ub };
      // The i-th curve (wrapping) among those of the accepted kinds, or null when the drawing has none.
      const pick = (kinds: readonly CurveKind[], at: number): string | null => {
        const ids = d.curves.filter((c) => kinds.includes(c.kind)).map((c) => c.id);
        return ids.length ? ids[at % ids.length] : null;
      };
      const line = pick(LINE_KINDS, k.a);
      const line2 = pick(LINE_KINDS, k.b);
      const round = pick(ROUND_KINDS, k.a);
      const round2 = pick(ROUND_KINDS, k.b);
      const centred = pick(CENTRED_KINDS, k.a);
      const centred2 = pick(CENTRED_KINDS, k.b);
      const size = 0.5 + k.ub * 5;
      const reference = (k.a + k.b) % 3 === 0;
      switch (k.kind) {
        case 'attach':
          return d.constraints.push({ id, kind: 'attach', a, b });
        case 'pin':
          return d.constraints.push({ id, kind: 'pin', point: a, at: k.at });
        case 'distance':
          return d.constraints.push({ id, kind: 'distance', a, b, length: k.ub * 5, reference });
        case 'on-curve':
          return d.constraints.push({ id, kind: 'on-curve', point: a, curve: b.curve, s: k.ub });
        case 'motor':
          return d.constraints.push({
            id,
            kind: 'motor',
            point: a,
            pivot: b,
            rpm: 30,
            angle: k.ua * 6,
            running: true,
          });
        case 'horizontal':
        case 'vertical':
          return d.constraints.push({ id, kind: k.kind, a, b });
        case 'parallel':
        case 'perpendicular':
          if (line && line2) d.constraints.push({ id, kind: k.kind, lines: [line, line2] });
          return;
        case 'angle':
          if (line && line2)
            d.constraints.push({
              id,
              kind: 'angle',
              lines: k.ub > 0.5 ? [line, line2] : [line],
              angle: k.ua * 7 - 3.5,
              reference,
            });
          return;
        case 'equal':
          if (line && line2) d.constraints.push({ id, kind: 'equal', curves: [line, line2] });
          else if (round && round2) d.constraints.push({ id, kind: 'equal', curves: [round, round2] });
          return;
        case 'symmetric':
          if (line) d.constraints.push({ id, kind: 'symmetric', a, b, line });
          return;
        case 'midpoint':
          if (line) d.constraints.push({ id, kind: 'midpoint', point: a, line });
          return;
        case 'concentric':
          if (centred && centred2)
            d.constraints.push({ id, kind: 'concentric', curves: [centred, centred2] });
          return;
        case 'point-line-distance':
          if (line)
            d.constraints.push({
              id,
              kind: 'point-line-distance',
              point: b,
              line,
              distance: size,
              reference,
            });
          return;
        case 'radius':
          if (round) d.constraints.push({ id, kind: 'radius', curve: round, radius: size, reference });
          return;
        case 'length':
          if (line) d.constraints.push({ id, kind: 'length', curve: line, length: size, reference });
          return;
      }
    });
    return d;
  }

  it('never produces NaN or Infinity in the state, the reports or the diagnostics', () => {
    fc.assert(
      fc.property(
        fc.array(curveArb, { minLength: 1, maxLength: 6 }),
        fc.array(constraintArb, { maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), coord, coord), {
          minLength: 1,
          maxLength: 3,
        }),
        (curves, constraints, drags) => {
          const d = makeDrawing(curves, constraints);
          const engine = Engine.build(d, { clock: testClock() });
          engine.settle(20);
          for (const [ci, u, x, y] of drags) {
            engine.grab(`c${ci % curves.length}`, u);
            for (let f = 0; f < 3; f++) {
              const r = engine.dragFrame([x + f, y - f], 10);
              expect(Number.isFinite(r.maxResidual)).toBe(true);
              expect(r.grabbed!.every(Number.isFinite)).toBe(true);
            }
            engine.release();
          }
          const m = engine.advanceMotors(0.1, 10);
          expect(Number.isFinite(m.maxResidual)).toBe(true);
          expect(allFinite(engine, d)).toBe(true);
          const diag = engine.diagnostics();
          expect(
            diag.constraints.every((c) => Number.isFinite(c.residual) && Number.isFinite(c.tension)),
          ).toBe(true);
          // NaN is reported as Number.MAX_VALUE ("beyond measure"): no row of these drawings is ever that far off.
          expect(diag.maxResidual).toBeLessThan(Number.MAX_VALUE);
          engine.writeBack(d);
          expect(JSON.stringify(d)).not.toMatch(/null|NaN|Infinity/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
