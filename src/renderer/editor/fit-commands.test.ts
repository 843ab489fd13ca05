// Fits and attractors from the editor, driven headless into a real session (issue 30): points clicked in as one
// point set, a click on its marks selecting it, Fit to Points run live by the pull loop until it comes to rest, one
// undo taking back the fit and its motion; Follow Edges only with an image; Pull Toward by two clicks.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Drawing, type ReferenceImage, type Vec2 } from '../../shared/drawing';
import { setupEditor as setup } from '../test-support/editor-harness';
import { trailFromPoints } from '../../shared/trail';
import { fitData, traceData } from './fit-commands';

/** 12 points on the circle of centre (20, 10) and radius 8. */
const RING: Vec2[] = Array.from({ length: 12 }, (_, i) => {
  const t = (2 * Math.PI * i) / 12 + 0.1;
  return [20 + 8 * Math.cos(t), 10 + 8 * Math.sin(t)];
});

function withCircle(): Drawing {
  const d = emptyDrawing();
  d.curves.push({ id: 'c', kind: 'circle', center: [-20, 0], radius: 5 });
  return d;
}

const circle = (d: Drawing) => d.curves.find((c) => c.id === 'c') as Extract<Curve, { kind: 'circle' }>;

describe('fits from the editor', () => {
  it('Data Points clicks one set in; its marks select it; Fit to Points runs live to the data; one undo', async () => {
    const { session, editor, user } = await setup(withCircle());
    editor.viewOps.fit();
    user.tool('points');
    for (const p of RING) user.click(p);
    expect(editor.tool.path).toBe('points.more');
    // Nothing is added until Enter: then one set, one undo entry.
    expect(session.drawing.pointSets).toBeUndefined();
    user.key('Enter');
    await editor.client.idle();
    const [set] = session.drawing.pointSets ?? [];
    expect([session.drawing.pointSets?.length, set.id, set.name]).toEqual([1, 'p1', 'Points 1']);
    // Where clicked (through the screen's pixels and back).
    expect(set.points.map((p, i) => Math.hypot(p[0] - RING[i][0], p[1] - RING[i][1]))).toEqual(
      RING.map(() => expect.closeTo(0, 9)),
    );
    expect(editor.tool.path).toBe('points.first');
    expect([...editor.selection]).toEqual(['p1']);

    user.tool('select');
    user.click([-100, -100]);
    expect(editor.selection.size).toBe(0);
    expect(editor.actionFlags.current.enabled['fit:points']).toBe(false);
    // A mark, where no curve is, selects its set; the circle Shift-clicked joins it.
    user.click(RING[3]);
    expect([...editor.selection]).toEqual(['p1']);
    user.click([-15, 0], { shift: true });
    expect(new Set(editor.selection)).toEqual(new Set(['p1', 'c']));
    expect(editor.actionFlags.current.enabled['fit:points']).toBe(true);
    expect(editor.actionFlags.current.enabled['fit:edges']).toBe(false);
    // The right-click menu on the circle offers it too (Follow Edges not: no image).
    editor.openContextMenu(editor.inputs.at(editor.view.toScreen([-15, 0]), {}));
    expect(editor.contextMenu?.groups.at(-1)).toEqual(['fit:points']);
    editor.closeContextMenu();

    user.shortcut('X');
    await editor.client.idle();
    expect(session.drawing.attractors).toEqual([
      { id: 'a1', kind: 'points', on: true, strength: 1, curves: ['c'], data: 'p1', loss: 'squared' },
    ]);
    // The pull loop asked for frames until the fit came to rest at the data's circle (on the test clock, whose
    // budget never runs out, one frame takes it there).
    expect(editor.pulls.frames).toBeGreaterThanOrEqual(1);
    expect(editor.mirror.pulls?.done).toBe(true);
    const fitted = circle(session.drawing);
    expect(fitted.center[0]).toBeCloseTo(20, 6);
    expect(fitted.center[1]).toBeCloseTo(10, 6);
    expect(fitted.radius).toBeCloseTo(8, 6);
    expect(circle(editor.mirror.drawing)).toEqual(fitted);
    expect(editor.mirror.pulls?.readouts[0].rms).toBeLessThan(1e-6);

    editor.undo();
    await editor.client.idle();
    expect(session.drawing.attractors).toBeUndefined();
    expect(circle(session.drawing)).toEqual({ id: 'c', kind: 'circle', center: [-20, 0], radius: 5 });
  });

  it('Esc drops the points clicked; another tool keeps them; Fit to Points without one set says why', async () => {
    const { session, editor, user } = await setup(withCircle());
    user.tool('points');
    user.click([1, 1]);
    user.key('Escape');
    expect(editor.tool.path).toBe('points.first');
    user.click([2, 2]);
    user.click([3, 3]);
    user.tool('select');
    await editor.client.idle();
    expect(session.drawing.pointSets?.map((s) => [s.name, s.points])).toEqual([
      [
        'Points 1',
        [
          [2, 2],
          [3, 3],
        ],
      ],
    ]);
    editor.setSelection(['c']);
    // One set in the drawing: it is taken though not selected.
    expect(editor.actionFlags.current.enabled['fit:points']).toBe(true);
    editor.setSelection([]);
    editor.run('fit:points');
    expect(editor.message).toBe(
      'Fit to Points: select the curves to fit and one point set (Shift-click adds to the selection)',
    );
    expect(session.drawing.attractors).toBeUndefined();
  });

  it('Follow Edges applies with a reference image: the top one, a 2 mm capture range', async () => {
    const image: ReferenceImage = {
      id: 'img',
      name: 'photo',
      media: 'image/png',
      data: 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAKUlEQVR4nGNgGEDwHzegqeyoxaMWj1o8DCweMDBgPh61eNTiUYuHtsUAmLeQ0vvwzsEAAAAASUVORK5CYII=',
      pixels: [40, 20],
      center: [0, 0],
      width: 80,
      rotation: 0,
      opacity: 0.5,
      locked: true,
    };
    const { session, editor } = await setup({ ...withCircle(), images: [image] });
    expect(editor.actionFlags.current.enabled['fit:edges']).toBe(false);
    editor.setSelection(['c']);
    expect(editor.actionFlags.current.enabled['fit:edges']).toBe(true);
    editor.run('fit:edges');
    await editor.client.idle();
    expect(session.drawing.attractors).toEqual([
      { id: 'a1', kind: 'edges', on: true, strength: 1, curves: ['c'], image: 'img', range: 2 },
    ]);
    // The snake ran to rest on the image's edges, its readout its edge strength.
    expect(editor.mirror.pulls?.done).toBe(true);
    expect(editor.mirror.pulls?.readouts[0].edge).toBeGreaterThan(0);
  });

  it('Pull Toward: a point of a curve, then a place; the point is pulled there, live', async () => {
    const d = emptyDrawing();
    d.curves.push({ id: 'q', kind: 'point', at: [0, 0] });
    const { session, editor, user } = await setup(d);
    user.tool('target');
    user.click([0, 0]);
    expect(editor.tool.path).toBe('target.second');
    user.click([30, 20]);
    await editor.client.idle();
    expect(session.drawing.attractors).toEqual([
      {
        id: 'a1',
        kind: 'target',
        on: true,
        strength: 1,
        point: { curve: 'q', anchor: 'start' },
        at: [30, 20],
      },
    ]);
    expect([...editor.selection]).toEqual(['a1']);
    const q = session.drawing.curves[0] as Extract<Curve, { kind: 'point' }>;
    expect(q.at[0]).toBeCloseTo(30, 6);
    expect(q.at[1]).toBeCloseTo(20, 6);
  });
});

describe('a trace to data', () => {
  it("adds the trail's points as a point set named after the trace, which a fit then takes", async () => {
    const d = withCircle();
    d.traces.push({ id: 't', point: { curve: 'c', u: 0 }, points: trailFromPoints(RING) });
    const { session, editor } = await setup(d);
    const trace = editor.mirror.drawing.traces[0];
    expect(trace.points.length).toBe(RING.length);
    const set = traceData(trace, 'trace 1', editor.newId('p'));
    editor.commit({ type: 'add', pointSets: [set] });
    editor.setSelection([set.id, 'c']);
    await editor.client.idle();
    expect(session.drawing.pointSets).toEqual([{ id: set.id, name: 'trace 1 data', points: RING }]);
    expect(fitData(session.drawing, editor.selection)?.id).toBe(set.id);
  });
});
