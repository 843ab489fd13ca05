import { describe, expect, it } from 'vitest';
import { emptyTrail, spliceTrail, trailPoints } from '../shared/trail';
import type { Snapshot } from '../shared/contract';
import type { Drawing, Vec2 } from '../shared/drawing';
import { curveStateOf } from '../engine';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

const circle = { kind: 'circle', id: 'c1', center: [0, 0], radius: 20 } as const;
const segment = { kind: 'segment', id: 'c2', a: [20, 0], b: [40, 10] } as const;
const bead = {
  kind: 'on-curve',
  id: 'k1',
  point: { curve: 'c2', anchor: 'start' },
  curve: 'c1',
  s: 0,
} as const;

function withCircleAndSegment(): Session {
  const session = new Session({ clock: testClock() });
  session.edit({ type: 'add', curves: [structuredClone(circle) as never] });
  session.edit({
    type: 'add',
    curves: [structuredClone(segment) as never],
    constraints: [structuredClone(bead) as never],
  });
  return session;
}

function curve<K extends string>(d: Drawing, id: string): Record<K, unknown> {
  return d.curves.find((c) => c.id === id) as unknown as Record<K, unknown>;
}

function distanceFromCircle(d: Drawing): number {
  const c = curve<'center' | 'radius'>(d, 'c1');
  const s = curve<'a'>(d, 'c2');
  const [cx, cy] = c.center as Vec2;
  const [ax, ay] = s.a as Vec2;
  return Math.abs(Math.hypot(ax - cx, ay - cy) - (c.radius as number));
}

