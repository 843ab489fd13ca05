// The settle after an edit moves and turns shapes before it deforms them (issue 27): the settle metric of
// curves/shape-drag.ts, through the session as the editor's commands reach it. Measured before it: Concentric on an
// arc 40 mm from a pinned circle made the arc r = −15.465, sweep 329°, instead of moving it over; a line–circle
// tangent whose contact started on the circle's far side collapsed the circle to r = 2.5e-32.
import { describe, expect, it } from 'vitest';
import type { ArcCurve, CircleCurve, TangentConstraint } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

function curveOf<T>(session: Session, id: string): T {
  return session.drawing.curves.find((c) => c.id === id) as T;
}

describe('Concentric added to an arc and a pinned circle', () => {
  it('Concentric on an arc 40 mm from a pinned circle moves the arc over: its radius and sweep unchanged', () => {
    const session = new Session({ clock: testClock() });
    session.edit({
      type: 'add',
      curves: [
        { kind: 'arc', id: 'arc', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 },
        { kind: 'circle', id: 'ring', center: [40, 0], radius: 5 },
      ],
      constraints: [{ kind: 'pin', id: 'k1', point: { curve: 'ring', anchor: 'center' }, at: [40, 0] }],
    });
    session.edit({ type: 'add', constraints: [{ kind: 'concentric', id: 'k2', curves: ['arc', 'ring'] }] });
    const arc = curveOf<ArcCurve>(session, 'arc');
    const ring = curveOf<CircleCurve>(session, 'ring');
    expect(arc.center[0]).toBeCloseTo(40, 9);
    expect(arc.center[1]).toBeCloseTo(0, 9);
    // Moved over, neither turned nor reshaped: to the settle metric's 1/κ (radius 2e-5, sweep 2e-6, start 2e-3).
    expect(Math.abs(arc.radius - 10)).toBeLessThan(1e-4);
    expect(Math.abs(arc.sweep - Math.PI / 2)).toBeLessThan(1e-5);
    expect(Math.abs(arc.start)).toBeLessThan(0.01);
    expect(ring).toMatchObject({ center: [40, 0], radius: 5 });
  });
});

function lineAndWheel(center: [number, number]): Session {
  const session = new Session({ clock: testClock() });
  session.edit({
    type: 'add',
    curves: [
      { kind: 'segment', id: 'line', a: [0, 0], b: [50, 0] },
      { kind: 'circle', id: 'wheel', center, radius: 15 },
    ],
    constraints: [
      { kind: 'pin', id: 'k1', point: { curve: 'line', anchor: 'start' }, at: [0, 0] },
      { kind: 'pin', id: 'k2', point: { curve: 'line', anchor: 'end' }, at: [50, 0] },
    ],
  });
  return session;
}

function contactOf(session: Session): TangentConstraint {
  return session.drawing.constraints.find((k) => k.id === 'k3') as TangentConstraint;
}

describe('a line–circle tangent added to a pinned line', () => {
  it('with its contact on the far side of a circle touching the line: the contact slides round, nothing moves', () => {
    // The circle touches y = 0 at s 0.25 already; s 0.75 is its far side, 30 mm off.
    const session = lineAndWheel([25, -15]);
    session.edit({
      type: 'add',
      constraints: [{ kind: 'tangent', id: 'k3', curves: ['line', 'wheel'], s: 0.75 }],
    });
    expect(curveOf<CircleCurve>(session, 'wheel')).toMatchObject({ center: [25, -15], radius: 15 });
    expect(contactOf(session).s).toBeCloseTo(0.25, 9);
  });

  it('with its contact on the near side of a circle 10 mm off: the circle moves to the line, its radius kept', () => {
    const session = lineAndWheel([25, -25]);
    session.edit({
      type: 'add',
      constraints: [{ kind: 'tangent', id: 'k3', curves: ['line', 'wheel'], s: 0.25 }],
    });
    const wheel = curveOf<CircleCurve>(session, 'wheel');
    expect(wheel.center[0]).toBeCloseTo(25, 9);
    expect(wheel.center[1]).toBeCloseTo(-15, 4);
    expect(Math.abs(wheel.radius - 15)).toBeLessThan(1e-4);
    expect(contactOf(session).s).toBeCloseTo(0.25, 9);
  });
});
