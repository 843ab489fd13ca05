// A radius the engine took through zero (a rim dragged through its centre) is a size to the user (issue 27): a
// value set on the curve as the user reads it (Edit Value, the Properties panel: its sized form) changes only that
// value, in the curve's own signs; a reference radius measures the size.

import { describe, expect, it } from 'vitest';
import { curveStateOf } from '../engine/pure';
import { sizedForm } from '../shared/curve-sizes';
import type { ArcCurve, CircleCurve, Constraint, Curve, EllipseCurve, Vec2 } from '../shared/drawing';
import { mainValue } from '../shared/main-value';
import { curveFieldNames } from '../shared/edit-commands';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

const pin = (id: string, at: Vec2): Constraint => ({
  id: `p${id}`,
  kind: 'pin',
  point: { curve: id, anchor: 'center' },
  at,
});

/** A session holding `curve` (its centre pinned, and `more`), after its point `u` was dragged from `from` to `to`. */
function dragged(curve: Curve, u: number, from: Vec2, to: Vec2, more: Constraint[] = []): Session {
  const s = new Session({ clock: testClock() });
  const center = (curve as CircleCurve).center;
  s.edit({ type: 'add', curves: [curve], constraints: [pin(curve.id, [...center] as Vec2), ...more] });
  s.dragStart(curve.id, u, from);
  for (let i = 1; i <= 40; i++)
    s.dragMove([from[0] + ((to[0] - from[0]) * i) / 40, from[1] + ((to[1] - from[1]) * i) / 40]);
  s.dragEnd();
  return s;
}

const M = 10 * Math.SQRT1_2;
const quarter: ArcCurve = { id: 'a', kind: 'arc', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 };
const arcIn = (s: Session) => s.drawing.curves.find((c) => c.id === 'a') as ArcCurve;
const ends = (a: ArcCurve): Vec2[] =>
  [a.start, a.start + a.sweep].map((t) => [
    a.center[0] + a.radius * Math.cos(t),
    a.center[1] + a.radius * Math.sin(t),
  ]);
const gap = (p: Vec2, q: Vec2) => Math.hypot(p[0] - q[0], p[1] - q[1]);

describe('a radius taken through zero, set as a size', () => {
  it("setting an arc's own size moves neither end", () => {
    const s = dragged(structuredClone(quarter), 0.5, [M, M], [-M, -M]);
    expect(arcIn(s).radius).toBeCloseTo(-10, 6);
    const before = ends(arcIn(s));
    s.edit({ type: 'set', id: 'a', field: 'radius', value: Math.abs(arcIn(s).radius) });
    const after = ends(arcIn(s));
    expect(gap(after[0], before[0])).toBeLessThan(1e-9);
    expect(gap(after[1], before[1])).toBeLessThan(1e-9);
  });

  it('a new size scales the arc about its centre, its ends on the same rays', () => {
    const s = dragged(structuredClone(quarter), 0.5, [M, M], [-M, -M]);
    const before = ends(arcIn(s));
    s.edit({ type: 'set', id: 'a', field: 'radius', value: 12 });
    const after = ends(arcIn(s));
    for (let i = 0; i < 2; i++) {
      expect(after[i][0]).toBeCloseTo(1.2 * before[i][0], 9);
      expect(after[i][1]).toBeCloseTo(1.2 * before[i][1], 9);
    }
  });

  it("the start the Properties panel shows (the sized form's), set 0.1 on, turns the arc by 0.1", () => {
    const s = dragged(structuredClone(quarter), 0.5, [M, M], [-M, -M]);
    const shown = curveStateOf(sizedForm(arcIn(s)), s.drawing);
    const names = curveFieldNames(arcIn(s), s.drawing);
    expect(shown[names.indexOf('radius')]).toBeCloseTo(10, 6);
    const before = ends(arcIn(s));
    s.edit({ type: 'set', id: 'a', field: 'start', value: shown[names.indexOf('start')] + 0.1 });
    const after = ends(arcIn(s));
    const [c, n] = [Math.cos(0.1), Math.sin(0.1)];
    for (let i = 0; i < 2; i++) {
      expect(after[i][0]).toBeCloseTo(c * before[i][0] - n * before[i][1], 9);
      expect(after[i][1]).toBeCloseTo(n * before[i][0] + c * before[i][1], 9);
    }
  });

  it("setting a circle's own size leaves it as it was", () => {
    const ring: CircleCurve = { id: 'c', kind: 'circle', center: [0, 0], radius: 10 };
    const s = dragged(ring, 0.5, [-10, 0], [10, 0]);
    const circle = () => s.drawing.curves.find((c) => c.id === 'c') as CircleCurve;
    expect(circle().radius).toBeCloseTo(-10, 6);
    s.edit({ type: 'set', id: 'c', field: 'radius', value: 10 });
    expect(circle().radius).toBeCloseTo(-10, 9);
    expect(circle().center[0]).toBeCloseTo(0, 9);
  });

  it('a reference radius measures the size after the rim passed through the centre', () => {
    const ring: CircleCurve = { id: 'c', kind: 'circle', center: [0, 0], radius: 10 };
    const reference: Constraint = { id: 'r', kind: 'radius', curve: 'c', radius: 10, reference: true };
    const s = dragged(ring, 0.5, [-10, 0], [8, 0], [reference]);
    expect((s.drawing.curves[0] as CircleCurve).radius).toBeCloseTo(-8, 6);
    expect((s.drawing.constraints.find((k) => k.id === 'r') as { radius: number }).radius).toBeCloseTo(8, 6);
  });

  it("an ellipse's rx taken through zero: its main value is its size, and setting it leaves the ellipse as it was", () => {
    const oval: EllipseCurve = { id: 'e', kind: 'ellipse', center: [0, 0], rx: 10, ry: 5, rotation: 0 };
    const s = dragged(oval, 0, [10, 0], [-10, 0]);
    const ellipse = () => s.drawing.curves.find((c) => c.id === 'e') as EllipseCurve;
    expect(ellipse().rx).toBeCloseTo(-10, 6);
    const before = structuredClone(ellipse());
    const shown = mainValue(ellipse())!;
    expect(shown).toEqual({ field: 'rx', value: -before.rx });
    s.edit({ type: 'set', id: 'e', field: 'rx', value: shown.value });
    expect(ellipse()).toEqual(before);
  });
});
