// A command the session refuses changes nothing, during a drag too (issue 26, finding 6): the drag goes on, and
// Escape still puts back the pose it began from. Through the session's real host and main's end of it; then
// over random commands sent during random drags. And a cancelled drag puts back what Play recorded during it.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDrawingText } from '../document/validate';
import { chain, fourBar } from '../engine/test-support/drawings';
import type { Drawing } from '../shared/drawing';
import { testClock } from '../shared/test-support/clock';
import { emptyTrail, trailPoints } from '../shared/trail';
import { dispatch, type Handlers } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { hostScene, type HostScene } from './test-support/host-scene';

const scenes: HostScene[] = [];
afterEach(async () => {
  for (const scene of scenes.splice(0)) await scene.close();
});

/** A chain of three bars (b0 pinned at its start) with b2's end dragged away from where it was. */
async function dragging(): Promise<HostScene> {
  const s = await hostScene(chain(3));
  scenes.push(s);
  await s.call('drag:start', { curve: 'b2', u: 1, cursor: [3, 0] });
  await s.call('drag:move', { cursor: [2, 2] });
  return s;
}

/** Escape after the refusals: the drag was still going, and the pose it began from comes back. */
async function escapeRestores(s: HostScene): Promise<void> {
  expect(s.host.session.dragging).toBe(true);
  const cancelled = await s.call('drag:cancel');
  expect(cancelled.drawing!.curves).toEqual(chain(3).curves);
  expect(s.client.state.dirty).toBe(false);
}

describe('a refusal during a drag leaves the drag as it was', () => {
  it('a nudge the constraints hold back, or of a curve there is not', async () => {
    const s = await dragging();
    const moved = structuredClone(s.host.session.drawing.curves);
    const held = await s.invoke('edit:translate', { ids: ['b0'], by: [5, 0] });
    expect(held.ok).toBe(false);
    expect((await s.invoke('edit:translate', { ids: ['nope'], by: [1, 0] })).ok).toBe(false);
    expect(s.host.session.drawing.curves).toEqual(moved);
    await s.call('drag:move', { cursor: [1.5, 2.5] });
    await escapeRestores(s);
  });

  it('a drag:start of a curve there is not, or of a handle the curve has not', async () => {
    const s = await dragging();
    expect(await s.invoke('drag:start', { curve: 'nope', u: 0, cursor: [0, 0] })).toEqual({
      ok: false,
      error: "drag:start: unknown curve 'nope'",
    });
    expect((await s.invoke('drag:start', { curve: 'b1', u: 0, cursor: [0, 0], handle: 0 })).ok).toBe(false);
    await escapeRestores(s);
  });

  it('Play or Step with no motor running, Reset with nothing to go back to, Redo', async () => {
    const s = await dragging();
    const played = await s.call('play:control', { action: 'play' });
    expect(played.play!.notice).toMatch(/^Nothing to play/);
    await s.call('play:control', { action: 'step' });
    await s.call('play:control', { action: 'reset' });
    await s.call('history:redo');
    await escapeRestores(s);
  });

  it('an accepted nudge still ends the drag first, as its own undo entry', async () => {
    const s = await dragging();
    const dragged = structuredClone(s.host.session.drawing.curves);
    expect((await s.invoke('edit:translate', { ids: ['b2'], by: [-0.3, 0] })).ok).toBe(true);
    expect(s.host.session.dragging).toBe(false);
    await s.call('history:undo');
    expect(s.host.session.drawing.curves).toEqual(dragged);
    await s.call('history:undo');
    expect(s.host.session.drawing.curves).toEqual(chain(3).curves);
  });
});

