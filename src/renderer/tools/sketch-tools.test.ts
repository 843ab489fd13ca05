// The sketcher's constraint tools driven headless against a real session: applied to the selection, or picked
// click by click; the records they make, with values measured from the geometry (so nothing moves).

import { describe, expect, it } from 'vitest';
import { spec } from '../../shared/actions';
import { emptyDrawing, type Constraint, type Drawing } from '../../shared/drawing';
import { setupEditor } from '../test-support/editor-harness';
import { constraintSummary } from '../panels/constraint-summary';

/** Two segments, a bar, two circles, an arc, an ellipse and a point. */
function sketch(): Drawing {
  const d = emptyDrawing();
  d.curves = [
    { id: 'c1', kind: 'segment', a: [0, 0], b: [40, 2] },
    { id: 'c2', kind: 'segment', a: [0, 20], b: [38, 25] },
    { id: 'c3', kind: 'bar', center: [80, 0], angle: Math.PI / 2 + 0.1, length: 30 },
    { id: 'c4', kind: 'circle', center: [20, 60], radius: 10 },
    { id: 'c5', kind: 'circle', center: [45, 61], radius: 14 },
    { id: 'c6', kind: 'arc', center: [100, 60], radius: 8, start: 0, sweep: Math.PI },
    { id: 'c7', kind: 'point', at: [60, 40] },
    { id: 'c8', kind: 'ellipse', center: [20, 60], rx: 4, ry: 2, rotation: 0 },
  ];
  return d;
}

const made = (d: Drawing) => d.constraints;
const key = (id: `tool:${string}`) => spec(id as 'tool:parallel').shortcuts![0];

describe('a constraint tool applied to the selection', () => {
  it('two lines selected + the parallel key: a parallel constraint, selected; the tool stays', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    const before = structuredClone(session.drawing.curves);
    editor.setSelection(['c1', 'c2']);
    expect(user.shortcut(key('tool:parallel'))).toBe(true);
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([{ kind: 'parallel', id: 'k1', lines: ['c1', 'c2'] }]);
    expect([...editor.selection]).toEqual(['k1']);
    expect(editor.tool.path).toBe('select.idle');
    // The solver made them parallel, moving each a little (they were 2.8° apart).
    const dir = (id: string) => {
      const c = session.drawing.curves.find((k) => k.id === id);
      if (c?.kind !== 'segment') throw new Error(`${id} is not a segment`);
      return [c.b[0] - c.a[0], c.b[1] - c.a[1]];
    };
    const [d1, d2] = [dir('c1'), dir('c2')];
    expect(Math.abs(d1[0] * d2[1] - d1[1] * d2[0]) / (Math.hypot(...d1) * Math.hypot(...d2))).toBeLessThan(
      1e-9,
    );
    expect(session.drawing.curves).not.toEqual(before);
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
  });

  it('a selection that does not fit starts picking instead', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    editor.setSelection(['c1', 'c4']);
    user.shortcut(key('tool:parallel'));
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([]);
    expect(editor.tool.path).toBe('parallel.first');
    expect(editor.tool.hint).toBe('Parallel: pick a line (a segment or bar)');
    // Two circles selected are no distance between two points of them: the Distance tool picks instead.
    editor.setSelection(['c4', 'c5']);
    user.shortcut(key('tool:distance'));
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([]);
    expect(editor.tool.path).toBe('distance.first');
  });

  it('one line selected: horizontal from its ends, length and an angle from +x measured', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    for (const tool of ['tool:horizontal', 'tool:length', 'tool:angle'] as const) {
      editor.setSelection(['c1']);
      user.shortcut(key(tool));
      await editor.client.idle(); // each measured from the line as the one before left it
    }
    editor.setSelection(['c6']);
    user.shortcut(key('tool:radius'));
    editor.setSelection(['c4']);
    user.shortcut(key('tool:radius'));
    editor.setSelection(['c7', 'c3']);
    user.shortcut(key('tool:midpoint'));
    await editor.client.idle();
    const [h, length, angle, arcRadius, diameter, midpoint] = made(session.drawing);
    // Horizontal moved c1 level; the length and the angle were then measured from it as it was.
    const c1 = session.drawing.curves.find((k) => k.id === 'c1');
    if (c1?.kind !== 'segment') throw new Error('c1 is not a segment');
    expect(c1.a[1]).toBeCloseTo(c1.b[1], 9);
    expect(h).toEqual({
      kind: 'horizontal',
      id: 'k1',
      a: { curve: 'c1', anchor: 'start' },
      b: { curve: 'c1', anchor: 'end' },
    });
    expect(length).toMatchObject({ kind: 'length', curve: 'c1' });
    expect((length as Extract<Constraint, { kind: 'length' }>).length).toBeCloseTo(
      Math.hypot(c1.b[0] - c1.a[0], c1.b[1] - c1.a[1]),
      9,
    );
    expect((angle as Extract<Constraint, { kind: 'angle' }>).angle).toBeCloseTo(0, 9);
    expect(arcRadius).toEqual({ kind: 'radius', id: 'k4', curve: 'c6', radius: 8 });
    expect(diameter).toEqual({ kind: 'radius', id: 'k5', curve: 'c4', radius: 10, diameter: true });
    expect(midpoint).toEqual({
      kind: 'midpoint',
      id: 'k6',
      point: { curve: 'c7', anchor: 'start' },
      line: 'c3',
    });
  });
});

