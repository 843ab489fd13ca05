import { describe, expect, it } from 'vitest';
import { CURVE_KINDS, centerIsOffCurve, emptyDrawing, type Curve, type Drawing } from '../shared/drawing';
import { createCurveModel } from './curves/registry';
import { bezierDefinition } from './test-support/bezier-definition';
import {
  applyCurveState,
  connectorPoint,
  curvePath,
  curvePoint,
  curveStateOf,
  Engine,
  EngineError,
} from './index';
import { bar, chain, fourBar } from './test-support/drawings';
import { testClock } from '../shared/test-support/clock';

describe('Engine.build validation', () => {
  const cases: [string, (d: Drawing) => void, string][] = [
    [
      'unknown curve in a connector',
      (d) =>
        d.constraints.push({
          id: 'x',
          kind: 'attach',
          a: { curve: 'b0', anchor: 'end' },
          b: { curve: 'c9', u: 0 },
        }),
      'constraints[2].b.curve: unknown curve "c9"',
    ],
    [
      'motor on a non-bar',
      (d) => {
        d.curves.push({ id: 'circ', kind: 'circle', center: [0, 0], radius: 1 });
        d.constraints.push({ id: 'm', kind: 'motor', bar: 'circ', rpm: 1, angle: 0, running: true });
      },
      'constraints[2].bar: expected a bar, an ellipse or an equation curve, got the circle "circ"',
    ],
    [
      'u out of range',
      (d) => d.constraints.push({ id: 'x', kind: 'pin', point: { curve: 'b0', u: 1.5 }, at: [0, 0] }),
      'constraints[2].point.u: expected a number in [0, 1], got 1.5',
    ],
    [
      'both u and anchor',
      (d) =>
        d.constraints.push({
          id: 'x',
          kind: 'pin',
          point: { curve: 'b0', u: 0.5, anchor: 'end' },
          at: [0, 0],
        }),
      'constraints[2].point: expected exactly one of u or anchor',
    ],
    [
      'duplicate constraint id',
      (d) => d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 'b0', u: 0 }, at: [0, 0] }),
      'constraints[2].id: duplicate id "pin" (also used by constraints[0])',
    ],
    [
      'duplicate curve id',
      (d) => d.curves.push({ id: 'b1', kind: 'point', at: [0, 0] }),
      'curves[2].id: duplicate id "b1" (also used by curves[1])',
    ],
    [
      'non-finite curve parameter',
      (d) => d.curves.push({ id: 'bad', kind: 'circle', center: [0, NaN], radius: 1 }),
      'curves[2]: a parameter is not finite',
    ],
    [
      'spline with one point',
      (d) => d.curves.push({ id: 'sp', kind: 'spline', points: [[0, 0]], closed: false }),
      'curves[2]: points: a spline needs at least 2',
    ],
    [
      'negative distance',
      (d) =>
        d.constraints.push({
          id: 'x',
          kind: 'distance',
          a: { curve: 'b0', u: 0 },
          b: { curve: 'b1', u: 1 },
          length: -1,
        }),
      'constraints[2].length: expected a number in [0, 1e9], got -1',
    ],
    [
      'spring to an unknown curve',
      (d) =>
        d.springs.push({
          id: 's',
          a: { curve: 'b0', u: 0 },
          b: { curve: 'zz', u: 0 },
          stiffness: 1,
          rest: 0,
        }),
      'springs[0].b.curve: unknown curve "zz"',
    ],
    [
      'equation curve without its definition',
      (d) => d.curves.push({ id: 'eq', kind: 'equation', definition: 'nope', params: {} }),
      "curves[2]: definition: no equation definition 'nope' in the drawing",
    ],
  ];
  it.each(cases)('%s: a one-line error naming the path', (_name, edit, message) => {
    const d = chain(2);
    edit(d);
    expect(() => Engine.build(d, { clock: testClock() })).toThrow(EngineError);
    expect(() => Engine.build(d, { clock: testClock() })).toThrow(message);
  });
});

