// The `analysis:*` channels through the IPC gate: the samples are analyzePoint's, analyzeBar's and analyzeFourBar's
// for the session's present pose (over a cycle or the seconds asked), the session's drawing and history do not
// move, the refusals are one line; and while the instant centres are shown, snapshots carry them.

import { describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { EXAMPLES, analyzeBar, analyzeFourBar, analyzePoint, instantCentres } from '../mechanisms';
import type { FourBarAnalysis } from '../shared/analysis-samples';
import type { Snapshot } from '../shared/contract';
import type { MotorConstraint } from '../shared/drawing';
import { dispatch, type Handlers } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

function crankRocker(): Session {
  const example = EXAMPLES.find((e) => e.name === 'crank-rocker');
  if (!example) throw new Error('no crank-rocker example');
  const session = new Session({ clock: testClock() });
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
    const expected = analyzePoint(Engine.build(copy, { clock: testClock() }), copy, 'coupler-point', 0, {
      samples: 24,
    });
    const motor = before.constraints.find((k): k is MotorConstraint => k.kind === 'motor')!;
    expect(answer).toEqual({
      ok: true,
      value: {
        motor: motor.id,
        rpm: motor.rpm,
        period: expect.closeTo(60 / motor.rpm, 12),
        samples: expected,
      },
    });
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

  it('analysis:bar answers analyzeBar’s samples over the seconds asked, and refuses what is not a bar', async () => {
    const session = crankRocker();
    const before = structuredClone(session.drawing);
    const answer = await dispatch(handlersOf(session), 'analysis:bar', {
      bar: 'rocker',
      samples: 40,
      seconds: 2.5,
    });
    const copy = structuredClone(before);
    const expected = analyzeBar(Engine.build(copy, { clock: testClock() }), copy, 'rocker', {
      samples: 40,
      seconds: 2.5,
    });
    expect(answer).toEqual({ ok: true, value: { motor: 'motor', rpm: 60, period: 2.5, samples: expected } });
    expect(expected[39].t).toBeCloseTo(2.5 - 2.5 / 40, 12);
    expect(session.drawing).toEqual(before);

    const point = await dispatch(handlersOf(session), 'analysis:bar', { bar: 'coupler-point' });
    expect(point).toEqual({ ok: false, error: "analysis:bar: 'coupler-point' is a point, not a bar" });
    const gate = await dispatch(handlersOf(session), 'analysis:bar', { bar: 'rocker', seconds: -1 });
    expect(gate.ok).toBe(false);
    if (!gate.ok) expect(gate.error).toMatch(/seconds/);
  });

  it('analysis:four-bar answers the four-bar analysis, or null for another mechanism', async () => {
    const session = crankRocker();
    const answer = await dispatch(handlersOf(session), 'analysis:four-bar', { samples: 36 });
    const copy = structuredClone(session.drawing);
    expect(answer).toEqual({
      ok: true,
      value: analyzeFourBar(Engine.build(copy, { clock: testClock() }), copy, { samples: 36 }),
    });
    if (answer.ok) expect((answer.value as FourBarAnalysis | null)?.grashof).toBe('crank-rocker');

    const slider = new Session({ clock: testClock() });
    slider.replaceDrawing(EXAMPLES.find((e) => e.name === 'slider-crank')!.build(), null);
    expect(await dispatch(handlersOf(slider), 'analysis:four-bar', {})).toEqual({ ok: true, value: null });
  });

  it('while the instant centres are shown, play frames carry them at the played pose', async () => {
    const session = crankRocker();
    expect(session.playFrame().centres).toBeUndefined();
    const shown = await dispatch(handlersOf(session), 'analysis:centres', { show: true });
    expect(shown.ok && (shown.value as Snapshot).centres?.map((c) => c.bar)).toEqual([
      'crank',
      'coupler',
      'rocker',
    ]);
    session.playControl('play');
    for (let i = 0; i < 5; i++) session.playFrame();
    const frame = session.playFrame();
    const engine = Engine.build(structuredClone(session.drawing), { clock: testClock() });
    expect(frame.centres).toEqual(instantCentres(engine, session.drawing));
    expect(frame.centres![1].at).not.toBeNull();
    expect(session.snapshot(false).canUndo).toBe(false);
    await dispatch(handlersOf(session), 'analysis:centres', { show: false });
    expect(session.playFrame().centres).toBeUndefined();
  });
});
