// Point sets and attractors in the session (issue 30): records of the drawing added, changed and deleted as undoable
// edits; the live run of the attractors frame by frame, its motion part of the edit or drag that set it going, so
// one undo takes back both; readouts in the snapshot; refusals in one line.
import { describe, expect, it } from 'vitest';
import type { Attractor, Curve, Vec2 } from '../shared/drawing';
import type { Snapshot } from '../shared/contract';
import { testClock } from '../shared/test-support/clock';
import { serializeDrawing } from '../document/serialize';
import { decodeDrawing } from '../document/file-io';
import { Session } from './session';
import { imageRecord, shapePng } from '../document/test-support/png';

/** Points on the circle of centre (20, 10) and radius 8. */
const ring: Vec2[] = Array.from({ length: 24 }, (_, i) => {
  const t = (2 * Math.PI * i) / 24;
  return [20 + 8 * Math.cos(t), 10 + 8 * Math.sin(t)];
});

const fit: Attractor = {
  id: 'fit',
  kind: 'points',
  on: true,
  strength: 1,
  curves: ['c'],
  data: 'ring',
  loss: 'squared',
};

function withData(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({ type: 'add', curves: [{ id: 'c', kind: 'circle', center: [0, 0], radius: 5 }] });
  session.edit({ type: 'add', pointSets: [{ id: 'ring', name: 'Ring', points: ring }] });
  return session;
}

/** Pull frames until the run comes to rest; the last snapshot. */
function runPulls(session: Session): { last: Snapshot } {
  for (let frames = 1; frames <= 300; frames++) {
    const last = session.pullFrame();
    if (last.pulls?.done) return { last };
  }
  throw new Error('the pulls did not come to rest in 300 frames');
}

const circle = (session: Session) => session.drawing.curves.find((c) => c.id === 'c')!;

