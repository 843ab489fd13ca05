// The played pose is a state, not an edit (issue 17, "Play and Reset"): Play alone leaves the drawing saved; Reset
// returns to the pose at Play and keeps the edits made while playing, and says so; Play with no running motor says
// so; Undo of an edit that did not move the mechanism leaves the played pose where it is.
import { describe, expect, it } from 'vitest';
import { EXAMPLES, NOTHING_TO_PLAY } from '../mechanisms';
import type { Drawing, MotorConstraint } from '../shared/drawing';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function crankRocker(): Session {
  const example = EXAMPLES.find((e) => e.name === 'crank-rocker');
  if (!example) throw new Error('no crank-rocker example');
  const session = new Session({ clock: testClock() });
  session.replaceDrawing(example.build(), '/tmp/crank-rocker.curvewright');
  return session;
}

const motor = (d: Drawing) => d.constraints.find((k) => k.kind === 'motor') as MotorConstraint;
const crankAngle = (d: Drawing) => {
  const crank = d.curves.find((c) => c.id === 'crank');
  if (crank?.kind !== 'bar') throw new Error('no crank');
  return crank.angle;
};

function playFrames(session: Session, frames: number): void {
  for (let i = 0; i < frames; i++) session.playFrame();
}

describe('the played pose', () => {
  it('Play alone does not mark the drawing unsaved', () => {
    const session = crankRocker();
    expect(session.dirty).toBe(false);
    session.playControl('play');
    playFrames(session, 20);
    session.playControl('pause');
    expect(session.snapshot(false).dirty).toBe(false);
    expect(motor(session.drawing).angle).not.toBe(motor(crankRocker().drawing).angle);
  });

  it('Play and Step with no running motor do not start, and say so', () => {
    const session = crankRocker();
    motor(session.drawing).running = false;
    session.replaceDrawing(structuredClone(session.drawing), '/tmp/stopped.curvewright');
    const played = session.playControl('play');
    expect(played.play).toMatchObject({ state: 'stopped', canReset: false, notice: NOTHING_TO_PLAY });
    expect(session.playControl('step').play).toMatchObject({
      state: 'stopped',
      frame: 0,
      notice: NOTHING_TO_PLAY,
    });
  });

  it('Reset after an edit made while playing returns to the pose at Play, keeps the edit, and says so', () => {
    const session = crankRocker();
    const atPlay = structuredClone(session.drawing);
    session.playControl('play');
    playFrames(session, 15);
    // An edit while playing: a new free point (structural) and a renamed coupler.
    session.edit({ type: 'add', curves: [{ kind: 'point', id: 'extra', at: [5, 5] }] });
    session.edit({ type: 'rename', id: 'coupler', name: 'link' });
    expect(session.snapshot(false).play).toMatchObject({ canReset: true });
    playFrames(session, 15);
    expect(crankAngle(session.drawing)).not.toBeCloseTo(crankAngle(atPlay), 3);
    const reset = session.playControl('reset');
    expect(reset.play).toMatchObject({
      state: 'stopped',
      canReset: false,
      notice: 'Back to the pose at Play; the 2 edits made while playing were kept.',
    });
    expect(crankAngle(session.drawing)).toBe(crankAngle(atPlay));
    expect(motor(session.drawing).angle).toBe(motor(atPlay).angle);
    expect(session.drawing.curves.find((c) => c.id === 'extra')).toBeDefined();
    expect(session.drawing.curves.find((c) => c.id === 'coupler')?.name).toBe('link');
    expect(reset.status.maxResidual).toBeLessThan(1e-9);
  });

  it('Undo of an edit that did not move the mechanism leaves the played pose where it is', () => {
    const session = crankRocker();
    session.edit({ type: 'rename', id: 'coupler', name: 'link' });
    session.playControl('play');
    playFrames(session, 25);
    session.playControl('pause');
    const played = crankAngle(session.drawing);
    const playedMotor = motor(session.drawing).angle;
    const { name: _name, ...playedCoupler } = session.drawing.curves.find((c) => c.id === 'coupler')!;
    const undone = session.undo();
    // The name came back, and only the name: the coupler is exactly where it played to (not put back, then moved).
    const { name, ...coupler } = session.drawing.curves.find((c) => c.id === 'coupler')!;
    expect(name).toBe('coupler');
    expect(coupler).toEqual(playedCoupler);
    expect(crankAngle(session.drawing)).toBe(played);
    expect(motor(session.drawing).angle).toBe(playedMotor);
    expect(undone.status.maxResidual).toBeLessThan(1e-9);
    // And Reset still goes back to the pose at Play.
    session.playControl('reset');
    expect(motor(session.drawing).angle).toBe(motor(crankRocker().drawing).angle);
  });
});

describe('the status list', () => {
  it('names every constraint, a rowless one (a bar length the bar has, a reference dimension) holding', () => {
    const session = crankRocker();
    session.edit({
      type: 'add',
      constraints: [
        { kind: 'length', id: 'crank-length', curve: 'crank', length: 20 },
        {
          kind: 'distance',
          id: 'span',
          a: { curve: 'crank', anchor: 'start' },
          b: { curve: 'rocker', anchor: 'start' },
          length: 1,
          reference: true,
        },
      ],
    });
    const list = session.snapshot(true).status.constraints!;
    expect(list.map((k) => k.id)).toEqual(session.drawing.constraints.map((k) => k.id));
    for (const id of ['crank-length', 'span'])
      expect(list.find((k) => k.id === id)).toEqual({
        id,
        residual: 0,
        tension: 0,
        redundant: false,
        conflicting: false,
      });
  });
});
