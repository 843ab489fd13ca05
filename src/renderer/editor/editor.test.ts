// The editor driven headless: synthetic pointer and key events, the window API built by the preload's own
// createApi, every call through the dispatch gate into a real Session (real engine). Assertions on session state.

import { plainDrawing } from '../../shared/trace-records';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../session/session';
import { emptyDrawing, type Constraint, type Curve, type Vec2 } from '../../shared/drawing';
import { spec, TOOL_IDS } from '../../shared/actions';
import { setupEditor as setup } from '../test-support/editor-harness';
import type { ToolId } from '../tools/tool';

const curves = (s: Session) => s.drawing.curves;
const constraints = (s: Session) => s.drawing.constraints;
const find = <T extends Curve>(s: Session, id: string) => s.drawing.curves.find((c) => c.id === id) as T;

describe('curve tools', () => {
  it('circle: centre then rim', async () => {
    const { session, editor, user } = await setup();
    user.tool('circle');
    user.click([0, 0]);
    expect(editor.tool.path).toBe('circle.placing');
    user.click([20, 0]);
    await editor.client.idle();
    const c = find<Extract<Curve, { kind: 'circle' }>>(session, 'c1');
    expect(c.kind).toBe('circle');
    expect(c.center).toEqual([0, 0]);
    expect(c.radius).toBeCloseTo(20, 9);
    expect(editor.tool.path).toBe('circle.idle');
  });

  it('segment: an end on the circle becomes a bead, an end on a connector an attachment', async () => {
    const { session, editor, user } = await setup();
    user.tool('circle');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle(); // snapping looks at the mirror: the circle must be back from the session
    user.tool('segment');
    const rim: Vec2 = [20 * Math.cos(1), 20 * Math.sin(1)];
    user.move(rim);
    expect(editor.overlay.snap?.type).toBe('curve'); // the marker shows the snap before the click
    user.click(rim);
    user.click([50, 40]);
    user.tool('segment');
    user.click([0.5, -0.5]); // within 8 px of the centre (zoom 4): snaps to the connector
    user.click([-30, -30]);
    await editor.client.idle();
    const ks = constraints(session);
    expect(ks).toHaveLength(2);
    expect(ks[0]).toMatchObject({ kind: 'on-curve', point: { curve: 'c2', anchor: 'start' }, curve: 'c1' });
    expect((ks[0] as Extract<Constraint, { kind: 'on-curve' }>).s).toBeCloseTo(1 / (2 * Math.PI), 3);
    expect(ks[1]).toMatchObject({
      kind: 'attach',
      a: { curve: 'c3', anchor: 'start' },
      b: { curve: 'c1', anchor: 'center' },
    });
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
    expect(find<Extract<Curve, { kind: 'segment' }>>(session, 'c3').a).toEqual([0, 0]);
  });

  it('Alt turns snapping off', async () => {
    const { session, editor, user } = await setup();
    user.tool('circle');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    user.tool('segment');
    user.click([20, 0.5], { alt: true });
    user.click([40, 10], { alt: true });
    await editor.client.idle();
    expect(curves(session)).toHaveLength(2);
    expect(constraints(session)).toEqual([]);
  });

  it('press, drag and release draws a segment too', async () => {
    const { session, editor, user } = await setup();
    user.tool('segment');
    user.down([0, 0]);
    user.move([10, 5]);
    user.up([10, 5]);
    await editor.client.idle();
    expect(find<Extract<Curve, { kind: 'segment' }>>(session, 'c1')).toMatchObject({ a: [0, 0], b: [10, 5] });
  });

  it('bar, arc, ellipse, Bézier (2 clicks + Enter) and spline (double-click ends)', async () => {
    const { session, editor, user } = await setup();
    user.tool('bar');
    user.click([0, 0]);
    user.click([30, 40]);
    user.tool('arc');
    user.click([100, 0]);
    user.click([110, 0]);
    user.click([100, 10]);
    user.tool('ellipse');
    user.click([0, 100]);
    user.click([20, 110]);
    user.tool('bezier');
    user.click([-50, 0]);
    user.click([-20, 0]);
    user.key('Enter');
    user.tool('spline');
    user.click([0, -50]);
    user.click([10, -60]);
    user.click([20, -50]);
    editor.inputs.doubleClick(editor.inputs.at(editor.view.toScreen([20, -50])));
    await editor.client.idle();
    const [bar, arc, ellipse, bezier, spline] = curves(session);
    expect(bar).toMatchObject({ kind: 'bar', center: [15, 20], length: 50 });
    expect((bar as { angle: number }).angle).toBeCloseTo(Math.atan2(40, 30), 12);
    expect(arc).toMatchObject({ kind: 'arc', center: [100, 0], radius: 10, start: 0 });
    expect((arc as { sweep: number }).sweep).toBeCloseTo(Math.PI / 2, 12);
    expect(ellipse).toMatchObject({ kind: 'ellipse', center: [0, 100], rx: 20, ry: 10, rotation: 0 });
    expect((bezier as { points: Vec2[] }).points[1][0]).toBeCloseTo(-40, 12);
    expect(spline).toMatchObject({ kind: 'spline', closed: false });
    expect((spline as { points: Vec2[] }).points).toHaveLength(3);
  });

  it('Escape mid-draw leaves no half-made curve behind, for every drawing tool', async () => {
    const { session, editor, user } = await setup();
    const tools: ToolId[] = ['segment', 'bar', 'circle', 'arc', 'ellipse', 'bezier', 'spline'];
    for (const id of tools) {
      user.tool(id);
      user.click([0, 0]);
      if (id === 'arc' || id === 'bezier' || id === 'spline') user.click([10, 0]);
      user.move([15, 5]);
      expect(editor.overlay.preview.length).toBe(1);
      user.key('Escape');
      expect(editor.tool.path).toBe(`${id}.idle`);
      expect(editor.overlay.preview).toEqual([]);
      expect(editor.overlay.marks).toEqual([]);
      // The next click starts afresh.
      user.click([40, 40]);
      expect((editor.tool as unknown as { points: Vec2[] }).points).toEqual([[40, 40]]);
      user.key('Escape');
    }
    await editor.client.idle();
    expect(curves(session)).toEqual([]);
    expect(session.snapshot(false).canUndo).toBe(false);
  });
});