describe('a fit in the session', () => {
  it('runs live after "Fit to points", reads out its distances, and is one undo step with the edit', () => {
    const session = withData();
    const added = session.edit({ type: 'add', attractors: [fit] });
    expect(added.pulls?.done).toBe(false);
    expect(added.pulls?.readouts[0].rms).toBeGreaterThan(10);
    expect(added.dirty).toBe(true);
    const { last } = runPulls(session);
    const [readout] = last.pulls!.readouts;
    expect(readout.id).toBe('fit');
    expect(readout.rms).toBeLessThan(1e-6);
    expect(readout.max).toBeLessThan(1e-6);
    expect(readout.worst).not.toBeNull();
    expect(circle(session)).toMatchObject({ kind: 'circle' });
    const fitted = circle(session);
    if (fitted.kind !== 'circle') throw new Error('not a circle');
    expect(fitted.center[0]).toBeCloseTo(20, 6);
    expect(fitted.center[1]).toBeCloseTo(10, 6);
    expect(fitted.radius).toBeCloseTo(8, 6);
    // At rest: another frame moves nothing.
    expect(session.pullFrame().states?.curves ?? []).toEqual([]);

    session.undo();
    expect(session.drawing.attractors).toBeUndefined();
    expect(circle(session)).toEqual({ id: 'c', kind: 'circle', center: [0, 0], radius: 5 });
    session.redo();
    expect(session.drawing.attractors).toEqual([fit]);
    expect(circle(session)).toEqual(fitted);
  });

  it('pauses while its curve is dragged and resumes at the release, the drag and the fit one undo step', () => {
    const session = withData();
    session.edit({ type: 'add', attractors: [fit] });
    const atRest = runPulls(session).last.pulls!.readouts;
    const fitted = structuredClone(circle(session));
    session.dragStart('c', 0, [28, 10]);
    // A drag frame carries the readouts from before the drag (they are not measured while it moves).
    expect(session.dragMove([40, 10]).pulls?.readouts).toEqual(atRest);
    const during = session.pullFrame();
    expect(during.states?.curves ?? []).toEqual([]);
    const pulled = structuredClone(circle(session));
    expect(pulled).not.toEqual(fitted);
    const released = session.dragEnd();
    expect(released.pulls?.done).toBe(false);
    expect(released.pulls?.readouts[0].rms).toBeGreaterThan(1);
    runPulls(session);
    const back = circle(session);
    if (back.kind !== 'circle') throw new Error('not a circle');
    expect(back.radius).toBeCloseTo(8, 6);
    expect(back.center[0]).toBeCloseTo(20, 6);
    session.undo();
    expect(circle(session)).toEqual(fitted);
    expect(session.drawing.attractors).toEqual([fit]);
  });

  it('switched off, moves nothing and reads out nothing; its strength and loss change as one step each', () => {
    const session = withData();
    session.edit({ type: 'add', attractors: [{ ...fit, on: false }] });
    const off = session.pullFrame();
    expect(off.pulls).toBeUndefined();
    expect(circle(session)).toEqual({ id: 'c', kind: 'circle', center: [0, 0], radius: 5 });
    session.edit({ type: 'attractor', id: 'fit', loss: 'huber', strength: 3 });
    expect(session.drawing.attractors![0]).toMatchObject({ loss: 'huber', strength: 3, on: false });
    session.edit({ type: 'attractor', id: 'fit', on: true });
    runPulls(session);
    session.undo();
    expect(session.drawing.attractors![0].on).toBe(false);
  });

  it('goes with its point set, and with the last of its curves', () => {
    const session = withData();
    session.edit({ type: 'add', curves: [{ id: 'd', kind: 'circle', center: [50, 0], radius: 5 }] });
    session.edit({ type: 'add', attractors: [{ ...fit, curves: ['c', 'd'] }] });
    session.edit({ type: 'delete', ids: ['d'] });
    expect(session.drawing.attractors).toEqual([{ ...fit, curves: ['c'] }]);
    session.edit({ type: 'delete', ids: ['ring'] });
    expect(session.drawing.attractors).toBeUndefined();
    expect(session.drawing.pointSets).toBeUndefined();
    session.undo();
    expect(session.drawing.pointSets?.map((s) => s.id)).toEqual(['ring']);
    expect(session.drawing.attractors).toEqual([{ ...fit, curves: ['c'] }]);
  });

  it('is saved and opened again as it was', () => {
    const session = withData();
    session.edit({ type: 'add', attractors: [fit] });
    runPulls(session);
    const text = serializeDrawing(session.drawing);
    const again = decodeDrawing('fit.curvewright', new TextEncoder().encode(text));
    expect(again.pointSets).toEqual(session.drawing.pointSets);
    expect(again.attractors).toEqual([fit]);
    expect(serializeDrawing(again)).toBe(text);
  });

  it('refuses what names nothing, in one line, and changes nothing', () => {
    const session = withData();
    expect(() => session.edit({ type: 'add', attractors: [{ ...fit, data: 'scan' }] })).toThrow(
      `add.attractors[0].data: unknown point set "scan"`,
    );
    expect(() => session.edit({ type: 'add', attractors: [{ ...fit, curves: ['c', 'x'] }] })).toThrow(
      `add.attractors[0].curves[1]: unknown curve "x"`,
    );
    expect(() =>
      session.edit({ type: 'add', pointSets: [{ id: 'c', name: 'Clicks', points: [[0, 0]] }] }),
    ).toThrow(`add.pointSets[0].id: point set "Clicks": duplicate id "c"`);
    session.edit({ type: 'add', attractors: [fit] });
    expect(() => session.edit({ type: 'attractor', id: 'fit', range: 3 })).toThrow(
      'attractor fit.range: a points pull has no range',
    );
    expect(session.drawing.attractors).toEqual([fit]);
  });
});

