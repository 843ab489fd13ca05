// The Pencil driven headless against a real session: a stroke becomes clean curves in one undoable edit, its end
// snapped onto a curve's end drawn before; a stroke too short makes nothing and says so; Esc abandons a stroke.

import { describe, expect, it } from 'vitest';
import type { Curve, Vec2 } from '../../shared/drawing';
import { setupEditor } from '../test-support/editor-harness';

/** Points every `step` mm along the polyline through `corners`. */
function along(corners: Vec2[], step: number): Vec2[] {
  const out: Vec2[] = [corners[0]];
  for (let i = 0; i + 1 < corners.length; i++) {
    const [a, b] = [corners[i], corners[i + 1]];
    const n = Math.max(1, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 1; k <= n; k++) out.push([a[0] + (k / n) * (b[0] - a[0]), a[1] + (k / n) * (b[1] - a[1])]);
  }
  return out;
}

describe('the Pencil', () => {
  it('an L drawn freehand becomes two segments, attached, level and upright, as one edit; its end snaps', async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('segment');
    user.click([60, 50]);
    user.click([90, 50]);
    user.key('Escape');
    await editor.client.idle();
    expect(session.drawing.curves).toHaveLength(1);

    user.tool('pencil');
    const stroke = along(
      [
        [10, 0.3],
        [40.2, 0],
        [40, 30],
        [60.4, 50.3],
      ],
      0.5,
    );
    user.down(stroke[0]);
    for (const p of stroke.slice(1)) user.move(p);
    expect(editor.tools.find((t) => t.id === 'pencil')?.path).toBe('pencil.drawing');
    expect(editor.overlay.preview.length).toBeGreaterThan(10);
    user.up(stroke[stroke.length - 1]);
    await editor.client.idle();
    const made = session.drawing.curves.slice(1);
    expect(made.map((c) => c.kind)).toEqual(['segment', 'segment', 'segment']);
    // The stroke's: H on its first leg, V on its second (its last, snapped, takes none), three attachments.
    const kinds = session.drawing.constraints
      .slice(1)
      .map((k) => k.kind)
      .sort();
    expect(kinds).toEqual(['attach', 'attach', 'attach', 'horizontal', 'vertical']);
    // Made exactly so as drawn: the settle after the edit moved nothing, the segment drawn before included.
    expect(session.drawing.curves[0]).toMatchObject({ a: [60, 50], b: [90, 50] });
    // The stroke's end snapped onto the first segment's start: attached there, and there after the settle.
    const snapped = session.drawing.constraints.find(
      (k) => k.kind === 'attach' && k.b.curve === session.drawing.curves[0].id,
    );
    expect(snapped).toBeDefined();
    const last = made[2] as Extract<Curve, { kind: 'segment' }>;
    expect(Math.hypot(last.b[0] - 60, last.b[1] - 50)).toBeLessThan(1e-9);
    expect([...editor.selection].sort()).toEqual(made.map((c) => c.id).sort());
    // One edit: one undo takes the whole stroke back.
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(session.drawing.curves).toHaveLength(1);
  });

  it('a stroke too short makes nothing and says so; Esc abandons one in progress', async () => {
    const { session, editor, user } = await setupEditor();
    user.tool('pencil');
    user.down([0, 0]);
    user.move([0.05, 0]);
    user.up([0.05, 0]);
    await editor.client.idle();
    expect(session.drawing.curves).toEqual([]);
    expect(editor.message).toMatch(/Pencil: draw a longer stroke/);
    user.down([0, 0]);
    for (const p of along(
      [
        [0, 0],
        [30, 10],
      ],
      1,
    ))
      user.move(p);
    user.key('Escape');
    user.up([30, 10]);
    await editor.client.idle();
    expect(session.drawing.curves).toEqual([]);
    expect(editor.overlay.preview).toEqual([]);
  });
});
