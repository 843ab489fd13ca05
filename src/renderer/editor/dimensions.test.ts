// Dimensions in the editor, headless against a real session: a click on a dimension selects its constraint, a
// drag moves its label (one `label` edit), a double-click opens its value's editor, and the value typed there goes
// through the solver or is refused with the session's message.

import { describe, expect, it } from 'vitest';
import { createApi } from '../../../electron/preload/api';
import { events, methodTable, preloadMethodTable } from '../../../electron/preload/methods';
import { dispatch, type Handlers } from '../../session/dispatch';
import { createHandlers } from '../../session/handlers';
import { Session } from '../../session/session';
import { emptyDrawing, type Constraint, type Curve, type Drawing, type Vec2 } from '../../shared/drawing';
import { dimensionById, dimensionLayout } from './dimensions';
import { Editor } from './editor';
import { testClock } from '../../shared/test-support/clock';

/** A segment pinned at its start, its length held by a distance (and, `locked`, its end pinned too). */
function drawing(locked = false): Drawing {
  const d = emptyDrawing();
  d.curves.push({ id: 's', kind: 'segment', a: [0, 0], b: [40, 0] });
  d.constraints.push(
    { id: 'pin', kind: 'pin', point: { curve: 's', anchor: 'start' }, at: [0, 0] },
    {
      id: 'd',
      kind: 'distance',
      a: { curve: 's', anchor: 'start' },
      b: { curve: 's', anchor: 'end' },
      length: 40,
    },
  );
  if (locked)
    d.constraints.push({ id: 'pin2', kind: 'pin', point: { curve: 's', anchor: 'end' }, at: [40, 0] });
  d.view = { center: [20, 0], zoom: 4 };
  return d;
}

async function setup(d: Drawing) {
  const session = new Session({ clock: testClock(), drawing: d });
  const handlers = createHandlers(session) as unknown as Handlers;
  const api = createApi(
    methodTable(),
    preloadMethodTable(),
    events,
    (channel, payload) => dispatch(handlers, channel, JSON.parse(JSON.stringify(payload))),
    () => () => undefined,
    (file) => file.name,
  );
  const editor = new Editor(api, { width: 800, height: 600, schedule: (cb) => setTimeout(cb, 0) });
  await editor.init();
  const at = (p: Vec2) => editor.inputs.at(editor.view.toScreen(p));
  const label = () => dimensionLayout(editor, dimensionById(editor.mirror, 'd')!)!.at;
  const record = () =>
    session.drawing.constraints.find((k) => k.id === 'd') as Extract<Constraint, { kind: 'distance' }>;
  const segment = () => session.drawing.curves[0] as Extract<Curve, { kind: 'segment' }>;
  return { session, editor, at, label, record, segment };
}