describe('a drag cancelled while the mechanism plays', () => {
  it('puts the trails back as they were when it began', async () => {
    const drawing = fourBar();
    drawing.traces.push({ id: 't1', point: { curve: 'coupler', u: 0.5 }, points: emptyTrail() });
    const s = await hostScene(drawing);
    scenes.push(s);
    await s.call('play:control', { action: 'play' });
    for (let i = 0; i < 3; i++) await s.call('play:frame');
    const trail = () => trailPoints(s.host.session.drawing.traces[0].points);
    const before = trail();
    expect(before.length).toBeGreaterThan(1);
    const rocker = s.host.session.drawing.curves.find((c) => c.id === 'rocker') as {
      center: [number, number];
    };
    await s.call('drag:start', { curve: 'rocker', u: 0.5, cursor: rocker.center });
    for (let i = 0; i < 5; i++) await s.call('play:frame');
    expect(trail().length).toBeGreaterThan(before.length);
    const cancelled = await s.call('drag:cancel');
    expect(trail()).toEqual(before);
    // The window is sent the trail whole again.
    expect(cancelled.trails).toEqual([{ id: 't1', from: 0, xy: before.flat() }]);
  });
});

// Random commands, valid and not, sent during random drags: a refused one never ends the drag.
const base = parseDrawingText(readFileSync('test/fixtures/all-kinds.curvewright', 'utf8'));
const curveIds = [...base.curves.map((c) => c.id), 'nope'];
const coord = fc.double({ min: -60, max: 60, noNaN: true });
const vec = fc.tuple(coord, coord);
const curveId = fc.constantFrom(...curveIds);
const call = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({ curve: curveId, u: fc.double({ min: 0, max: 1, noNaN: true }), cursor: vec })
      .map((p) => ['drag:start', p] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ curve: curveId, u: fc.constant(0), cursor: vec, handle: fc.integer({ min: 0, max: 6 }) })
      .map((p) => ['drag:start', p] as const),
  },
  { weight: 2, arbitrary: vec.map((cursor) => ['drag:move', { cursor }] as const) },
  {
    weight: 2,
    arbitrary: fc
      .record({ ids: fc.array(curveId, { minLength: 1, maxLength: 2 }), by: vec })
      .map((p) => ['edit:translate', p] as const),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        type: fc.constant('set'),
        id: fc.constantFrom(...curveIds, 'k1', 'm1'),
        field: fc.constantFrom('radius', 'length', 'cx', 'rpm', 'x', 'bogus'),
        value: fc.double({ min: -5, max: 60, noNaN: true }),
      })
      .map((p) => ['edit:apply', p] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ type: fc.constant('delete'), ids: fc.tuple(fc.constantFrom(...curveIds, 'k1', 'nope')) })
      .map((p) => ['edit:apply', p] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('play', 'step', 'reset', 'pause')
      .map((action) => ['play:control', { action }] as const),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(['play:frame', undefined] as const, ['history:redo', undefined] as const),
  },
  { weight: 1, arbitrary: fc.constant(['drag:end', undefined] as const) },
  { weight: 2, arbitrary: fc.constant(['drag:cancel', undefined] as const) },
);

/** The drawing's records, each trail as its points (how often it was rewritten is no part of it). */
function records(drawing: Drawing) {
  const { curves, constraints, springs, traces, equations } = drawing;
  return structuredClone({
    curves,
    constraints,
    springs,
    traces: traces.map((t) => ({ ...t, points: trailPoints(t.points) })),
    equations,
  });
}

describe('random commands during random drags', () => {
  it('a refused one leaves the drag going, and Escape puts back the pose the drag began from', async () => {
    const seen = { refusedWhileDragging: 0, cancelled: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 20, size: 'max' }), async (calls) => {
        const session = new Session({ clock: testClock(), drawing: base, warmUp: false });
        const handlers = createHandlers(session) as unknown as Handlers;
        let atStart: ReturnType<typeof records> | null = null;
        for (const [channel, payload] of calls) {
          const wasDragging = session.dragging;
          const before = records(session.drawing);
          const answer = await dispatch(handlers, channel, payload);
          if (channel === 'drag:start' && answer.ok) atStart = before;
          if (!answer.ok && wasDragging) {
            seen.refusedWhileDragging++;
            expect(session.dragging, `${channel} ${answer.error}`).toBe(true);
            expect(records(session.drawing)).toEqual(before);
          }
          if (channel === 'drag:cancel' && wasDragging) {
            seen.cancelled++;
            expect(records(session.drawing)).toEqual(atStart);
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(seen.refusedWhileDragging).toBeGreaterThan(60);
    expect(seen.cancelled).toBeGreaterThan(30);
  });
});
