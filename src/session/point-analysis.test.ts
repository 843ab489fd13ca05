// The `analysis:point` channel through the IPC gate: the samples are analyzePoint's for the session's present pose,
// the session's drawing and history do not move, and the refusals are one line.

import { describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { EXAMPLES, analyzePoint } from '../mechanisms';
import type { MotorConstraint } from '../shared/drawing';
import { dispatch, type Handlers } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

function crankRocker(): Session {
  const example = EXAMPLES.find((e) => e.name === 'crank-rocker');
  if (!example) throw new Error('no crank-rocker example');
  const session = new Session();
  session.replaceDrawing(example.build(), null);
  return session;
}

// The file channels are not the session's: this test never calls them.
const handlersOf = (session: Session) => createHandlers(session) as Handlers;

describe('analysis:point', () => {
  it('answers analyzePoint’s samples for the pose being played, and moves nothing', async () => {
    const session = crankRocker();
    session.playControl('play');
    for (let i = 0; i < 7; i++) session.playFrame();
    session.playControl('pause');
    const before = structuredClone(session.drawing);
    const answer = await dispatch(handlersOf(session), 'analysis:point', {
      curve: 'coupler-point',
      u: 0,
      samples: 24,
    });

    const copy = structuredClone(before);
    const expected = analyzePoint(Engine.build(copy), copy, 'coupler-point', 0, { samples: 24 });
    const motor = before.constraints.find((k): k is MotorConstraint => k.kind === 'motor')!;
    expect(answer).toEqual({ ok: true, value: { motor: motor.id, rpm: motor.rpm, samples: expected } });
    expect(expected[0].angle).toBe(motor.angle); // from the played pose, not the example's start
    expect(session.drawing).toEqual(before);
    expect(session.snapshot(false).canUndo).toBe(false);
  });

  it('refuses in one line: an unknown curve, no running motor', async () => {
    const session = crankRocker();
    const unknown = await dispatch(handlersOf(session), 'analysis:point', { curve: 'nothing', u: 0.5 });
    expect(unknown).toEqual({ ok: false, error: "analysis:point: no curve 'nothing'" });

    const motor = session.drawing.constraints.find((k) => k.kind === 'motor')!;
    session.edit({ type: 'set', id: motor.id, field: 'running', value: false });
    const stopped = await dispatch(handlersOf(session), 'analysis:point', { curve: 'coupler-point', u: 0 });
    expect(stopped.ok).toBe(false);
    if (!stopped.ok) expect(stopped.error).toMatch(/^analysis:point: no running motor/);
  });

  it('play frames carry the motors’ angles', () => {
    const session = crankRocker();
    session.playControl('play');
    const frame = session.playFrame();
    const motor = session.drawing.constraints.find((k) => k.kind === 'motor')!;
    expect(frame.motors).toEqual([{ id: motor.id, angle: (motor as MotorConstraint).angle }]);
  });
});
