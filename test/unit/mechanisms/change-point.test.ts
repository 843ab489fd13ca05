// Issue 27: a parallelogram four-bar (crank 20, coupler 60, rocker 20, ground 60) at its change point, where every
// link lies in line and the parallelogram and antiparallelogram branches cross. Motion goes on along the branch it
// came on, whether a frame lands exactly on the change point or steps across it, for motors and drags; one built at
// the change point turns (docs/engine.md, "Singular poses: the branch it came from").

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { circleCircle, polar } from '../../../src/mechanisms/assembly';
import { at } from '../../../src/mechanisms/builder';
import { runMotors } from '../../../src/mechanisms/run';
import {
  fourBarDrawing,
  offParallel,
  type FourBarLengths,
} from '../../../src/mechanisms/test-support/four-bar';
import type { Drawing, Vec2 } from '../../../src/shared/drawing';
import { testClock } from '../../../src/shared/test-support/clock';

const PARALLELOGRAM: FourBarLengths = { ground: 60, crank: 20, coupler: 60, rocker: 20 };
const DEG = Math.PI / 180;
/** How far from parallel the bars of a parallelogram may be (sine of the angle): the projection's tolerance. */
const PARALLEL = 1e-7;

/** The parallelogram drawn with the crank at `degrees` (its joint on the side that makes it one). */
function parallelogram(degrees: number, motor = true): Drawing {
  const angle = degrees * DEG;
  return fourBarDrawing(PARALLELOGRAM, angle, { side: Math.sin(angle) < 0 ? -1 : 1, motor });
}

const offParallelIn = (engine: Engine) => offParallel((id) => engine.curveState(id)[2]);

function crankDegrees(engine: Engine): number {
  return engine.curveState('crank')[2] / DEG;
}

/** Plays `frames` frames at 60 fps (the motor at 60 rpm: 6° a frame); the largest offParallel after any frame. */
function play(engine: Engine, drawing: Drawing, frames: number) {
  let worst = 0;
  const summary = runMotors(engine, drawing, {
    frames,
    fps: 60,
    stopWhenLocked: true,
    onFrame: () => (worst = Math.max(worst, offParallelIn(engine))),
  });
  return { summary, worst };
}

describe('a parallelogram driven through its change point', () => {
  it('from 30° (frame 25 lands exactly on 180°) it stays a parallelogram for a whole turn and more', () => {
    const drawing = parallelogram(30);
    const engine = Engine.build(drawing, { clock: testClock() });
    expect(offParallelIn(engine)).toBeLessThan(PARALLEL);
    const { summary, worst } = play(engine, drawing, 70);
    expect(summary.end).toBe('complete');
    expect(crankDegrees(engine)).toBeCloseTo(30 + 70 * 6, 6);
    // Every frame, through 180° and through 0° (360°) again: coupler parallel to ground, rocker to crank.
    expect(worst).toBeLessThan(PARALLEL);
    expect(summary.maxResidual).toBeLessThan(1e-9);
  });

  it('from 31° (frames step across 180°) it stays a parallelogram too', () => {
    const drawing = parallelogram(31);
    const engine = Engine.build(drawing, { clock: testClock() });
    const { summary, worst } = play(engine, drawing, 70);
    expect(summary.end).toBe('complete');
    expect(worst).toBeLessThan(PARALLEL);
  });

  it('reversed, from −30° (frame 25 lands exactly on −180°), it stays a parallelogram', () => {
    const drawing = parallelogram(-30);
    for (const k of drawing.constraints) if (k.kind === 'motor') k.rpm = -60;
    const engine = Engine.build(drawing, { clock: testClock() });
    const { summary, worst } = play(engine, drawing, 40);
    expect(summary.end).toBe('complete');
    expect(crankDegrees(engine)).toBeCloseTo(-30 - 40 * 6, 6);
    expect(worst).toBeLessThan(PARALLEL);
  });
});

