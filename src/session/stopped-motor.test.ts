// Mechanisms by hand (issue 28): a motor that is not running lets its crank be posed by hand — dragging the linkage
// turns the crank, and the motor's angle follows the pose, so that started again it turns on from there with no
// jump. A running motor holds its crank where it is.
import { describe, expect, it } from 'vitest';
import { fourBar } from '../engine/test-support/drawings';
import { emptyDrawing, type BarCurve, type MotorConstraint } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

function pulled(running: boolean): Session {
  const drawing = fourBar(0.5);
  (drawing.constraints.find((k) => k.kind === 'motor') as MotorConstraint).running = running;
  const session = new Session({ clock: testClock(), drawing });
  session.dragStart('coupler', 0.5, [2.4, -0.9]);
  for (let i = 0; i < 40; i++) session.dragMove([2.4, 0.6]);
  session.dragEnd();
  return session;
}
const crank = (s: Session) => s.drawing.curves.find((c) => c.id === 'crank') as BarCurve;
const motor = (s: Session) => s.drawing.constraints.find((k) => k.kind === 'motor') as MotorConstraint;

describe('a motor that is not running lets its crank be posed by hand', () => {
  it('dragging the coupler turns the crank, and the motor’s angle is the crank’s', () => {
    const session = pulled(false);
    expect(Math.abs(crank(session).angle - 0.5)).toBeGreaterThan(0.3);
    expect(motor(session).angle).toBeCloseTo(crank(session).angle, 9);
    expect(session.snapshot(true).status.maxResidual).toBeLessThan(1e-9);
  });

  it('started again, it turns on from the pose it was given: nothing jumps', () => {
    const session = pulled(false);
    const posed = structuredClone(session.drawing.curves);
    session.edit({ type: 'set', id: 'motor', field: 'running', value: true });
    for (const c of session.drawing.curves) {
      const before = posed.find((p) => p.id === c.id) as BarCurve;
      const after = c as BarCurve;
      expect(after.center[0]).toBeCloseTo(before.center[0], 9);
      expect(after.center[1]).toBeCloseTo(before.center[1], 9);
      expect(after.angle).toBeCloseTo(before.angle, 9);
    }
  });

  it('a running motor holds its crank', () => {
    const session = pulled(true);
    expect(crank(session).angle).toBeCloseTo(0.5, 9);
    expect(motor(session).angle).toBeCloseTo(0.5, 9);
  });

  it('a stopped point motor counts the turns its point is posed round, as a running one does', () => {
    const drawing = emptyDrawing();
    const hub = { curve: 'hub', anchor: 'start' } as const;
    const tip = { curve: 'tip', anchor: 'start' } as const;
    drawing.curves.push({ kind: 'point', id: 'hub', at: [0, 0] }, { kind: 'point', id: 'tip', at: [20, 0] });
    drawing.constraints.push(
      { kind: 'pin', id: 'k1', point: hub, at: [0, 0] },
      { kind: 'distance', id: 'k2', a: hub, b: tip, length: 20 },
      { kind: 'motor', id: 'motor', point: tip, pivot: hub, rpm: 30, angle: 0, running: false },
    );
    const session = new Session({ clock: testClock(), drawing });
    session.dragStart('tip', 0, [20, 0]);
    // One and a half turns round the hub, a twentieth of a turn at a time.
    for (let i = 1; i <= 30; i++) {
      const a = (2 * Math.PI * i) / 20;
      for (let k = 0; k < 5; k++) session.dragMove([20 * Math.cos(a), 20 * Math.sin(a)]);
    }
    session.dragEnd();
    expect(motor(session).angle).toBeCloseTo(3 * Math.PI, 6);
  });
});
