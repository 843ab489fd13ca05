// Selection, clipboard, nudge, context menu and double-click, driven headless through the real keyboard map and
// the Select tool's state machine into a real session.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../session/session';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../../shared/drawing';
import { setupEditor as setup } from '../test-support/editor-harness';

/** Two free circles and a segment; the segment's start pinned when `pinned`. */
function three(pinned = false): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'a', kind: 'circle', center: [0, 0], radius: 5 },
    { id: 'b', kind: 'circle', center: [30, 0], radius: 5 },
    { id: 's', kind: 'segment', a: [0, 30], b: [30, 30] },
  );
  if (pinned)
    d.constraints.push({ id: 'hold', kind: 'pin', point: { curve: 's', anchor: 'start' }, at: [0, 30] });
  return d;
}
const center = (s: Session, id: string) =>
  (s.drawing.curves.find((c) => c.id === id) as { center: Vec2 }).center;
const segment = (s: Session, id: string) =>
  s.drawing.curves.find((c) => c.id === id) as Extract<Curve, { kind: 'segment' }>;

describe('Escape and Select All', () => {
  it('Ctrl+A selects every curve; Escape with nothing in progress clears the selection', async () => {
    const { editor, user } = await setup(three());
    expect(user.shortcut('CmdOrCtrl+A')).toBe(true);
    expect([...editor.selection]).toEqual(['a', 'b', 's']);
    expect(user.key('Escape')).toBe(true);
    expect(editor.selection.size).toBe(0);
  });

  it('Escape mid-box cancels the box and keeps the selection', async () => {
    const { editor, user } = await setup(three());
    editor.setSelection(['a']);
    user.move([60, 60]);
    user.down([60, 60], { shift: true });
    user.move([70, 70], { shift: true });
    expect(editor.tool.path).toBe('select.boxing');
    user.key('Escape');
    expect(editor.tool.path).toBe('select.idle');
    expect([...editor.selection]).toEqual(['a']);
  });
});

describe('dragging a multi-selection', () => {
  it('moves every selected curve with the grabbed one, one undo entry', async () => {
    const { session, editor, user } = await setup(three());
    editor.setSelection(['a', 'b']);
    user.move([5, 0]);
    user.down([5, 0]);
    for (let i = 1; i <= 4; i++) user.move([5 + 2 * i, 3 * i]);
    user.up([13, 12]);
    await editor.client.idle();
    expect(center(session, 'a')[0]).toBeCloseTo(8, 6);
    expect(center(session, 'a')[1]).toBeCloseTo(12, 6);
    expect(center(session, 'b')[0]).toBeCloseTo(38, 6);
    expect(center(session, 'b')[1]).toBeCloseTo(12, 6);
    expect(segment(session, 's').a).toEqual([0, 30]);
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(center(session, 'b')).toEqual([30, 0]);
  });

  it('a press on a curve outside the selection selects it and drags it alone', async () => {
    const { session, editor, user } = await setup(three());
    editor.setSelection(['a', 's']);
    user.move([35, 0]);
    user.down([35, 0]);
    user.move([35, 10]);
    user.up([35, 10]);
    await editor.client.idle();
    expect([...editor.selection]).toEqual(['b']);
    expect(center(session, 'a')).toEqual([0, 0]);
    expect(segment(session, 's').a).toEqual([0, 30]);
  });
});

describe('arrow keys', () => {
  it('nudge by 1 mm, 10 mm with Shift, one undo entry a press', async () => {
    const { session, editor, user } = await setup(three());
    editor.setSelection(['a', 's']);
    user.key('ArrowRight');
    user.key('ArrowDown', { shift: true });
    await editor.client.idle();
    expect(center(session, 'a')[0]).toBeCloseTo(1, 6);
    expect(center(session, 'a')[1]).toBeCloseTo(10, 6);
    expect(segment(session, 's').b[0]).toBeCloseTo(31, 6);
    expect(segment(session, 's').b[1]).toBeCloseTo(40, 6);
    expect(center(session, 'b')).toEqual([30, 0]);
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(center(session, 'a')[1]).toBeCloseTo(0, 6);
    expect(center(session, 'a')[0]).toBeCloseTo(1, 6);
  });

  it('a nudge the constraints refuse says so and moves nothing', async () => {
    const { session, editor, user } = await setup(three(true));
    editor.setSelection(['s']);
    user.key('ArrowLeft');
    await editor.client.idle();
    expect(editor.message).toBe(
      'segment 1 cannot move by (-1, 0) mm: held by 1 constraint, listed under Constraints',
    );
    expect(editor.notice?.culprits?.constraints).toEqual(['hold']);
    expect(segment(session, 's').a).toEqual([0, 30]);
  });
});