describe('a constraint tool picking', () => {
  it('parallel: first line, second line; Escape after the first forgets it', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    user.tool('parallel');
    user.click([20, 1]);
    expect(editor.tool.path).toBe('parallel.next');
    expect(editor.overlay.picked).toHaveLength(1);
    user.key('Escape');
    expect(editor.tool.path).toBe('parallel.first');
    expect(editor.overlay.picked).toEqual([]);
    user.click([20, 1]);
    user.click([20, 1]); // the same line again: not a second line
    expect(editor.message).toContain('Parallel: that does not fit');
    user.click([19, 22.5]);
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([{ kind: 'parallel', id: 'k1', lines: ['c1', 'c2'] }]);
    expect(editor.tool.path).toBe('parallel.first');
  });

  it('horizontal of a line at once; vertical of two points', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    user.tool('horizontal');
    user.click([10, 0.5]); // not the middle: that is the segment's centre, a point
    user.tool('vertical');
    user.click([60, 40]); // the point curve
    expect(editor.tool.path).toBe('vertical.next');
    expect(editor.tool.hint).toBe('Vertical: pick the second point — Esc cancels');
    user.click([38, 25]); // c2's end
    user.tool('horizontal');
    user.click([0, 20]); // c2's start: a point (it could be the line, but a point is what an end stands for)
    expect(editor.tool.path).toBe('horizontal.next');
    user.click([60, 40]);
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([
      {
        kind: 'horizontal',
        id: 'k1',
        a: { curve: 'c1', anchor: 'start' },
        b: { curve: 'c1', anchor: 'end' },
      },
      { kind: 'vertical', id: 'k2', a: { curve: 'c7', anchor: 'start' }, b: { curve: 'c2', anchor: 'end' } },
      {
        kind: 'horizontal',
        id: 'k3',
        a: { curve: 'c2', anchor: 'start' },
        b: { curve: 'c7', anchor: 'start' },
      },
    ]);
  });

  it('distance between two ends: the distance as it is, held by the solver; Delete and Undo', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    const before = structuredClone(session.drawing.curves);
    user.tool('distance');
    expect(editor.tool.hint).toBe('Distance: pick a point (an end, a centre, a point of a curve)');
    user.click([10, 0.5]); // a line's body is no point
    expect(editor.tool.path).toBe('distance.first');
    expect(editor.message).toBe(
      'Distance: that does not fit — pick a point (an end, a centre, a point of a curve)',
    );
    user.click([0, 0]);
    user.click([38, 25]);
    await editor.client.idle();
    const [k] = made(session.drawing);
    expect(k).toMatchObject({
      kind: 'distance',
      a: { curve: 'c1', anchor: 'start' },
      b: { curve: 'c2', anchor: 'end' },
    });
    expect((k as Extract<Constraint, { kind: 'distance' }>).length).toBeCloseTo(Math.hypot(38, 25), 12);
    expect(session.drawing.curves).toEqual(before);
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
    expect(constraintSummary(k, session.drawing)).toBe(
      `— segment 1, segment 2 · ${Number(Math.hypot(38, 25).toFixed(3))} mm`,
    );
    user.key('Delete'); // the new constraint is selected
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([]);
    user.key('z', { ctrl: true });
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([k]);
  });

  it('tangent: a line and a circle (s nearest the line), two circles (outside), G1 at a joint', async () => {
    const d = sketch();
    // c9 touches c4's bottom already, so the contact tangent moves nothing and the later picks stay where they are.
    d.curves.push({ id: 'c9', kind: 'segment', a: [0, 70], b: [40, 70] });
    d.curves.push({ id: 'c10', kind: 'arc', center: [40, 85], radius: 15, start: -Math.PI / 2, sweep: 1 });
    d.constraints.push({
      kind: 'attach',
      id: 'j1',
      a: { curve: 'c10', anchor: 'start' },
      b: { curve: 'c9', anchor: 'end' },
    });
    const { session, editor, user } = await setupEditor(d);
    user.tool('tangent');
    user.click([10, 60]); // the circle c4's left (centre (20, 60), radius 10)
    user.click([5, 70]); // the line c9 under it
    await editor.client.idle();
    // The circle's point nearest the line y = 70 is its bottom, angle π/2 (y down): u = 1/4.
    const first = made(session.drawing)[1] as Extract<Constraint, { kind: 'tangent' }>;
    expect(first).toMatchObject({ kind: 'tangent', curves: ['c9', 'c4'] });
    expect(first.s).toBeCloseTo(0.25, 6);
    user.click([30, 60]); // c4 again, its right
    user.click([45, 47]); // c5's top
    user.click([40, 70]); // the joint: c9's end or c10's start
    user.click([40, 70]); // again: the other curve's end there
    await editor.client.idle();
    const [, contact, circles, g1] = made(session.drawing);
    expect(contact).toMatchObject({ kind: 'tangent', curves: ['c9', 'c4'] });
    expect(circles).toEqual({ kind: 'tangent', id: 'k2', curves: ['c4', 'c5'], internal: false });
    expect(g1).toMatchObject({ kind: 'tangent', id: 'k3' });
    const ends = [
      (g1 as Extract<Constraint, { kind: 'tangent' }>).a,
      (g1 as Extract<Constraint, { kind: 'tangent' }>).b,
    ];
    expect(ends).toContainEqual({ curve: 'c9', anchor: 'end' });
    expect(ends).toContainEqual({ curve: 'c10', anchor: 'start' });
    // Selected, the two joined curves are G1 too.
    editor.setSelection(['c9', 'c10']);
    user.shortcut(key('tool:tangent'));
    await editor.client.idle();
    expect(made(session.drawing)[4]).toEqual({
      kind: 'tangent',
      id: 'k4',
      a: { curve: 'c9', anchor: 'end' },
      b: { curve: 'c10', anchor: 'start' },
    });
  });

  it('two circles nearly touching inside are internal', async () => {
    const d = emptyDrawing();
    d.curves = [
      { id: 'c1', kind: 'circle', center: [0, 0], radius: 20 },
      { id: 'c2', kind: 'circle', center: [11, 0], radius: 10 },
    ];
    const { session, editor, user } = await setupEditor(d);
    editor.setSelection(['c1', 'c2']);
    user.shortcut(key('tool:tangent'));
    await editor.client.idle();
    expect(made(session.drawing)).toEqual([
      { kind: 'tangent', id: 'k1', curves: ['c1', 'c2'], internal: true },
    ]);
  });

  it("equal refuses a line with a circle by the kind's own rule; concentric, symmetric, point-line distance", async () => {
    const { session, editor, user } = await setupEditor(sketch());
    user.tool('equal');
    user.click([10, 0.5]);
    user.click([20, 70]);
    expect(editor.message).toBe(
      'Equal: that does not fit — expected two lines (equal lengths) or two circles or arcs (equal radii)',
    );
    user.click([19, 22.5]); // the second line
    await editor.client.idle();
    user.tool('concentric');
    user.click([20, 70]); // c4
    user.click([24, 60]); // the ellipse c8
    user.tool('symmetric');
    user.click([0, 0]);
    user.click([0, 20]);
    user.click([80, 0]); // the bar's body
    user.tool('point-line-distance');
    user.click([20, 1]); // the line first
    user.click([60, 40]);
    await editor.client.idle();
    const [equal, concentric, symmetric, pld] = made(session.drawing);
    expect(equal).toEqual({ kind: 'equal', id: 'k1', curves: ['c1', 'c2'] });
    expect(concentric).toEqual({ kind: 'concentric', id: 'k2', curves: ['c4', 'c8'] });
    expect(symmetric).toEqual({
      kind: 'symmetric',
      id: 'k3',
      a: { curve: 'c1', anchor: 'start' },
      b: { curve: 'c2', anchor: 'start' },
      line: 'c3',
    });
    expect(pld).toMatchObject({
      kind: 'point-line-distance',
      point: { curve: 'c7', anchor: 'start' },
      line: 'c1',
    });
    const expected = Math.abs(40 * 40 - 2 * 60) / Math.hypot(40, 2);
    // The equal and symmetric settles before it moved c1 (about 2 mm, on main too): the distance is measured from
    // moved coordinates, so its last bits are their rounding (1e-12 with the settle metric, 4e-14 before), not 0.
    expect((pld as Extract<Constraint, { kind: 'point-line-distance' }>).distance).toBeCloseTo(expected, 10);
  });

  it('angle: two lines (from the first to the second), or one and Enter', async () => {
    const { session, editor, user } = await setupEditor(sketch());
    user.tool('angle');
    user.click([20, 1]);
    user.click([80, 5]); // the bar
    user.click([19, 22.5]);
    expect(editor.tool.path).toBe('angle.next');
    user.key('Enter');
    await editor.client.idle();
    const [two, one] = made(session.drawing) as Extract<Constraint, { kind: 'angle' }>[];
    expect(two.lines).toEqual(['c1', 'c3']);
    expect(two.angle).toBeCloseTo(Math.PI / 2 + 0.1 - Math.atan2(2, 40), 12);
    expect(one.lines).toEqual(['c2']);
    expect(one.angle).toBeCloseTo(Math.atan2(5, 38), 12);
  });

  it('angle of a curve’s tangent at a point: from a line, or (Enter) from +x; a point curve has none', async () => {
    const d = sketch();
    // A free Bézier; at u = 0.3 it passes (11.16, 97.48).
    d.curves.push({
      id: 'c9',
      kind: 'bezier',
      points: [
        [0, 100],
        [10, 90],
        [30, 110],
        [40, 100],
      ],
    });
    const { session, editor, user } = await setupEditor(d);
    user.tool('angle');
    user.click([20, 1]); // the line c1
    user.click([11.16, 97.48]); // a point of the Bézier, u ≈ 0.3
    await editor.client.idle();
    user.click([11.16, 97.48]);
    user.key('Enter');
    await editor.client.idle();
    const [between, alone] = made(session.drawing) as Extract<Constraint, { kind: 'angle' }>[];
    expect(between.lines).toEqual(['c1']);
    expect(between.at?.curve).toBe('c9');
    expect(alone.lines).toEqual([]);
    expect(alone.at?.curve).toBe('c9');
    // The Bézier's tangent at the picked u, in closed form; the angles measured from it, so nothing moved.
    const u = between.at!.u!;
    const [p0, p1, p2, p3] = [
      [0, 100],
      [10, 90],
      [30, 110],
      [40, 100],
    ];
    const t = [0, 1].map(
      (i) =>
        3 * (1 - u) ** 2 * (p1[i] - p0[i]) + 6 * (1 - u) * u * (p2[i] - p1[i]) + 3 * u ** 2 * (p3[i] - p2[i]),
    );
    expect(between.angle).toBeCloseTo(Math.atan2(t[1], t[0]) - Math.atan2(2, 40), 9);
    expect(alone.angle).toBeCloseTo(Math.atan2(t[1], t[0]), 9);
    expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
    // The point curve c7 has no direction: Enter on it makes nothing.
    user.click([60, 40]);
    user.key('Enter');
    await editor.client.idle();
    expect(made(session.drawing)).toHaveLength(2);
  });

  it("a tool's distance is kept by the solver, and the session's refusal of an impossible one is shown", async () => {
    const d = sketch();
    d.constraints.push(
      { kind: 'pin', id: 'p1', point: { curve: 'c1', anchor: 'start' }, at: [0, 0] },
      { kind: 'pin', id: 'p2', point: { curve: 'c1', anchor: 'end' }, at: [40, 2] },
    );
    const { session, editor, user } = await setupEditor(d);
    // A distance edited far from the pins' is impossible: made through the session's own edit path.
    user.tool('distance');
    user.click([0, 0]);
    user.click([40, 2]);
    await editor.client.idle();
    const k = made(session.drawing).find((c) => c.kind === 'distance')!;
    editor.commit({ type: 'set', id: k.id, field: 'length', value: 5 });
    await editor.client.idle();
    expect(editor.message).toMatch(/^distance 1 cannot be 5 mm: segment 1 cannot get there — 3 constraints/);
    // In the user's words: display names, not ids or the channel's name.
    expect(editor.notice?.detail).toBe(
      'the constraints cannot all be met: segment 1 cannot get there (pin 1, pin 2, distance 1)',
    );
    expect(editor.message).not.toContain('edit:apply');
    expect(
      (made(session.drawing).find((c) => c.id === k.id) as Extract<Constraint, { kind: 'distance' }>).length,
    ).toBeCloseTo(Math.hypot(40, 2), 12);
  });
});