describe('engine state in and out', () => {
  it('writeBack copies curve parameters, bead s and motor angles into the drawing', () => {
    const d = fourBar(0.5, 60);
    const engine = Engine.build(d, { clock: testClock() });
    engine.advanceMotors(0.25, 1000); // a quarter turn
    engine.writeBack(d);
    const crank = d.curves[0];
    expect(crank.kind === 'bar' && crank.angle).toBeCloseTo(0.5 + Math.PI / 2, 9);
    const motor = d.constraints.find((k) => k.kind === 'motor');
    expect(motor?.kind === 'motor' && motor.angle).toBeCloseTo(0.5 + Math.PI / 2, 9);
    // A fresh engine built from the written-back drawing starts exactly where the old one stopped.
    const again = Engine.build(d, { clock: testClock() });
    expect(again.curveState('coupler')).toEqual(engine.curveState('coupler'));
    expect(again.diagnostics().maxResidual).toBeLessThan(1e-9);
  });

  it('writeMoved writes into the drawing the curves whose state changed since it was last called, and says which', () => {
    const d = chain(2);
    d.curves.push({ id: 'p', kind: 'point', at: [5, 5] });
    const engine = Engine.build(d, { clock: testClock() });
    const out = { curves: [] as number[], offsets: [0], values: [] as number[] };
    expect(engine.writeMoved(d, out)).toEqual({ curves: [], offsets: [0], values: [] }); // nothing since the build
    engine.grab('p', 0);
    engine.dragFrame([6, 5], 100);
    expect(d.curves[2]).toMatchObject({ at: [5, 5] }); // not until written back
    // The free point moves, the chain (exact, nothing pulls it) does not. The same object comes back, filled.
    expect(engine.writeMoved(d, out)).toBe(out);
    expect(out.curves).toEqual([2]);
    expect(out.offsets).toEqual([0, 2]);
    expect(out.values).toEqual(engine.curveState('p'));
    expect(out.values[0]).toBeCloseTo(6, 9);
    expect(d.curves[2]).toMatchObject({ at: engine.curveState('p') });
    expect(engine.writeMoved(d).curves).toEqual([]);
    engine.release();
    const chainBefore = structuredClone(d.curves.slice(0, 2));
    engine.grab('b1', 1);
    engine.dragFrame([1.5, 1], 100);
    // Both bars of the pinned chain turn toward the cursor; their records follow.
    const moved = engine.writeMoved(d);
    expect(moved.curves).toEqual([0, 1]);
    expect(moved.values).toEqual([...engine.curveState('b0'), ...engine.curveState('b1')]);
    expect(d.curves.slice(0, 2)).not.toEqual(chainBefore);
    expect(engine.pointAt('b1', 1)[1]).toBeGreaterThan(0.5);
    // What was written back is what a fresh engine of the drawing starts from.
    const again = Engine.build(d, { clock: testClock() });
    for (const id of ['b0', 'b1', 'p']) expect(again.curveState(id)).toEqual(engine.curveState(id));
  });

  it('connectorPosition and pointAt read the present state; centres resolve off the curve', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'c', kind: 'circle', center: [3, 4], radius: 2 });
    const engine = Engine.build(d, { clock: testClock() });
    expect(engine.connectorPosition({ curve: 'c', anchor: 'center' })).toEqual([3, 4]);
    expect(engine.connectorPosition({ curve: 'c', anchor: 'start' })).toEqual([5, 4]);
    const p = engine.pointAt('c', 0.25);
    expect(p[0]).toBeCloseTo(3, 12);
    expect(p[1]).toBeCloseTo(6, 12);
  });

  it('a point motor turns a point about its pivot through several unwrapped turns', () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'hub', kind: 'point', at: [1, 1] }, bar('arm', [1, 1], [4, 1]));
    d.constraints.push(
      { id: 'fix', kind: 'pin', point: { curve: 'hub', anchor: 'start' }, at: [1, 1] },
      {
        id: 'axle',
        kind: 'attach',
        a: { curve: 'arm', anchor: 'start' },
        b: { curve: 'hub', anchor: 'start' },
      },
      {
        id: 'drive',
        kind: 'motor',
        point: { curve: 'arm', anchor: 'end' },
        pivot: { curve: 'hub', anchor: 'start' },
        rpm: -30, // half a turn per second, counter-clockwise in drawing angles
        angle: 0,
        running: true,
      },
    );
    const engine = Engine.build(d, { clock: testClock() });
    for (let f = 0; f < 50; f++) {
      const r = engine.advanceMotors(0.1, 1000);
      expect(r.maxResidual).toBeLessThan(1e-9);
    }
    expect(engine.time).toBeCloseTo(5, 9);
    expect(engine.curveState('arm')[2]).toBeCloseTo(-5 * Math.PI, 6); // 2.5 turns, unwrapped
    const tip = engine.pointAt('arm', 1);
    expect(tip[0]).toBeCloseTo(1 - 3, 6);
    expect(tip[1]).toBeCloseTo(1, 6);
  });

  it('user springs pull a free segment to rest length between two pinned points', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'left', kind: 'point', at: [0, 0] },
      { id: 'right', kind: 'point', at: [10, 0] },
      { id: 'seg', kind: 'segment', a: [2, 3], b: [6, 5] },
    );
    d.constraints.push(
      { id: 'l', kind: 'pin', point: { curve: 'left', anchor: 'start' }, at: [0, 0] },
      { id: 'r', kind: 'pin', point: { curve: 'right', anchor: 'start' }, at: [10, 0] },
    );
    d.springs.push(
      {
        id: 's1',
        a: { curve: 'left', anchor: 'start' },
        b: { curve: 'seg', anchor: 'start' },
        stiffness: 2,
        rest: 1,
      },
      {
        id: 's2',
        a: { curve: 'right', anchor: 'start' },
        b: { curve: 'seg', anchor: 'end' },
        stiffness: 2,
        rest: 1,
      },
    );
    const engine = Engine.build(d, { clock: testClock() });
    const report = engine.settle(3000);
    expect(report.converged).toBe(true);
    const a = engine.pointAt('seg', 0);
    const b = engine.pointAt('seg', 1);
    expect(Math.hypot(a[0], a[1])).toBeCloseTo(1, 5);
    expect(Math.hypot(b[0] - 10, b[1])).toBeCloseTo(1, 5);
  });

  it('drags an equation curve (built by the expression engine) and keeps its attachment exact', () => {
    const d = emptyDrawing();
    d.equations.push({
      id: 'wave',
      name: 'wave',
      x: 'cx + u',
      y: 'cy + a * sin(u)',
      u0: 0,
      u1: 6,
      closed: false,
      params: [
        { name: 'cx', value: 0, free: true },
        { name: 'cy', value: 0, free: true },
        { name: 'a', value: 1, free: true },
      ],
    });
    d.curves.push({ id: 'w', kind: 'equation', definition: 'wave', params: { cx: 0, cy: 0, a: 1 } });
    d.constraints.push({ id: 'hold', kind: 'pin', point: { curve: 'w', anchor: 'start' }, at: [0, 0] });
    const engine = Engine.build(d, { clock: testClock() });
    engine.grab('w', 0.25);
    for (let f = 0; f < 20; f++) engine.dragFrame([1.5, 3], 100);
    const p = engine.pointAt('w', 0.25);
    expect(p[0]).toBeCloseTo(1.5, 6);
    expect(p[1]).toBeCloseTo(3, 6);
    expect(engine.diagnostics().maxResidual).toBeLessThan(1e-9);
    const [cx, cy, a] = engine.curveState('w');
    expect(cx).toBeCloseTo(0, 9);
    expect(cy).toBeCloseTo(0, 9);
    expect(a).toBeCloseTo(3 / Math.sin(1.5), 6);
  });
});