describe('session edits', () => {
  it('adds curves with their snap constraints and settles them', () => {
    const session = withCircleAndSegment();
    const snap = session.snapshot(true);
    expect(snap.drawing?.curves.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(snap.status.maxResidual).toBeLessThan(1e-9);
    expect(distanceFromCircle(session.drawing)).toBeLessThan(1e-9);
    expect(snap.canUndo).toBe(true);
    expect(snap.dirty).toBe(true);
  });

  it('reports which curves are fully constrained, and which move', () => {
    const session = withCircleAndSegment();
    // The segment's start rides the circle: both move. A point pinned where it is cannot move at all.
    const fixedOf = () => session.snapshot(true).status.curves?.map((c) => [c.id, c.fixed]);
    expect(fixedOf()).toEqual([
      ['c1', false],
      ['c2', false],
    ]);
    session.edit({
      type: 'add',
      curves: [{ kind: 'point', id: 'p', at: [50, 50] }],
      constraints: [{ kind: 'pin', id: 'k2', point: { curve: 'p', anchor: 'start' }, at: [50, 50] }],
    });
    expect(fixedOf()).toEqual([
      ['c1', false],
      ['c2', false],
      ['p', true],
    ]);
  });

  it('refuses a dangling reference and changes nothing', () => {
    const session = withCircleAndSegment();
    const before = structuredClone(session.drawing);
    expect(() =>
      session.edit({
        type: 'add',
        constraints: [{ kind: 'pin', id: 'k9', point: { curve: 'nope', anchor: 'start' }, at: [0, 0] }],
      }),
    ).toThrow('add.constraints[0].point.curve: unknown curve "nope"');
    expect(() => session.edit({ type: 'add', curves: [{ kind: 'point', id: 'c1', at: [1, 1] }] })).toThrow(
      'add.curves[0].id: duplicate id "c1" (also used by curves[0])',
    );
    expect(session.drawing.curves).toEqual(before.curves);
    expect(session.drawing.constraints).toEqual(before.constraints);
  });

  it('deleting a curve removes its constraints in the same undoable step', () => {
    const session = withCircleAndSegment();
    const before = structuredClone(session.drawing);
    session.edit({ type: 'delete', ids: ['c1'] });
    expect(session.drawing.curves.map((c) => c.id)).toEqual(['c2']);
    expect(session.drawing.constraints).toEqual([]);
    session.undo();
    expect(session.drawing.curves).toEqual(before.curves);
    expect(session.drawing.constraints).toEqual(before.constraints);
  });

  it('sets a numeric property through the solver, undoably', () => {
    const session = withCircleAndSegment();
    session.edit({ type: 'set', id: 'c1', field: 'radius', value: 30 });
    expect(curve<'radius'>(session.drawing, 'c1').radius).toBeGreaterThan(20);
    expect(distanceFromCircle(session.drawing)).toBeLessThan(1e-9);
    session.undo();
    expect(curve<'radius'>(session.drawing, 'c1').radius).toBe(20);
    expect(() => session.edit({ type: 'set', id: 'c1', field: 'radius', value: -1 })).toThrow(
      'set c1.radius: expected a positive number, got -1',
    );
    expect(() => session.edit({ type: 'set', id: 'c1', field: 'wat', value: 1 })).toThrow(
      'a circle has no such field',
    );
  });
});

describe('equation curves', () => {
  const cycloid = {
    id: 'eq1',
    name: 'Wheel',
    x: 'cx + r * cos(u)',
    y: 'cy + r * sin(u)',
    u0: 0,
    u1: 2 * Math.PI,
    closed: true,
    params: [
      { name: 'cx', value: 0, free: true },
      { name: 'cy', value: 0, free: true },
      { name: 'r', value: 10, free: false },
    ],
  };

  it('adds a definition with its curve in one step, redefines it, and undoes both', () => {
    const session = new Session({ clock: testClock() });
    session.edit({
      type: 'add',
      equations: [cycloid],
      curves: [{ kind: 'equation', id: 'c1', definition: 'eq1', params: { cx: 5, cy: 0, r: 10 } }],
    });
    expect(session.drawing.equations.map((e) => e.id)).toEqual(['eq1']);
    session.edit({
      type: 'define',
      definition: { ...cycloid, params: [...cycloid.params, { name: 'k', value: 2, free: false }] },
    });
    expect(curve<'params'>(session.drawing, 'c1').params).toEqual({ cx: 5, cy: 0, r: 10, k: 2 });
    session.undo();
    expect(curve<'params'>(session.drawing, 'c1').params).toEqual({ cx: 5, cy: 0, r: 10 });
    session.undo();
    expect(session.drawing.equations).toEqual([]);
    expect(session.drawing.curves).toEqual([]);
    expect(() => session.edit({ type: 'define', definition: { ...cycloid, id: 'nope' } })).toThrow(
      "define: unknown equation 'nope'",
    );
  });

  it('a definition the engine refuses leaves the drawing as it was', () => {
    const session = new Session({ clock: testClock() });
    session.edit({
      type: 'add',
      equations: [cycloid],
      curves: [{ kind: 'equation', id: 'c1', definition: 'eq1', params: { cx: 5, cy: 0, r: 10 } }],
    });
    const before = structuredClone(session.drawing);
    expect(() => session.edit({ type: 'define', definition: { ...cycloid, x: 'cx + * r' } })).toThrow(/x/);
    expect(session.drawing.equations).toEqual(before.equations);
    expect(session.drawing.curves).toEqual(before.curves);
  });
});

describe('session drag', () => {
  it('a whole drag is one undo step; undo restores the pose exactly, redo reapplies it', () => {
    const session = withCircleAndSegment();
    const before = structuredClone(session.drawing.curves);
    const frames: Snapshot[] = [];
    frames.push(session.dragStart('c2', 1, [40, 10]));
    for (let i = 1; i <= 10; i++) frames.push(session.dragMove([40 + 2 * i, 10 + 3 * i]));
    // During a drag only the states of moved curves travel.
    expect(frames.at(-1)?.drawing).toBeUndefined();
    const moved = frames.at(-1)?.states;
    const at = moved?.curves.indexOf(session.drawing.curves.findIndex((c) => c.id === 'c2')) ?? -1;
    expect(at).toBeGreaterThanOrEqual(0);
    const c2 = session.drawing.curves.find((c) => c.id === 'c2')!;
    expect(moved?.values.slice(moved.offsets[at], moved.offsets[at + 1])).toEqual(
      curveStateOf(c2, session.drawing),
    );
    session.dragEnd();
    const after = structuredClone(session.drawing.curves);
    expect(distanceFromCircle(session.drawing)).toBeLessThan(1e-9);
    const b = curve<'b'>(session.drawing, 'c2').b as Vec2;
    expect(Math.hypot(b[0] - 60, b[1] - 40)).toBeLessThan(1);

    const undone = session.undo();
    expect(undone.drawing?.curves).toEqual(before);
    expect(session.drawing.curves).toEqual(before);
    session.undo();
    session.redo();
    const redone = session.redo();
    expect(redone.drawing?.curves).toEqual(after);
    expect(redone.canRedo).toBe(false);
  });

  it('a frame sends the states of the curves that moved since the last snapshot, and only those', () => {
    const session = withCircleAndSegment();
    const none = { curves: [], offsets: [0], values: [] };
    // An edit's full snapshot is the baseline: the settle that puts the bead back on the circle is not sent again.
    session.edit({ type: 'set', id: 'c2', field: 'ax', value: 25 });
    expect(curve<'a'>(session.drawing, 'c2').a).not.toEqual([25, 0]);
    expect(session.playFrame().states).toEqual(none);
    session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p', at: [100, 100] }] });
    const index = (id: string) => session.drawing.curves.findIndex((c) => c.id === id);
    const frames = [session.dragStart('c2', 1, [45, 12])];
    for (let i = 0; i < 20 && frames.at(-1)!.states!.curves.length > 0; i++)
      frames.push(session.dragMove([45, 12]));
    // The dragged segment moved in the first frame, the free point never; once caught up, frames send nothing.
    expect(frames[0].states?.curves).toContain(index('c2'));
    expect(frames.at(-1)?.states).toEqual(none);
    for (const frame of frames) expect(frame.states?.curves).not.toContain(index('p'));
    // What a frame sends is the curve's state as it was then: the last non-empty frame's equals the state now.
    const last = frames.findLast((f) => f.states!.curves.length > 0)!.states!;
    last.curves.forEach((i, at) =>
      expect(last.values.slice(last.offsets[at], last.offsets[at + 1])).toEqual(
        curveStateOf(session.drawing.curves[i], session.drawing),
      ),
    );
    session.dragEnd();
    // Undo sends the whole drawing; the frame after it has nothing new to send.
    expect(session.undo().drawing).toBeDefined();
    expect(session.playFrame().states).toEqual(none);
    // A cancelled drag likewise: its full snapshot is the new baseline.
    session.dragStart('p', 0, [100, 100]);
    expect(session.dragMove([120, 90]).states?.curves).toEqual([index('p')]);
    expect(session.dragCancel().drawing).toBeDefined();
    expect(session.playFrame().states).toEqual(none);
  });

  it('cancel returns to where the drag began', () => {
    const session = withCircleAndSegment();
    const before = structuredClone(session.drawing.curves);
    session.dragStart('c1', 0.25, [0, 20]);
    session.dragMove([10, 35]);
    const snap = session.dragCancel();
    expect(snap.drawing?.curves).toEqual(before);
    expect(session.drawing.curves).toEqual(before);
    expect(() => session.dragMove([0, 0])).toThrow('no drag in progress');
  });

  it('dirty follows the save point through undo and redo', () => {
    const session = withCircleAndSegment();
    const saved = session.markSaved('/tmp/x/mech.curvewright', session.savePoint());
    expect(saved.drawing).toBeUndefined();
    expect([saved.title, saved.dirty]).toEqual(['mech.curvewright — Curvewright', false]);
    expect(session.dirty).toBe(false);
    expect(session.title()).toBe('mech.curvewright — Curvewright');
    session.edit({ type: 'set', id: 'c1', field: 'cx', value: 3 });
    expect(session.title()).toBe('mech.curvewright • — Curvewright');
    session.undo();
    expect(session.dirty).toBe(false);
    session.undo();
    session.edit({ type: 'set', id: 'c1', field: 'cy', value: 3 });
    session.undo();
    expect(session.dirty).toBe(true); // the saved state is no longer reachable by redo
  });
});

describe('handlers through the dispatch gate', () => {
  it('answer with snapshots and one-line errors', async () => {
    const session = new Session({ clock: testClock() });
    const handlers = { ...createHandlers(session) } as never;
    const ok = await dispatch(handlers, 'edit:apply', {
      type: 'add',
      curves: [{ kind: 'bar', id: 'b1', center: [0, 0], angle: 0, length: 10 }],
    });
    expect(ok.ok).toBe(true);
    const bad = await dispatch(handlers, 'edit:apply', {
      type: 'add',
      curves: [{ kind: 'circle', id: 'c1', center: [0, 0], radius: -2 }],
    });
    expect(bad).toEqual({
      ok: false,
      error: 'edit:apply: payload.curves[0].radius: expected a positive number, got -2',
    });
    const noDrag = await dispatch(handlers, 'drag:move', { cursor: [0, 0] });
    expect(noDrag).toEqual({ ok: false, error: 'drag:move: no drag in progress' });
    await dispatch(handlers, 'view:set', { center: [1, 2], zoom: 3 });
    expect(session.drawing.view).toEqual({ center: [1, 2], zoom: 3 });
    expect(session.dirty).toBe(true);
  });
});

describe('the mechanism player in the session', () => {
  it('plays a crank-rocker: the motor turns, the trace grows, Reset returns to the pose at Play exactly', async () => {
    const { EXAMPLES } = await import('../mechanisms');
    const example = EXAMPLES.find((e) => e.name === 'crank-rocker');
    if (!example) throw new Error('no crank-rocker example');
    const session = new Session({ clock: testClock(), drawing: example.build() });
    const before = structuredClone(session.drawing);
    const motor = () =>
      session.drawing.constraints.find((k) => k.kind === 'motor') as { angle: number; rpm: number };
    expect(session.playFrame().play?.state).toBe('stopped'); // not playing: nothing moves
    const played = session.playControl('play', 2);
    expect(played.play).toMatchObject({ state: 'playing', speed: 2, canReset: true });
    let last: Snapshot | null = null;
    // The renderer's copy of the trail, built from the frames' deltas alone: each frame sends its new point.
    const mirrored = emptyTrail();
    for (let i = 0; i < 30; i++) {
      last = session.playFrame();
      for (const delta of last.trails ?? []) spliceTrail(mirrored, delta.from, delta.xy);
      if (i > 0) expect(last.trails?.[0].xy).toHaveLength(2);
    }
    expect(last?.play?.frame).toBe(30);
    expect(last?.play?.time).toBeCloseTo(1, 12); // 30 frames at 60 fps, speed 2
    expect(last?.status.maxResidual).toBeLessThan(1e-9);
    expect(last?.states?.curves.length).toBeGreaterThan(0);
    expect(mirrored.length).toBeGreaterThan(20);
    expect(trailPoints(mirrored)).toEqual(trailPoints(session.drawing.traces[0].points));
    const turned =
      motor().angle - (before.constraints.find((k) => k.kind === 'motor') as { angle: number }).angle;
    expect(Math.abs(turned)).toBeCloseTo((Math.abs(motor().rpm) / 60) * 2 * Math.PI, 6);
    session.playControl('pause');
    expect(session.playFrame().play?.frame).toBe(30);
    const reset = session.playControl('reset');
    expect(reset.drawing?.curves).toEqual(before.curves);
    expect(session.drawing.constraints).toEqual(before.constraints);
    expect(reset.play).toMatchObject({ state: 'stopped', canReset: false });
  });

  it('a crank driven into its limit holds there, and the play status names what it is locked against', async () => {
    const { doubleRocker, doubleRockerLimit } = await import('../mechanisms/test-support/double-rocker');
    // Non-Grashof: the crank stops at ~93.6°, coupler and rocker in line.
    const session = new Session({ clock: testClock(), drawing: doubleRocker() });
    const ids = session.drawing.constraints.map((k) => k.id);

    session.playControl('play');
    const early = session.playFrame(); // 6° on: free
    expect(early.play?.binding).toEqual([]);
    let last: Snapshot = early;
    for (let i = 0; i < 40; i++) last = session.playFrame(); // well past the limit (16 frames)
    const limit = doubleRockerLimit();
    const crank = session.drawing.curves.find((c) => c.id === 'crank') as { angle: number };
    expect(Math.abs(crank.angle - limit)).toBeLessThan(1e-6);
    expect(last.status.maxResidual).toBeLessThan(1e-9);
    // The whole loop holds against the motor: the motor, both joints and both pivots.
    expect([...(last.play?.binding ?? [])].sort()).toEqual([...ids].sort());
    expect(session.snapshot(false).play?.binding).toEqual(last.play?.binding);

    const reset = session.playControl('reset');
    expect(reset.play?.binding).toEqual([]);
  });
});

describe('full snapshots and the drawing', () => {
  it('copy the drawing for a caller that may keep them, share it where every snapshot is sent at once', () => {
    const kept = withCircleAndSegment();
    const copy = kept.snapshot(true).drawing!;
    expect(copy.curves).toEqual(kept.drawing.curves);
    expect(copy.curves[0]).not.toBe(kept.drawing.curves[0]);

    const sent = new Session({ clock: testClock(), snapshotsSentAtOnce: true });
    sent.edit({ type: 'add', curves: [structuredClone(circle) as never] });
    const shared = sent.snapshot(true).drawing!;
    expect(shared.curves[0]).toBe(sent.drawing.curves[0]);
  });
});