describe('dimensions in the editor', () => {
  it('a click on the value selects the dimension; a drag moves its label, one undoable edit', async () => {
    const { session, editor, at, label, record } = await setup(drawing());
    const start = label();
    editor.inputs.pointerMove(at(start));
    expect(editor.hover).toBe('d');
    editor.inputs.pointerDown(at(start));
    editor.inputs.pointerUp(at(start));
    expect([...editor.selection]).toEqual(['d']);
    await editor.client.idle();

    const to: Vec2 = [start[0] + 6, start[1] - 10];
    editor.inputs.pointerDown(at(start));
    editor.inputs.pointerMove(at([start[0] + 3, start[1] - 5]));
    expect(editor.tool.path).toBe('select.labelling');
    editor.inputs.pointerMove(at(to));
    // While dragged, drawn where the pointer is (before the session has it).
    expect(label()[0]).toBeCloseTo(to[0], 9);
    expect(label()[1]).toBeCloseTo(to[1], 9);
    editor.inputs.pointerUp(at(to));
    await editor.client.idle();
    expect(record().label![0]).toBeCloseTo(6, 9);
    expect(record().label![1]).toBeCloseTo(-10, 9);
    expect(editor.overlay.label).toBeNull();
    expect(label()[1]).toBeCloseTo(to[1], 9);
    expect(session.drawing.curves[0]).toEqual(drawing().curves[0]); // the geometry did not move
    editor.undo();
    await editor.client.idle();
    expect(record().label).toBeUndefined();
  });

  it('a double-click opens the value editor; a value typed there re-solves the drawing', async () => {
    const { editor, at, label, record, segment } = await setup(drawing());
    editor.inputs.doubleClick(at(label()));
    expect(editor.values.dimensionEdit).toBe('d');
    editor.values.close();
    editor.values.setDimensionValue('d', '62.5');
    await editor.client.idle();
    expect(record().length).toBe(62.5);
    const { a, b } = segment();
    expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeCloseTo(62.5, 6);
    expect(dimensionLayout(editor, dimensionById(editor.mirror, 'd')!)!.text).toBe('62.5');
    editor.values.setDimensionValue('d', 'abc');
    await editor.client.idle();
    // Named as the panels name it ("d", a lone letter, reads as an id: its generated name stands for it).
    expect(editor.message).toBe('distance 1 must be a number, not "abc"');
    expect(record().length).toBe(62.5);
  });

  it('a dimension is picked where it is drawn, not at the point its constraint names', async () => {
    // The distance of two circles' centres, its value dragged onto the first centre: where the dimension has no
    // glyph to click, only its value.
    const d = emptyDrawing();
    d.curves.push(
      { id: 'p', kind: 'circle', center: [0, 0], radius: 5 },
      { id: 'q', kind: 'circle', center: [40, 0], radius: 5 },
    );
    d.constraints.push({
      id: 'd',
      kind: 'distance',
      a: { curve: 'p', anchor: 'center' },
      b: { curve: 'q', anchor: 'center' },
      length: 40,
    });
    d.view = { center: [20, 0], zoom: 4 };
    const { editor, at, label } = await setup(d);
    const [x, y] = label();
    editor.commit({ type: 'label', id: 'd', offset: [-x, -y] });
    await editor.client.idle();
    expect(label()[0]).toBeCloseTo(0, 9);
    expect(label()[1]).toBeCloseTo(0, 9);
    editor.inputs.doubleClick(at([0, 0]));
    expect(editor.values.dimensionEdit).toBe('d');
    editor.values.close();
    // Pressed there and dragged, it is the value that moves.
    editor.inputs.pointerDown(at([0, 0]));
    editor.inputs.pointerMove(at([3, -5]));
    expect(editor.tool.path).toBe('select.labelling');
  });

  it('an impossible value is refused with the session message naming the culprits; the value stays', async () => {
    const { editor, record, segment } = await setup(drawing(true));
    editor.values.setDimensionValue('d', '80');
    await editor.client.idle();
    // The gist in the status line, without the session's "d length 80:" lead-in; the culprits kept to be shown.
    expect(editor.message).toMatch(
      /^distance 1 cannot be 80 mm: segment 1 cannot get there — \d constraints in the way, /,
    );
    expect(editor.notice?.culprits?.constraints).toContain('d');
    expect(editor.notice?.detail).toMatch(/^the constraints cannot all be met: .*\(.*distance 1.*\)$/);
    expect(record().length).toBe(40);
    expect(segment().b).toEqual([40, 0]);
    expect(dimensionLayout(editor, dimensionById(editor.mirror, 'd')!)!.text).toBe('40');
  });

  it('"= 2*p1" typed as the value drives the dimension by it; a number typed over it replaces it', async () => {
    const d = drawing();
    d.parameters = [{ id: 'p', name: 'p1', value: 10, unit: 'mm' }];
    const { session, editor, record, segment } = await setup(d);
    editor.values.setDimensionValue('d', '= 2*p1');
    await editor.client.idle();
    expect(record()).toMatchObject({ length: 20, expression: '= 2*p1' });
    expect(segment().b[0]).toBeCloseTo(20, 6);
    expect(dimensionLayout(editor, dimensionById(editor.mirror, 'd')!)!.text).toBe('20 = 2*p1');
    session.edit({ type: 'parameter', id: 'p', value: 15 });
    expect(record().length).toBe(30);
    editor.values.setDimensionValue('d', '= 2*q');
    await editor.client.idle();
    expect(editor.message).toMatch(/unknown name "q" at column 5$/);
    editor.values.setDimensionValue('d', '25');
    await editor.client.idle();
    expect(record().length).toBe(25);
    expect(record()).not.toHaveProperty('expression');
    session.undo();
    expect(record()).toMatchObject({ length: 30, expression: '= 2*p1' });
  });
});
