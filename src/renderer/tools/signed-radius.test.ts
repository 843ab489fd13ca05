// A radius the engine took through zero (a rim dragged through its centre with the mouse) is shown and edited as
// its size (issue 27): the Radius tool proposes it, Edit Value shows it, setting it moves nothing, and the tangent
// tool's inside/outside choice reads it.

import { describe, expect, it } from 'vitest';
import { allChannels } from '../../shared/contract';
import { emptyDrawing, type ArcCurve, type CircleCurve, type Drawing, type Vec2 } from '../../shared/drawing';
import { mainValue } from '../../shared/main-value';
import { spec } from '../../shared/actions';
import { setupEditor } from '../test-support/editor-harness';
import { SessionClient, type EditorApi, type SessionClientHost } from '../editor/session-client';

/** An arc (r 10, a quarter turn) and two circles, each centre pinned. */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves = [
    { id: 'a', kind: 'arc', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 },
    { id: 'c', kind: 'circle', center: [60, 0], radius: 10 },
    { id: 'd', kind: 'circle', center: [60, 13.5], radius: 3 },
  ];
  d.constraints = ['a', 'c', 'd'].map((id) => ({
    id: `p${id}`,
    kind: 'pin' as const,
    point: { curve: id, anchor: 'center' as const },
    at: [...(d.curves.find((c) => c.id === id) as ArcCurve).center] as Vec2,
  }));
  d.view = { center: [30, 0], zoom: 4 };
  return d;
}

/** The editor with the mouse having dragged `from` (on a rim) in a straight line through its centre to `to`. */
async function draggedThrough(from: Vec2, to: Vec2) {
  const setup = await setupEditor(drawing());
  const { editor, user } = setup;
  user.move(from);
  user.down(from);
  for (let i = 1; i <= 40; i++)
    user.move([from[0] + ((to[0] - from[0]) * i) / 40, from[1] + ((to[1] - from[1]) * i) / 40]);
  await editor.client.idle();
  user.up(to);
  await editor.client.idle();
  return setup;
}

const M = 10 * Math.SQRT1_2;
const arcOf = (d: Drawing) => d.curves.find((c) => c.id === 'a') as ArcCurve;
const ends = (a: ArcCurve): Vec2[] =>
  [a.start, a.start + a.sweep].map((t) => [
    a.center[0] + a.radius * Math.cos(t),
    a.center[1] + a.radius * Math.sin(t),
  ]);

describe('a radius dragged through zero, as the user reads it', () => {
  it('the arc is held inside out by the engine (the case this is about)', async () => {
    const { session } = await draggedThrough([M, M], [-M, -M]);
    expect(arcOf(session.drawing).radius).toBeCloseTo(-10, 6);
  });

  it('the Radius tool proposes its size; nothing moves and nothing is refused', async () => {
    const { session, editor, user } = await draggedThrough([M, M], [-M, -M]);
    const before = ends(arcOf(session.drawing));
    editor.setSelection(['a']);
    user.shortcut(spec('tool:radius').shortcuts![0]);
    await editor.client.idle();
    expect(editor.message).toMatch(/^Radius \/ Diameter added/);
    const [k] = session.drawing.constraints.filter((c) => c.kind === 'radius');
    expect(k).toMatchObject({ kind: 'radius', curve: 'a' });
    expect((k as { radius: number }).radius).toBeCloseTo(10, 6);
    const after = ends(arcOf(session.drawing));
    for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) expect(after[i][j]).toBeCloseTo(before[i][j], 9);
  });

  it("Edit Value shows its size, and setting the arc's own size moves neither end", async () => {
    const { session, editor } = await draggedThrough([M, M], [-M, -M]);
    const shown = mainValue(editor.mirror.curve('a')!)!;
    expect(shown.field).toBe('radius');
    expect(shown.value).toBeCloseTo(10, 6);
    const before = ends(arcOf(session.drawing));
    editor.values.editCurveValue('a', before[0]);
    editor.values.setCurveValue('a', String(shown.value));
    await editor.client.idle();
    expect(editor.message).toBe('');
    const after = ends(arcOf(session.drawing));
    for (let i = 0; i < 2; i++)
      expect(Math.hypot(after[i][0] - before[i][0], after[i][1] - before[i][1])).toBeLessThan(1e-9);
  });

  it('the tangent tool touches a circle turned inside out from outside where it is outside', async () => {
    // c's rim through its centre: r = −10. d (r 3) is 13.5 from c's centre: outside (13 = 10 + 3), not inside (7).
    const { session, editor, user } = await draggedThrough([50, 0], [70, 0]);
    expect((session.drawing.curves.find((c) => c.id === 'c') as CircleCurve).radius).toBeCloseTo(-10, 6);
    user.tool('tangent');
    user.click([60, -10]);
    user.click([63, 13.5]);
    await editor.client.idle();
    const tangent = session.drawing.constraints.find((k) => k.kind === 'tangent');
    expect(tangent).toMatchObject({ kind: 'tangent', curves: ['c', 'd'], internal: false });
  });

  it('a session started anew takes the drawing up as shown: sent with its size, the same points', async () => {
    const { editor } = await draggedThrough([50, 0], [70, 0]);
    // The page's end of the restart, on a window API that only records what it is sent.
    let sent: unknown = null;
    const api = { restoreSession: async (payload: unknown) => void (sent = payload) } as unknown as EditorApi;
    await new SessionClient(api, { mirror: editor.mirror } as SessionClientHost).restore();
    // The gate's own check (a negative radius would be refused there, and the page's drawing lost).
    const { drawing } = allChannels['session:restore'].request.parse(sent, 'payload');
    const c = drawing.curves.find((k) => k.id === 'c') as CircleCurve;
    expect(c.radius).toBeCloseTo(10, 6);
    expect(c.center).toEqual((editor.mirror.curve('c') as CircleCurve).center);
  });

  it('a duplicate of it is added with its size, not refused', async () => {
    const { session, editor } = await draggedThrough([50, 0], [70, 0]);
    editor.setSelection(['c']);
    editor.selectionCommands.duplicate();
    await editor.client.idle();
    expect(editor.message).not.toMatch(/positive|cannot/);
    const copies = session.drawing.curves.filter((k) => k.kind === 'circle' && k.id !== 'c' && k.id !== 'd');
    expect(copies).toHaveLength(1);
    expect((copies[0] as CircleCurve).radius).toBeCloseTo(10, 6);
  });
});