describe("the Pencil's refit to its stroke", () => {
  /** A stroke along y = 2 from x = 0 to 100, wobbling by ±0.3 mm, and its mean height. */
  const stroke: Vec2[] = Array.from({ length: 51 }, (_, i) => [2 * i, 2 + 0.3 * Math.sin(i)]);
  const mean = stroke.reduce((sum, p) => sum + p[1], 0) / stroke.length;

  /** A session given the Pencil's edit: a segment held level, seeded off the stroke, sent with it or not. */
  function levelSegment(withStroke: boolean): { session: Session; s: Extract<Curve, { kind: 'segment' }> } {
    const session = new Session({ clock: testClock() });
    session.edit({
      type: 'add',
      curves: [{ id: 's', kind: 'segment', a: [0, 0], b: [100, 6] }],
      constraints: [
        { id: 'h', kind: 'horizontal', a: { curve: 's', anchor: 'start' }, b: { curve: 's', anchor: 'end' } },
      ],
      ...(withStroke && { stroke }),
    });
    const s = session.drawing.curves[0];
    if (s.kind !== 'segment') throw new Error('not a segment');
    return { session, s };
  }

  it('fits the added curves to the stroke under their constraints, in the same undo step, keeping nothing of it', () => {
    const { session, s } = levelSegment(true);
    // Horizontal, at the stroke's mean height, from its first point to its last.
    expect(s.a[1]).toBeCloseTo(mean, 6);
    expect(s.b[1]).toBeCloseTo(mean, 6);
    // Its ends at the stroke's (a segment's end is free to lie a little past the last point it is nearest to).
    expect(Math.abs(s.a[0])).toBeLessThan(1);
    expect(Math.abs(s.b[0] - 100)).toBeLessThan(1);
    expect(session.drawing.pointSets).toBeUndefined();
    expect(session.drawing.attractors).toBeUndefined();
    session.undo();
    expect(session.drawing.curves).toEqual([]);
  });

  it('leaves them as seeded without a stroke', () => {
    const { s } = levelSegment(false);
    expect(s.a[1]).toBeCloseTo(s.b[1], 9);
    expect(Math.abs(s.a[1] - mean)).toBeGreaterThan(0.5);
  });
});

describe('a snake in the session', () => {
  /** A dark disc of radius 40 px about the centre of a 160 × 160 image 40 mm wide at (0, 0): radius 10 mm. */
  const disc = imageRecord(
    shapePng(160, 160, (x, y) => Math.hypot(x - 80, y - 80) <= 40),
    { center: [0, 0], width: 40, rotation: 0 },
  );
  const snake: Attractor = {
    id: 'snake',
    kind: 'edges',
    on: true,
    strength: 1,
    curves: ['c'],
    image: disc.id,
    range: 1,
  };

  /** The circle's distance from the disc's edge, in pixels (0.25 mm each). */
  const offEdge = (session: Session, centre: Vec2) => {
    const c = circle(session);
    if (c.kind !== 'circle') throw new Error('not a circle');
    return (
      Math.max(Math.hypot(c.center[0] - centre[0], c.center[1] - centre[1]), Math.abs(c.radius - 10)) / 0.25
    );
  };

  it('locks onto the edge of the reference image, reads out its edge strength, and follows the image when moved', () => {
    const session = new Session({ clock: testClock() });
    session.edit({ type: 'add', images: [disc] });
    session.edit({ type: 'add', curves: [{ id: 'c', kind: 'circle', center: [0.6, -0.4], radius: 9 }] });
    const added = session.edit({ type: 'add', attractors: [snake] });
    expect(added.pulls?.readouts[0].edge).toBeLessThan(0.8);
    const { last } = runPulls(session);
    expect(offEdge(session, [0, 0])).toBeLessThan(0.5);
    expect(last.pulls!.readouts[0].edge).toBeGreaterThan(0.9);
    session.edit({ type: 'image', id: disc.id, center: [1, 0.5] });
    runPulls(session);
    expect(offEdge(session, [1, 0.5])).toBeLessThan(0.5);
  });
});