describe('clipboard', () => {
  it('copy and paste add fresh copies 10 mm further each time, with the constraints among them, selected', async () => {
    const { session, editor, user } = await setup(three(true));
    editor.setSelection(['s']);
    user.shortcut('CmdOrCtrl+C');
    user.shortcut('CmdOrCtrl+V');
    await editor.client.idle();
    const [first] = editor.selection;
    expect(segment(session, first).a).toEqual([10, 40]);
    expect(
      session.drawing.constraints.find((k) => k.kind === 'pin' && k.point.curve === first),
    ).toMatchObject({
      at: [10, 40],
    });
    user.shortcut('CmdOrCtrl+V');
    await editor.client.idle();
    const [second] = editor.selection;
    expect(second).not.toBe(first);
    expect(segment(session, second).a).toEqual([20, 50]);
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
  });

  it('cut removes, paste brings back; duplicate copies beside; each one undo step', async () => {
    const { session, editor, user } = await setup(three());
    editor.setSelection(['a']);
    user.shortcut('CmdOrCtrl+X');
    await editor.client.idle();
    expect(session.drawing.curves.map((c) => c.id)).toEqual(['b', 's']);
    editor.setSelection(['b']);
    user.shortcut('CmdOrCtrl+D');
    await editor.client.idle();
    const [copy] = editor.selection;
    expect(center(session, copy)).toEqual([40, 10]);
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(session.drawing.curves.map((c) => c.id)).toEqual(['b', 's']);
  });
});

describe('context menu', () => {
  it('on a curve selects it and lists the clipboard, Delete, Edit Value and the constraint tools that fit', async () => {
    const { editor } = await setup(three());
    editor.setSelection(['a']);
    editor.openContextMenu(editor.inputs.at(editor.view.toScreen([35, 0]), { button: 2 }));
    expect([...editor.selection]).toEqual(['b']);
    expect(editor.contextMenu?.target).toBe('curve');
    const items = editor.contextMenu!.groups.flat();
    expect(items.slice(0, 5)).toEqual([
      'edit:cut',
      'edit:copy',
      'edit:duplicate',
      'edit:delete',
      'edit:value',
    ]);
    // One circle: a radius fits; parallel (two lines) does not.
    expect(items).toContain('tool:radius');
    expect(items).not.toContain('tool:parallel');
  });

  it('on paper lists Paste once something is copied, which lands where the menu opened', async () => {
    const { session, editor, user } = await setup(three());
    const at = editor.inputs.at(editor.view.toScreen([60, 60]), { button: 2 });
    editor.openContextMenu(at);
    expect(editor.contextMenu?.target).toBe('paper');
    expect(editor.contextMenu!.groups.flat()).not.toContain('edit:paste');
    editor.setSelection(['a']);
    user.shortcut('CmdOrCtrl+C');
    editor.openContextMenu(at);
    expect(editor.contextMenu!.groups.flat()).toContain('edit:paste');
    editor.runContextItem('edit:paste');
    expect(editor.contextMenu).toBeNull();
    await editor.client.idle();
    const [copy] = editor.selection;
    expect(center(session, copy)[0]).toBeCloseTo(60, 6);
    expect(center(session, copy)[1]).toBeCloseTo(60, 6);
  });

  it('Escape closes it', async () => {
    const { editor, user } = await setup(three());
    editor.openContextMenu(editor.inputs.at(editor.view.toScreen([60, 60]), { button: 2 }));
    user.key('Escape');
    expect(editor.contextMenu).toBeNull();
  });
});

describe('double-click', () => {
  it("on a curve opens its main value's editor; the value set re-solves, a refused one is said", async () => {
    const { session, editor, user } = await setup(three());
    user.click([35, 0]);
    editor.inputs.doubleClick(editor.inputs.at(editor.view.toScreen([35, 0])));
    expect(editor.values.valueEdit).toEqual({ id: 'b', at: [35, 0] });
    editor.values.setCurveValue('b', '8');
    await editor.client.idle();
    expect((session.drawing.curves[1] as { radius: number }).radius).toBe(8);
    editor.values.setCurveValue('b', '-10');
    await editor.client.idle();
    expect(editor.message).toMatch(/radius/);
    expect((session.drawing.curves[1] as { radius: number }).radius).toBe(8);
  });
});