describe('a parallelogram dragged through its change point', () => {
  /** Drags the crank's end from 150° along its circle to each angle in turn, one frame each; offParallel after. */
  function dragVia(angles: number[]): { engine: Engine; at: number[]; off: number[] } {
    const engine = Engine.build(parallelogram(150, false), { clock: testClock() });
    engine.grab('crank', 1);
    const at: number[] = [];
    const off: number[] = [];
    for (const a of angles) {
      const cursor: Vec2 = a === 180 ? [-20, 0] : polar([0, 0], 20, a * DEG);
      expect(engine.dragFrame(cursor, 1000).caughtUp).toBe(true);
      at.push(crankDegrees(engine));
      off.push(offParallelIn(engine));
    }
    engine.release();
    return { engine, at, off };
  }

  it('to exactly (−20, 0), then on to 210°: still a parallelogram', () => {
    const { at, off } = dragVia([160, 170, 180, 210]);
    expect(at[2]).toBeCloseTo(180, 6);
    expect(at[3]).toBeCloseTo(210, 6);
    for (const o of off) expect(o).toBeLessThan(PARALLEL);
  });

  it('to exactly (−20, 0), then back to 150°: still a parallelogram', () => {
    const { at, off } = dragVia([165, 180, 150]);
    expect(at[2]).toBeCloseTo(150, 6);
    for (const o of off) expect(o).toBeLessThan(PARALLEL);
  });

  it('via 179°, on to 210°: still a parallelogram', () => {
    const { at, off } = dragVia([165, 179, 210]);
    expect(at[2]).toBeCloseTo(210, 6);
    for (const o of off) expect(o).toBeLessThan(PARALLEL);
  });
});

describe('a parallelogram built at its change point, with a motor', () => {
  // With no motion before it, the first step predicts with the least-drag velocity and projects with every row
  // counted at the predicted pose: it lands on the branch that moves with least drag. Folded (crank at 0°, the
  // coupler over the rocker) that is the parallelogram; stretched out (crank at 180°) the antiparallelogram, whose
  // coupler turns about its far end instead of sweeping sideways (about a third of the drag).
  it('folded, crank at 0°: it turns, as a parallelogram', () => {
    const drawing = parallelogram(0);
    const engine = Engine.build(drawing, { clock: testClock() });
    const { summary, worst } = play(engine, drawing, 60);
    expect(summary.end).toBe('complete');
    expect(summary.lock).toBeNull();
    expect(crankDegrees(engine)).toBeCloseTo(360, 6);
    expect(worst).toBeLessThan(PARALLEL);
  });

  it('stretched out, crank at 180°: it turns, as an antiparallelogram, and stays one through 0°', () => {
    const drawing = parallelogram(180);
    const engine = Engine.build(drawing, { clock: testClock() });
    const sines: number[] = [];
    const summary = runMotors(engine, drawing, {
      frames: 75,
      fps: 60,
      stopWhenLocked: true,
      onFrame: (frame) => {
        if (frame === 15 || frame === 45 || frame === 75) sines.push(offParallelIn(engine));
      },
    });
    expect(summary.end).toBe('complete');
    expect(crankDegrees(engine)).toBeCloseTo(180 + 75 * 6, 6);
    // Crossed at 270°, 90° and 270° again: the antiparallelogram's coupler is far from parallel to the ground.
    for (const s of sines) expect(s).toBeGreaterThan(0.5);
  });
});

describe('a crank-rocker driven through a dead centre', () => {
  it('a frame landing exactly where crank and coupler lie in line goes on along the branch it was built on', () => {
    // Crank 20, coupler 70, rocker 50, ground 60: stretched out, the rocker's joint is 90 from the crank's pivot.
    const lengths: FourBarLengths = { ground: 60, crank: 20, coupler: 70, rocker: 50 };
    const dead = circleCircle([0, 0], 90, [60, 0], 50, -1);
    const deadAngle = Math.atan2(dead[1], dead[0]);
    const drawing = fourBarDrawing(lengths, deadAngle - 10 * 6 * DEG);
    const engine = Engine.build(drawing, { clock: testClock() });
    let worst = 0;
    const summary = runMotors(engine, drawing, {
      frames: 20,
      fps: 60,
      onFrame: (frame) => {
        const crank = engine.curveState('crank')[2];
        if (frame === 10) expect(crank).toBeCloseTo(deadAngle, 9);
        const joint = circleCircle(polar([0, 0], 20, crank), 70, [60, 0], 50, -1);
        const [x, y] = engine.connectorPosition(at('rocker', 'end'));
        worst = Math.max(worst, Math.hypot(x - joint[0], y - joint[1]));
      },
    });
    expect(summary.end).toBe('complete');
    expect(worst).toBeLessThan(1e-8);
  });
});