describe('pure functions on drawing data', () => {
  const d = emptyDrawing();
  it('curvePath gives exact primitives', () => {
    expect(curvePath({ id: 'b', kind: 'bar', center: [1, 1], angle: 0, length: 4 }, d)).toEqual({
      start: [-1, 1],
      segments: [{ type: 'line', to: [3, 1] }],
      closed: false,
    });
    expect(curvePath({ id: 'c', kind: 'circle', center: [0, 0], radius: 2 }, d)).toEqual({
      start: [2, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: 2, ry: 2, rotation: 0, start: 0, sweep: 2 * Math.PI }],
      closed: true,
    });
  });
  it('curvePoint, curveStateOf and applyCurveState agree with CURVE_STATE_LAYOUT', () => {
    const arc = {
      id: 'a',
      kind: 'arc' as const,
      center: [1, 2] as [number, number],
      radius: 3,
      start: 0,
      sweep: Math.PI,
    };
    expect(curveStateOf(arc, d)).toEqual([1, 2, 3, 0, Math.PI]);
    const mid = curvePoint(arc, d, 0.5);
    expect(mid[0]).toBeCloseTo(1, 12);
    expect(mid[1]).toBeCloseTo(5, 12);
    applyCurveState(arc, [0, 0, 1, 1, 2], d);
    expect(arc).toMatchObject({ center: [0, 0], radius: 1, start: 1, sweep: 2 });
    expect(() => applyCurveState(arc, [1, 2], d)).toThrow("curve 'a': expected 5 state values, got 2");
    // A slice of a longer array, read in place (a frame's flat states).
    applyCurveState(arc, [9, 9, 4, 5, 6, 0.5, 1.5, 9], d, 2, 5);
    expect(arc).toMatchObject({ center: [4, 5], radius: 6, start: 0.5, sweep: 1.5 });
    expect(() => applyCurveState(arc, [9, 9, 4, 5, 6, 0.5, 1.5, 9], d, 2, 4)).toThrow(
      "curve 'a': expected 5 state values, got 4",
    );
  });
  it('connectorPoint resolves anchors and u; an off-curve centre is (cx, cy), without a u', () => {
    const seg = {
      id: 's',
      kind: 'segment' as const,
      a: [0, 0] as [number, number],
      b: [4, 2] as [number, number],
    };
    const circle = { id: 'c', kind: 'circle' as const, center: [3, 3] as [number, number], radius: 1 };
    const dd = emptyDrawing();
    dd.curves.push(seg, circle);
    expect(connectorPoint({ curve: 'c', anchor: 'center' }, dd)).toEqual([3, 3]);
    expect(connectorPoint({ curve: 's', anchor: 'center' }, dd)).toEqual([2, 1]);
    expect(connectorPoint({ curve: 's', anchor: 'end' }, dd)).toEqual([4, 2]);
    expect(connectorPoint({ curve: 's', u: 0.25 }, dd)).toEqual([1, 0.5]);
  });
  it('every kind places its centre as centerIsOffCurve says: the state cx, cy, or the point at its u', () => {
    const dd = emptyDrawing();
    dd.equations.push(bezierDefinition('bz'));
    const curves: Curve[] = [
      { id: 'point', kind: 'point', at: [1, 2] },
      { id: 'segment', kind: 'segment', a: [0, 0], b: [4, 2] },
      { id: 'bar', kind: 'bar', center: [1, 1], angle: 0.3, length: 4 },
      { id: 'circle', kind: 'circle', center: [3, 3], radius: 1 },
      { id: 'arc', kind: 'arc', center: [-1, 2], radius: 2, start: 0.5, sweep: 1 },
      { id: 'ellipse', kind: 'ellipse', center: [5, -1], rx: 3, ry: 1, rotation: 0.2 },
      {
        id: 'bezier',
        kind: 'bezier',
        points: [
          [0, 0],
          [1, 2],
          [3, 2],
          [4, 0],
        ],
      },
      {
        id: 'spline',
        kind: 'spline',
        points: [
          [0, 0],
          [1, 2],
          [3, 1],
        ],
        closed: false,
      },
      { id: 'equation', kind: 'equation', definition: 'bz', params: {} },
    ];
    dd.curves.push(...curves);
    expect(curves.map((c) => c.kind).sort()).toEqual([...CURVE_KINDS].sort());
    expect(CURVE_KINDS.filter(centerIsOffCurve)).toEqual(['circle', 'arc', 'ellipse']);
    for (const curve of curves) {
      const model = createCurveModel(curve, dd);
      const centre = connectorPoint({ curve: curve.id, anchor: 'center' }, dd);
      if (centerIsOffCurve(curve.kind)) {
        expect(() => model.anchorU('center'), curve.kind).toThrow('not on the curve');
        expect(centre, curve.kind).toEqual(curveStateOf(curve, dd).slice(0, 2));
      } else expect(centre, curve.kind).toEqual(curvePoint(curve, dd, model.anchorU('center')));
    }
  });
});
