// A drawing too big for one frame still follows the mouse (issue 27): while the grabbed point is behind the cursor,
// every drag answer moves it (a frame always finishes at least one step and sends it), and once the mouse stops
// the session's answers keep saying "catching up" until the point is on the cursor. The clock's tick makes one
// step cost more than the 6 ms drag budget, as a 10,000-bar chain's step does on a real machine.
import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import { chain } from '../engine/test-support/drawings';
import { SteppedClock } from '../shared/clock';
import type { Vec2 } from '../shared/drawing';
import { BUDGET_MS, Session } from './session';

const N = 40;
const grabbed = `b${N - 1}`;

/** The grabbed end where the session's drawing has it. */
function end(session: Session): Vec2 {
  const bar = session.drawing.curves.find((c) => c.id === grabbed)!;
  return curvePoint(bar, session.drawing, 1);
}

const distance = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('a drag that takes more than a frame per step (issue 27)', () => {
  it('moves the drawing in every answer while behind, and catches up with the mouse held still', () => {
    // 1 ms a reading: a step's set-up and corrections read the clock more than BUDGET_MS.dragFrame times.
    const clock = new SteppedClock(1);
    const session = new Session({ clock, drawing: chain(N, 2), warmUp: false });
    const from = end(session);
    session.dragStart(grabbed, 1, from);
    let cursor: Vec2 = from;
    let behind = 0;
    let still = 0;
    for (let f = 1; f <= 30; f++) {
      cursor = [from[0] - 0.5 * f, from[1] + 0.5 * f];
      const before = end(session);
      const answer = session.dragMove(cursor);
      // The frame's work reaches its budget: it is too big for one.
      expect(answer.status.frameMs).toBeGreaterThanOrEqual(BUDGET_MS.dragFrame);
      if (distance(before, cursor) > 0.01) {
        behind++;
        if (!answer.states?.curves.length) still++;
      }
    }
    expect(behind).toBe(30);
    expect(still).toBe(0);
    // The mouse stops: the answers say "catching up" and the editor sends the same cursor again.
    let answers = 0;
    for (let answer = session.dragMove(cursor); answer.catchingUp && answers < 200; answers++) {
      const before = end(session);
      answer = session.dragMove(cursor);
      if (distance(before, cursor) > 0.01) expect(answer.states?.curves.length).toBeGreaterThan(0);
    }
    expect(answers).toBeLessThan(200);
    expect(distance(end(session), cursor)).toBeLessThanOrEqual(0.01);
    session.dragEnd();
  });
});
