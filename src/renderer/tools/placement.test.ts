// The drawing aids while drawing, driven headless against a real session: H and V on nearly level segments and a
// tangent arc from a line's end (each marked before the click), Shift's 15° steps, Snap to Grid, and Alt.

import { describe, expect, it } from 'vitest';
import type { Constraint, Curve, Vec2 } from '../../shared/drawing';
import { gridStep } from '../editor/grid-step';
import { setupEditor } from '../test-support/editor-harness';

type Segment = Extract<Curve, { kind: 'segment' }>;
type Arc = Extract<Curve, { kind: 'arc' }>;
const RAD = Math.PI / 180;
const at = (from: Vec2, deg: number, length: number): Vec2 => [
  from[0] + length * Math.cos(deg * RAD),
  from[1] + length * Math.sin(deg * RAD),
];

describe('auto-constraints while drawing', () => {
  it('a segment within a few degrees of level or upright gets H or V, marked before the click', async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('segment');
    user.click([0, 0]);
    user.move(at([0, 0], 2, 40));
    expect(editor.overlay.aid?.label).toBe('H');
    user.click(at([0, 0], 2, 40));
    expect(editor.overlay.aid).toBeNull();
    user.tool('segment'); // a new chain (the Segment tool goes on from the last end)
    user.click([0, 20]);
    user.move(at([0, 20], 93, 30));
    expect(editor.overlay.aid?.label).toBe('V');
    user.click(at([0, 20], 93, 30));
    user.tool('segment');
    user.click([60, 0]);
    user.move(at([60, 0], 10, 30));
    expect(editor.overlay.aid).toBeNull();
    user.click(at([60, 0], 10, 30));
    await editor.client.idle();
    const [h, v, free] = session.drawing.curves as Segment[];
    // Made exactly level and upright, so the constraints move nothing.
    expect(h.b).toEqual([at([0, 0], 2, 40)[0], 0]);
    expect(v.b).toEqual([0, at([0, 20], 93, 30)[1]]);
    expect(free.b).toEqual(at([60, 0], 10, 30));
    expect(session.drawing.constraints).toEqual([
      {
        kind: 'horizontal',
        id: 'k1',
        a: { curve: 'c1', anchor: 'start' },
        b: { curve: 'c1', anchor: 'end' },
      },
      { kind: 'vertical', id: 'k2', a: { curve: 'c2', anchor: 'start' }, b: { curve: 'c2', anchor: 'end' } },
    ]);
  });

  it('Alt: no auto-constraint, no marker', async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('segment');
    user.click([0, 0]);
    user.move([40, 1], { alt: true });
    expect(editor.overlay.aid).toBeNull();
    user.click([40, 1], { alt: true });
    await editor.client.idle();
    expect((session.drawing.curves[0] as Segment).b).toEqual([40, 1]);
    expect(session.drawing.constraints).toEqual([]);
  });

  it('Shift rounds the direction to 15° steps (level: H as well)', async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('segment');
    user.click([0, 0]);
    user.click(at([0, 0], 37, 30), { shift: true });
    user.tool('bar');
    user.click([0, 50]);
    user.click(at([0, 50], 186, 30), { shift: true });
    user.tool('segment');
    user.click([50, 50]);
    user.click(at([50, 50], -6, 30), { shift: true });
    await editor.client.idle();
    const [seg, bar, level] = session.drawing.curves;
    const b = (seg as Segment).b;
    expect(Math.atan2(b[1], b[0]) / RAD).toBeCloseTo(30, 9);
    expect(Math.hypot(b[0], b[1])).toBeCloseTo(30 * Math.cos(7 * RAD), 9);
    expect((bar as Extract<Curve, { kind: 'bar' }>).angle / RAD).toBeCloseTo(180, 9);
    expect((level as Segment).b[1]).toBe(50);
    expect(session.drawing.constraints.map((k) => k.kind)).toEqual(['horizontal']);
  });

  it('Snap to Grid (its key) lands free points on the grid; not on what they snap to, nor with Alt', async () => {
    const { session, editor, user } = await setupEditor();
    expect(user.shortcut('Shift+G')).toBe(true);
    expect(editor.viewOps.snapToGrid).toBe(true);
    const { step } = gridStep(editor.view.zoom);
    user.tool('circle');
    user.click([1.1 * step, -0.3 * step]);
    user.click([3.4 * step, 2.2 * step]);
    await editor.client.idle();
    user.tool('segment');
    user.click([0.1 * step, 0.35 * step], { alt: true });
    user.click([1.1 * step, -0.3 * step]); // the circle's centre: the connector wins
    await editor.client.idle();
    const [circle, seg] = session.drawing.curves as [Extract<Curve, { kind: 'circle' }>, Segment];
    expect(circle.center).toEqual([step, 0]);
    expect(circle.radius).toBeCloseTo(Math.hypot(2 * step, 2 * step), 12);
    expect(seg.a).toEqual([0.1 * step, 0.35 * step]);
    expect(seg.b).toEqual([step, 0]);
    user.shortcut('Shift+G');
    expect(editor.viewOps.snapToGrid).toBe(false);
  });

  it("an arc started at a line's end is tangent to it: its centre moved onto the normal, G1 at the joint", async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('segment');
    user.click([0, 0], { alt: true });
    user.click([40, 0], { alt: true });
    await editor.client.idle();
    user.tool('arc');
    user.click([43, 15]); // the centre, 11° off the normal at the line's end
    user.move([40, 0]);
    expect(editor.overlay.aid?.label).toBe('tangent');
    expect((editor.overlay.preview[0] as Arc).center).toEqual([40, 15]);
    user.click([40, 0]); // the line's end
    expect(editor.overlay.marks[0]).toEqual([40, 15]);
    user.click([55, 15]);
    await editor.client.idle();
    const arc = session.drawing.curves[1] as Arc;
    expect(arc.center).toEqual([40, 15]);
    expect(arc.radius).toBeCloseTo(15, 12);
    const kinds = session.drawing.constraints.map((k) => k.kind);
    expect(kinds).toEqual(['attach', 'tangent']);
    expect(session.drawing.constraints[1]).toEqual({
      kind: 'tangent',
      id: 'k2',
      a: { curve: 'c2', anchor: 'start' },
      b: { curve: 'c1', anchor: 'end' },
    } satisfies Constraint);
    // Far off the normal: no tangent, and the centre stays where it was clicked.
    user.tool('arc');
    user.click([60, -10]);
    user.move([40, 0]);
    expect(editor.overlay.aid).toBeNull();
    user.click([40, 0]);
    user.click([50, -30]);
    await editor.client.idle();
    expect((session.drawing.curves[2] as Arc).center).toEqual([60, -10]);
    expect(session.drawing.constraints.map((k) => k.kind)).toEqual(['attach', 'tangent', 'attach']);
  });

  it('an arc follows the way the mouse turned round its centre: clockwise or anticlockwise', async () => {
    const { session, editor, user } = await setupEditor();
    const arcs = () => session.drawing.curves as Arc[];
    // Down from the start (y down: clockwise on screen) to a quarter turn.
    user.tool('arc');
    user.click([0, 0], { alt: true });
    user.click([20, 0], { alt: true });
    user.move([14, 14], { alt: true });
    expect((editor.overlay.preview[0] as Arc).sweep).toBeCloseTo(Math.PI / 4, 12);
    user.click([0, 20], { alt: true });
    await editor.client.idle();
    expect(arcs()[0].start).toBe(0);
    expect(arcs()[0].sweep).toBeCloseTo(Math.PI / 2, 12);
    // Up from the start, the long way round to the same end: three quarters of a turn the other way.
    user.tool('arc');
    user.click([100, 0], { alt: true });
    user.click([120, 0], { alt: true });
    for (const [x, y] of [
      [114, -14],
      [100, -20],
      [86, -14],
      [80, 0],
      [86, 14],
    ] as const)
      user.move([x, y], { alt: true });
    expect((editor.overlay.preview[0] as Arc).sweep).toBeCloseTo(-(5 * Math.PI) / 4, 12);
    user.click([100, 20], { alt: true });
    await editor.client.idle();
    expect(arcs()[1].sweep).toBeCloseTo(-(3 * Math.PI) / 2, 12);
  });
});