describe('constraint tools', () => {
  it('pin, attach, motor and spring', async () => {
    const { session, editor, user } = await setup();
    user.tool('bar');
    user.click([0, 0]);
    user.click([20, 0]);
    user.tool('bar');
    user.click([40, 0], { alt: true });
    user.click([60, 0], { alt: true });
    await editor.client.idle();
    user.tool('pin');
    user.click([0, 0]);
    user.tool('attach');
    user.click([20, 0]);
    expect(editor.tool.path).toBe('attach.second');
    user.key('Escape'); // cancel after the first pick: nothing made
    expect(editor.tool.path).toBe('attach.first');
    user.click([20, 0]);
    user.click([40, 0]);
    user.tool('motor');
    user.click([10, 0]);
    user.tool('spring');
    user.click([60, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    const ks = constraints(session);
    expect(ks.map((k) => k.kind)).toEqual(['pin', 'attach', 'motor']);
    expect(ks[0]).toMatchObject({ point: { curve: 'c1', anchor: 'start' }, at: [0, 0] });
    expect(ks[1]).toMatchObject({ a: { curve: 'c1', anchor: 'end' }, b: { curve: 'c2', anchor: 'start' } });
    expect(ks[2]).toMatchObject({ bar: 'c1' });
    expect(session.drawing.springs).toHaveLength(1);
    // The attachment pulled the free bar onto the pinned one's end.
    const end = find<Extract<Curve, { kind: 'bar' }>>(session, 'c2');
    const start: Vec2 = [end.center[0] - 10 * Math.cos(end.angle), end.center[1] - 10 * Math.sin(end.angle)];
    expect(Math.hypot(start[0] - 20, start[1])).toBeLessThan(1e-6);
  });

  it('the spring tool anchors a spring to the paper when its second click is on empty paper', async () => {
    const { session, editor, user } = await setup();
    user.tool('segment');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    user.tool('spring');
    user.click([20, 0]);
    user.click([20, 30]); // nothing there: the paper
    await editor.client.idle();
    expect(session.drawing.springs).toEqual([
      { id: 's1', a: { curve: 'c1', anchor: 'end' }, at: [20, 30], stiffness: 1, rest: 30 },
    ]);
    // Drawn as a spring from the segment's end to the fixed point; picked at its middle.
    expect(editor.mirror.springEnds(session.drawing.springs[0])).toEqual([
      [20, 0],
      [20, 30],
    ]);
  });
});

describe('select tool', () => {
  it('push and pull: a press on a curve grabs it; the drag is one undo step; undo and redo are exact', async () => {
    const { session, editor, user } = await setup();
    user.tool('circle');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    user.tool('segment');
    user.click([0, 20]); // on the circle (a bead)
    user.click([30, 40], { alt: true });
    await editor.client.idle();
    const before = structuredClone(session.drawing.curves);
    user.tool('select');
    user.move([30, 40]);
    expect(editor.hover).toBe('c2');
    user.down([30, 40]);
    for (let i = 1; i <= 8; i++) user.move([30 + 3 * i, 40 + 2 * i]);
    await editor.client.idle();
    expect(editor.tool.path).toBe('select.dragging');
    user.up([54, 56]);
    await editor.client.idle();
    const after = structuredClone(session.drawing.curves);
    const seg = find<Extract<Curve, { kind: 'segment' }>>(session, 'c2');
    expect(Math.hypot(seg.b[0] - 54, seg.b[1] - 56)).toBeLessThan(1);
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
    // the mirror follows the session
    expect(editor.mirror.curve('c2')).toEqual(seg);

    user.key('z', { ctrl: true });
    await editor.client.idle();
    expect(session.drawing.curves).toEqual(before);
    expect(editor.mirror.drawing.curves).toEqual(before);
    user.key('z', { ctrl: true, shift: true });
    await editor.client.idle();
    expect(session.drawing.curves).toEqual(after);
  });

  it("a selected Bézier's control point is grabbed as itself: dragged to the cursor, the pinned ends staying", async () => {
    const d = emptyDrawing();
    d.curves.push({
      kind: 'bezier',
      id: 'b',
      points: [
        [0, 0],
        [10, 30],
        [30, 30],
        [40, 0],
      ],
    });
    d.constraints.push(
      { kind: 'pin', id: 'p0', point: { curve: 'b', anchor: 'start' }, at: [0, 0] },
      { kind: 'pin', id: 'p1', point: { curve: 'b', anchor: 'end' }, at: [40, 0] },
    );
    const { session, editor, user } = await setup(d);
    user.tool('select');
    user.click([20, 22.5]); // the curve's middle: selects it
    expect([...editor.selection]).toEqual(['b']);
    user.down([10, 30]); // its first control point (off the curve)
    for (let i = 1; i <= 10; i++) user.move([10 - i, 30 + i]);
    await editor.client.idle();
    expect(editor.tool.path).toBe('select.dragging');
    user.up([0, 40]);
    await editor.client.idle();
    const bezier = find<Extract<Curve, { kind: 'bezier' }>>(session, 'b');
    expect(Math.hypot(bezier.points[1][0] - 0, bezier.points[1][1] - 40)).toBeLessThan(0.5);
    expect(Math.hypot(bezier.points[0][0], bezier.points[0][1])).toBeLessThan(1e-6);
    expect(Math.hypot(bezier.points[3][0] - 40, bezier.points[3][1])).toBeLessThan(1e-6);
  });

  it('Escape during a drag puts everything back', async () => {
    const { session, editor, user } = await setup();
    user.tool('segment');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    const before = structuredClone(session.drawing.curves);
    user.tool('select');
    user.down([10, 0]);
    user.move([10, 10]);
    user.move([10, 20]);
    await editor.client.idle();
    user.key('Escape');
    await editor.client.idle();
    expect(session.drawing.curves).toEqual(before);
    expect(editor.tool.path).toBe('select.idle');
  });

  it('click, shift-click, box select and Delete', async () => {
    const { session, editor, user } = await setup();
    user.tool('segment');
    user.click([0, 0]);
    user.click([10, 0], { alt: true }); // no auto-constraint (H): the pin is the only constraint
    user.tool('segment');
    user.click([0, 10], { alt: true });
    user.click([10, 10], { alt: true });
    user.tool('circle');
    user.click([100, 100]);
    user.click([110, 100]);
    await editor.client.idle();
    user.tool('pin');
    user.click([0, 0]);
    await editor.client.idle();
    expect(constraints(session).map((k) => k.kind)).toEqual(['pin']);
    user.tool('select');
    user.click([5, 0]);
    expect([...editor.selection]).toEqual(['c1']);
    user.click([5, 10], { shift: true });
    expect([...editor.selection]).toEqual(['c1', 'c2']);
    user.click([50, 50]); // empty paper clears
    expect(editor.selection.size).toBe(0);
    user.down([-5, -5]);
    user.move([20, 20]);
    user.up([20, 20]);
    expect([...editor.selection].sort()).toEqual(['c1', 'c2']);
    user.key('Delete');
    await editor.client.idle();
    expect(curves(session).map((c) => c.id)).toEqual(['c3']);
    expect(constraints(session)).toEqual([]); // the pin went with its curve
    user.key('z', { ctrl: true });
    await editor.client.idle();
    expect(curves(session).map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(constraints(session).map((k) => k.kind)).toEqual(['pin']);
  });
});

describe('keyboard', () => {
  it("selects each tool by its action's shortcut; Ctrl or Alt with the letter is not the tool's key", async () => {
    const { editor, user } = await setup();
    for (const id of TOOL_IDS) {
      user.tool(id === 'select' ? 'point' : 'select');
      expect(user.shortcut(spec(`tool:${id}`).shortcuts![0])).toBe(true);
      expect(editor.tool.id).toBe(id);
    }
    user.tool('select');
    expect(user.key('l', { ctrl: true })).toBe(false);
    expect(editor.inputs.keyDown({ key: 'c', shift: false, alt: true, ctrl: false })).toBe(false);
    expect(editor.tool.id).toBe('select');
  });

  it('Delete and Backspace delete the selection whatever the tool; # (Shift or not) toggles the grid', async () => {
    const drawing = emptyDrawing();
    drawing.curves = [
      { id: 'c1', kind: 'circle', center: [0, 0], radius: 5 },
      { id: 'c2', kind: 'circle', center: [20, 0], radius: 5 },
    ];
    const { session, editor, user } = await setup(drawing);
    user.tool('circle');
    editor.setSelection(['c1']);
    expect(user.key('Delete')).toBe(true);
    await editor.client.idle();
    expect(curves(session).map((c) => c.id)).toEqual(['c2']);
    editor.setSelection(['c2']);
    expect(user.key('Backspace')).toBe(true);
    await editor.client.idle();
    expect(curves(session)).toEqual([]);
    expect(editor.viewOps.showGrid).toBe(true);
    expect(user.key('#', { shift: true })).toBe(true);
    expect(editor.viewOps.showGrid).toBe(false);
  });
});

describe('view', () => {
  it('wheel zooms about the cursor; fit frames the drawing', async () => {
    const { editor, user } = await setup();
    const cursor: Vec2 = [600, 100];
    const under = editor.view.toDrawing(cursor);
    editor.inputs.wheel(cursor, -200);
    expect(editor.view.zoom).toBeGreaterThan(4);
    const still = editor.view.toDrawing(cursor);
    expect(still[0]).toBeCloseTo(under[0], 9);
    expect(still[1]).toBeCloseTo(under[1], 9);
    user.tool('circle');
    user.click([0, 0]);
    user.click([20, 0]);
    await editor.client.idle();
    editor.viewOps.fit();
    expect(editor.view.center[0]).toBeCloseTo(0, 6);
    expect(editor.view.zoom).toBeCloseTo((600 - 80) / 40, 2);
  });

  it('space-drag pans', async () => {
    const { editor } = await setup();
    editor.inputs.keyDown({ key: ' ', shift: false, alt: false, ctrl: false });
    editor.inputs.pointerDown(editor.inputs.at([100, 100]));
    editor.inputs.pointerMove(editor.inputs.at([140, 120]));
    editor.inputs.pointerUp(editor.inputs.at([140, 120]));
    editor.inputs.keyUp({ key: ' ', shift: false, alt: false, ctrl: false });
    expect(editor.view.center).toEqual([-10, -5]);
    expect(editor.tool.path).toBe('select.idle');
  });
});

describe('mechanism player', () => {
  it('Trace, then Play turns the motor frame by frame until Pause; Reset goes back', async () => {
    const { EXAMPLES } = await import('../../mechanisms');
    const example = EXAMPLES.find((e) => e.name === 'crank-rocker');
    if (!example) throw new Error('no crank-rocker example');
    const drawing = example.build();
    drawing.traces = [];
    const { session, editor, user } = await setup(drawing);
    editor.viewOps.fit();
    const bar = session.drawing.curves.find((c) => c.kind === 'bar') as Extract<Curve, { kind: 'bar' }>;
    user.tool('trace');
    user.click(bar.center);
    await editor.client.idle();
    expect(session.drawing.traces).toMatchObject([{ id: 't1', point: { curve: bar.id } }]);
    const before = structuredClone(session.drawing.curves); // the pose at Play

    editor.player.control('play');
    await new Promise((resolve) => setTimeout(resolve, 150));
    editor.player.control('pause');
    await editor.client.idle();
    expect(editor.mirror.play.state).toBe('paused');
    const frames = editor.mirror.play.frame;
    expect(frames).toBeGreaterThan(2);
    expect(editor.mirror.play.time).toBeCloseTo(frames / 60, 12);
    expect(session.drawing.traces[0].points.length).toBe(frames);
    expect(editor.mirror.drawing.traces[0].points).toEqual(session.drawing.traces[0].points);
    expect(session.drawing.curves).not.toEqual(before);
    for (const c of session.drawing.curves) expect(editor.mirror.curve(c.id)).toEqual(c);

    user.key('Escape');
    editor.player.control('reset');
    await editor.client.idle();
    expect(session.drawing.curves).toEqual(before);
    expect(editor.mirror.drawing.curves).toEqual(before);
  });
});

describe('view', () => {
  const circleAt = (id: string, center: Vec2, radius: number): Curve => ({
    id,
    kind: 'circle',
    center,
    radius,
  });

  it('Ctrl+= and Ctrl+− zoom, Ctrl+0 fits, as the menu shows', async () => {
    const drawing = emptyDrawing();
    drawing.curves = [circleAt('c1', [100, 50], 10)];
    const { editor, user } = await setup(drawing);
    const zoom = editor.view.zoom;
    expect(user.key('=', { ctrl: true })).toBe(true);
    expect(editor.view.zoom).toBeCloseTo(zoom * 1.25, 12);
    expect(user.key('-', { ctrl: true })).toBe(true);
    expect(editor.view.zoom).toBeCloseTo(zoom, 12);
    expect(user.key('0', { ctrl: true })).toBe(true);
    // Fitted: the circle's centre in the middle of the 800 × 600 canvas.
    const [x, y] = editor.view.toScreen([100, 50]);
    expect(x).toBeCloseTo(400, 9);
    expect(y).toBeCloseTo(300, 9);
  });

  it('an opened drawing shows at its saved view, or fitted when none of it would be on screen there', async () => {
    const drawing = emptyDrawing();
    drawing.curves = [circleAt('c1', [10, 5], 10)];
    drawing.view = { center: [12, 4], zoom: 3 };
    const { editor } = await setup();
    editor.client.apply({
      ...(await editor.client.api.snapshot()),
      drawing: plainDrawing(drawing),
      revision: 1_000,
    });
    editor.viewOps.showOpened();
    expect(editor.view.state).toEqual({ center: [12, 4], zoom: 3 });

    const far = structuredClone(drawing);
    far.view = { center: [5_000, 5_000], zoom: 3 };
    editor.client.apply({
      ...(await editor.client.api.snapshot()),
      drawing: plainDrawing(far),
      revision: 1_001,
    });
    editor.viewOps.showOpened();
    const [x, y] = editor.view.toScreen([10, 5]);
    expect(x).toBeCloseTo(400, 9);
    expect(y).toBeCloseTo(300, 9);
  });
});
