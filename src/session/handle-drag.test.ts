// Dragging a shape handle (issue 17): a Bézier's control point or a spline's knot is grabbed as the two state
// entries it is, not as a material point of the curve, and moves through the solver to the cursor.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve } from '../shared/drawing';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function pinnedBezier() {
  const d = emptyDrawing();
  d.curves.push({
    kind: 'bezier',
    id: 'b',
    points: [
      [0, 0],
      [10, 20],
      [30, 20],
      [40, 0],
    ],
  });
  d.constraints.push(
    { kind: 'pin', id: 'p0', point: { curve: 'b', anchor: 'start' }, at: [0, 0] },
    { kind: 'pin', id: 'p1', point: { curve: 'b', anchor: 'end' }, at: [40, 0] },
  );
  return d;
}

describe('dragging a shape handle', () => {
  it("moves a Bézier's control point to the cursor, the pinned ends staying; one undo step", () => {
    const session = new Session({ clock: testClock(), drawing: pinnedBezier() });
    session.dragStart('b', 0, [10, 20], [], 1);
    for (let i = 0; i < 30; i++) session.dragMove([5, 40]);
    session.dragEnd();
    const bezier = session.drawing.curves[0] as Extract<Curve, { kind: 'bezier' }>;
    expect(bezier.points[1][0]).toBeCloseTo(5, 6);
    expect(bezier.points[1][1]).toBeCloseTo(40, 6);
    expect(bezier.points[0][0]).toBeCloseTo(0, 9);
    expect(bezier.points[0][1]).toBeCloseTo(0, 9);
    expect(bezier.points[3][0]).toBeCloseTo(40, 9);
    expect(bezier.points[3][1]).toBeCloseTo(0, 9);
    session.undo();
    expect(session.drawing.curves).toEqual(pinnedBezier().curves);
  });

  it("moves a spline's knot; refuses a handle the curve does not have, or a curve with none", () => {
    const d = emptyDrawing();
    d.curves.push(
      {
        kind: 'spline',
        id: 's',
        points: [
          [0, 0],
          [20, 10],
          [40, 0],
        ],
        closed: false,
      },
      { kind: 'circle', id: 'c', center: [0, 50], radius: 5 },
    );
    const session = new Session({ clock: testClock(), drawing: d });
    session.dragStart('s', 0, [20, 10], [], 1);
    for (let i = 0; i < 30; i++) session.dragMove([25, -15]);
    session.dragEnd();
    const spline = session.drawing.curves[0] as Extract<Curve, { kind: 'spline' }>;
    expect(spline.points[1][0]).toBeCloseTo(25, 6);
    expect(spline.points[1][1]).toBeCloseTo(-15, 6);
    expect(() => session.dragStart('s', 0, [0, 0], [], 3)).toThrow('grab: s has no handle 3');
    expect(() => session.dragStart('c', 0, [0, 0], [], 0)).toThrow('grab: a circle has no handles to grab');
  });
});
