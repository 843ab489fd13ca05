// A trace of a million points through the IPC gate (issue 19): it is thinned as it comes in, its snapshot carries
// the thinned trail once, an edit after it carries none of it, a save gives the same trail back, and undo keeps the
// trail itself rather than a copy. The answers are asserted, not their times (docs/performance.md has those).

import { describe, expect, it } from 'vitest';
import { serializeDrawing } from '../document/serialize';
import { parseDrawingText } from '../document/validate';
import type { Result, Snapshot } from '../shared/contract';
import type { Vec2 } from '../shared/drawing';
import { MAX_TRACE_POINTS } from '../shared/limits';
import { trailPoints } from '../shared/trail';
import { decimateTrail } from '../shared/trail-decimation';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

const POINTS = 1_000_000;

/** One turn of a 50 mm circle, a million times: what a long recording of a crank pin looks like. */
function turn(): Vec2[] {
  return Array.from({ length: POINTS }, (_, i) => {
    const a = (2 * Math.PI * i) / POINTS;
    return [50 * Math.cos(a), 50 * Math.sin(a)];
  });
}

function gate() {
  const session = new Session({ clock: testClock() });
  const handlers = createHandlers(session);
  const call = async (channel: string, payload?: unknown): Promise<Snapshot> => {
    const answer = (await dispatch(handlers as never, channel, payload)) as Result<Snapshot>;
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  };
  return { session, handlers, call };
}

describe('a trace of a million points over IPC', () => {
  it('is thinned as it comes in; its points travel once; save and load give the same trail', async () => {
    const { session, call } = gate();
    await call('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'c1', at: [0, 0] }] });
    const points = turn();
    const added = await call('edit:apply', {
      type: 'add',
      traces: [{ id: 't1', point: { curve: 'c1', anchor: 'center' }, points }],
    });
    const stored = session.drawing.traces[0].points;
    const thinned = decimateTrail(Float64Array.from(points.flat()), POINTS);
    expect(trailPoints(stored)).toEqual(trailPoints(thinned));
    expect(stored.length).toBeLessThan(1000); // a 50 mm circle within a micrometre: a few hundred chords
    // The snapshot: the drawing's trace without points, the trail once, as its stored points.
    expect(added.drawing?.traces).toEqual([
      { id: 't1', point: { curve: 'c1', anchor: 'center' }, points: [] },
    ]);
    expect(added.trails).toEqual([
      { id: 't1', from: 0, xy: Array.from(stored.xy.subarray(0, 2 * stored.length)) },
    ]);
    expect(JSON.stringify(added).length).toBeLessThan(100 * stored.length);

    // An unrelated edit after it: its (full) snapshot carries no trace point.
    const next = await call('edit:apply', {
      type: 'add',
      curves: [{ kind: 'point', id: 'c2', at: [10, 10] }],
    });
    expect(next.trails).toBeUndefined();
    expect(next.drawing?.traces[0].points).toEqual([]);
    expect(next.drawing?.curves).toHaveLength(2);
    // A refused one answers in one line, the trail as it was.
    const refused = await dispatch(createHandlers(session) as never, 'edit:apply', {
      type: 'delete',
      ids: ['nope'],
    });
    expect(refused).toEqual({ ok: false, error: "edit:apply: delete: unknown id 'nope'" });
    expect(session.drawing.traces[0].points).toBe(stored);

    // Undo and redo move the trail itself, never a copy; a page that loads afresh gets the whole trail again.
    const undone = await call('history:undo');
    expect(undone.trails).toBeUndefined();
    await call('history:undo'); // the trace's add
    expect(session.drawing.traces).toEqual([]);
    const redone = await call('history:redo');
    expect(session.drawing.traces[0].points).toBe(stored);
    expect(redone.trails?.[0].from).toBe(0);
    const fresh = await call('session:snapshot');
    expect(fresh.trails?.[0].xy).toHaveLength(2 * stored.length);

    // Saved and loaded again: the same trail, point for point.
    const loaded = parseDrawingText(serializeDrawing(session.drawing));
    expect(trailPoints(loaded.traces[0].points)).toEqual(trailPoints(stored));
  });

  it('is refused in one line naming its path when it keeps more than MAX_TRACE_POINTS once thinned', async () => {
    const { session, call } = gate();
    await call('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'c1', at: [0, 0] }] });
    // A zigzag a millimetre high: nothing to thin.
    const points = Array.from({ length: POINTS }, (_, i) => [i / 1000, i % 2]);
    const answer = await dispatch(createHandlers(session) as never, 'edit:apply', {
      type: 'add',
      traces: [{ id: 't1', point: { curve: 'c1', anchor: 'center' }, points }],
    });
    expect(answer).toEqual({
      ok: false,
      error: `edit:apply: add.traces[0].points: a trace keeps at most ${MAX_TRACE_POINTS} points once thinned to 0.001 mm, this one needs ${POINTS}`,
    });
    expect(session.drawing.traces).toEqual([]);
  });
});
