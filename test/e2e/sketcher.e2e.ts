// The sketcher end to end (issue 16), with the real mouse and keyboard on the built renderer in real Chromium, the
// window API bridged to a real Session in this process: a fully constrained bracket, a cam with a flat-faced
// follower held tangent while it plays, and a four-bar whose ground distance is a driving dimension edited on the
// canvas. Every drawing is made with the tools; every assertion reads the session's drawing and status.

import { afterAll, describe, expect, it } from 'vitest';
import { displayName } from '../../src/shared/display-names';
import { emptyDrawing, type Constraint, type Curve, type Drawing, type Vec2 } from '../../src/shared/drawing';
import type { Session } from '../../src/session/session';
import type { Snapshot } from '../../src/shared/contract';
import { openEditor, shutdown } from './harness';
import { barEnds, dist } from './geometry';
import { toPage, click, dimension, editDimension, idle, press, statusHint } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** An empty drawing seen at `zoom` px/mm around `center`, so the picks are a few px apart at most. */
function paper(center: Vec2, zoom: number): Drawing {
  const drawing = emptyDrawing();
  drawing.view = { center, zoom };
  return drawing;
}

function curve<K extends Curve['kind']>(session: Session, id: string, kind: K): Extract<Curve, { kind: K }> {
  const c = session.drawing.curves.find((k) => k.id === id);
  if (c?.kind !== kind) throw new Error(`no ${kind} '${id}'`);
  return c as Extract<Curve, { kind: K }>;
}

function constraint<K extends Constraint['kind']>(
  session: Session,
  id: string,
  kind: K,
): Extract<Constraint, { kind: K }> {
  const k = session.drawing.constraints.find((c) => c.id === id);
  if (k?.kind !== kind) throw new Error(`no ${kind} constraint '${id}'`);
  return k as Extract<Constraint, { kind: K }>;
}

const residual = (session: Session) => session.snapshot(false).status.maxResidual;

describe('the sketcher end to end', () => {
  it('a bracket: a rectangle with a tangent corner arc and a concentric hole, dimensioned and pinned to DOF 0', async () => {
    const editor = await openEditor({ drawing: paper([30, 20], 6) });
    const { page, session } = editor;
    try {
      const A: Vec2 = [0, 0];
      const B: Vec2 = [50, 0];
      const centre: Vec2 = [50, 10];
      const E: Vec2 = [60, 10];
      const C: Vec2 = [60, 40];
      const D: Vec2 = [0, 40];
      // The top edge, level: H as it is drawn.
      await press(page, 'tool:segment');
      await click(page, A);
      await click(page, B);
      // The corner arc, started at the top edge's end: tangent to it (G1) as it is drawn.
      await press(page, 'tool:arc');
      await click(page, centre);
      await click(page, B);
      await click(page, E);
      // The right, bottom and left edges, each from the last one's end; the left one closes on A.
      for (const [from, to] of [
        [E, C],
        [C, D],
        [D, A],
      ]) {
        await press(page, 'tool:segment');
        await click(page, from);
        await click(page, to);
      }
      expect(session.drawing.constraints.map((k) => k.kind)).toEqual([
        'horizontal', // the top edge's aid
        'attach', // the arc's start on the top edge's end
        'tangent', // … and its aid: G1 there
        ...['attach', 'vertical', 'attach', 'horizontal', 'attach', 'attach', 'vertical'],
      ]);
      expect(constraint(session, 'k3', 'tangent')).toMatchObject({
        a: { curve: 'c2', anchor: 'start' },
        b: { curve: 'c1', anchor: 'end' },
      });
      // Pinned at its top left corner.
      await press(page, 'tool:pin');
      await click(page, A);
      // The arc's other end joins the right edge smoothly: the Tangent tool, both curves picked at the joint.
      await press(page, 'tool:tangent');
      await click(page, E);
      await click(page, E);
      // The hole, near the arc's centre, then made concentric with it.
      await press(page, 'tool:circle');
      await click(page, [47, 13]);
      await click(page, [51, 13]);
      await press(page, 'tool:concentric');
      await click(page, [43, 13]);
      await click(page, [50 + 10 * Math.SQRT1_2, 10 - 10 * Math.SQRT1_2]);
      expect(session.drawing.constraints.slice(-2)).toEqual([
        {
          kind: 'tangent',
          id: 'k12',
          a: { curve: 'c2', anchor: 'end' },
          b: { curve: 'c3', anchor: 'start' },
        },
        { kind: 'concentric', id: 'k13', curves: ['c6', 'c2'] },
      ]);
      // Four degrees of freedom left: width, height, the arc's radius and the hole's.
      expect(session.snapshot(false).status.dof).toBe(4);

      // The dimensions, each picked where the curve now is: the top edge's length, the left edge's height as the
      // distance of its ends, the arc's radius and the hole's diameter.
      const top = curve(session, 'c1', 'segment');
      await press(page, 'tool:length');
      await click(page, [(top.a[0] + top.b[0]) / 2, top.a[1]]);
      const left = curve(session, 'c5', 'segment');
      await press(page, 'tool:distance');
      await click(page, left.b);
      await click(page, left.a);
      const arc = curve(session, 'c2', 'arc');
      const middle = arc.start + arc.sweep / 2;
      await press(page, 'tool:radius');
      await click(page, [
        arc.center[0] + arc.radius * Math.cos(middle),
        arc.center[1] + arc.radius * Math.sin(middle),
      ]);
      const picked = curve(session, 'c6', 'circle');
      await click(page, [picked.center[0] - picked.radius, picked.center[1]]);
      const dimensions = session.drawing.constraints.slice(-4);
      expect(dimensions.map((k) => k.kind)).toEqual(['length', 'distance', 'radius', 'radius']);
      expect(dimensions.map((k) => k.id)).toEqual(['k14', 'k15', 'k16', 'k17']);
      expect(constraint(session, 'k16', 'radius').curve).toBe('c2');
      expect(constraint(session, 'k17', 'radius')).toMatchObject({ curve: 'c6', diameter: true });

      // Each given its value on the canvas: double-click, type, Enter.
      await press(page, 'tool:select');
      for (const [id, value] of [
        ['k14', '50'],
        ['k15', '40'],
        ['k16', '10'],
      ])
        await editDimension(page, id, value);
      // The hole's diameter value is laid out on the arc's radius leader (a circle's points up and right, the
      // corner arc's to its middle: the same ray from their shared centre), beside the arc itself: a double-click
      // there is ambiguous. As a user would, drag it clear first, by the half of its diameter line nothing covers.
      {
        const c = curve(session, 'c6', 'circle').center;
        const grip = await toPage(page, [c[0] - 2 * Math.SQRT1_2, c[1] + 2 * Math.SQRT1_2]);
        const to = await toPage(page, [c[0] - 12, c[1] + 14]);
        await page.mouse.move(grip[0], grip[1]);
        await page.mouse.down();
        await page.mouse.move(to[0], to[1], { steps: 4 });
        await page.mouse.up();
        await idle(page);
        expect(constraint(session, 'k17', 'radius').label).toBeDefined();
      }
      await editDimension(page, 'k17', '10');
      expect([
        constraint(session, 'k14', 'length').length,
        constraint(session, 'k15', 'distance').length,
        constraint(session, 'k16', 'radius').radius,
        constraint(session, 'k17', 'radius').radius,
      ]).toEqual([50, 40, 10, 5]);
      expect((await dimension(page, 'k17')).text).toBe('⌀ 10');

      // The bracket as designed, from its pinned corner: every curve where the dimensions put it.
      const o = constraint(session, 'k11', 'pin').at;
      const near = (p: Vec2, x: number, y: number) => dist(p, [o[0] + x, o[1] + y]);
      const [c1, c3, c4, c5] = ['c1', 'c3', 'c4', 'c5'].map((id) => curve(session, id, 'segment'));
      const corner = curve(session, 'c2', 'arc');
      const hole = curve(session, 'c6', 'circle');
      expect(
        Math.max(
          near(c1.a, 0, 0),
          near(c1.b, 50, 0),
          near(corner.center, 50, 10),
          Math.abs(corner.radius - 10),
          Math.abs(corner.start + Math.PI / 2),
          Math.abs(corner.sweep - Math.PI / 2),
          near(c3.a, 60, 10),
          near(c3.b, 60, 40),
          near(c4.b, 0, 40),
          near(c5.b, 0, 0),
          near(hole.center, 50, 10),
          Math.abs(hole.radius - 5),
          residual(session),
        ),
      ).toBeLessThan(1e-9);

      // Fully constrained: DOF 0 in the session and the status bar, every curve fixed.
      const status = session.snapshot(false).status;
      expect(status.dof).toBe(0);
      expect(status.curves?.every((c) => c.fixed)).toBe(true);
      await expect.poll(() => page.locator('[data-status="dof"]').textContent()).toBe('DOF 0');
      // The constraints list names every constraint, each holding (ok).
      const rows = page.locator('ul.constraints li');
      const listed = async () =>
        (await rows.evaluateAll((items) =>
          items.map((li) => [li.dataset.id, li.querySelector('.kind')!.textContent, li.dataset.state]),
        )) as [string, string, string][];
      const records = session.drawing.constraints.map((k) => [k.id, k.kind, 'ok']);
      expect(records).toHaveLength(17);
      await expect.poll(listed).toEqual(records);

      // One more horizontal, on the bottom edge that already has one: named as redundant.
      await press(page, 'tool:horizontal');
      await click(page, [o[0] + 20, o[1] + 40]);
      expect(constraint(session, 'k18', 'horizontal')).toMatchObject({
        a: { curve: 'c4', anchor: 'start' },
        b: { curve: 'c4', anchor: 'end' },
      });
      // It and the one already there say the same thing: both are named, the rest hold as before.
      const redundant = session
        .snapshot(false)
        .status.constraints!.filter((k) => k.redundant)
        .map((k) => k.id);
      expect(redundant).toEqual(['k7', 'k18']);
      await expect
        .poll(async () => (await listed()).filter(([, , state]) => state === 'redundant'))
        .toEqual([
          ['k7', 'horizontal', 'redundant'],
          ['k18', 'horizontal', 'redundant'],
        ]);
      expect(session.snapshot(false).status.dof).toBe(0);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('a cam turned by a motor with a flat-faced follower on a guide, held tangent while it plays', async () => {
    const editor = await openEditor({ drawing: paper([0, -10], 6) });
    const { page, session } = editor;
    try {
      const P: Vec2 = [0, 0];
      // The cam: an ellipse about the pivot, carried by a bar from its centre to a point of its rim.
      await press(page, 'tool:ellipse');
      await click(page, P);
      await click(page, [25, 15]);
      await press(page, 'tool:bar');
      await click(page, P); // on the ellipse's centre: attached
      await click(page, [0, 10]);
      await press(page, 'tool:attach');
      await click(page, [0, 10]); // the bar's end …
      await click(page, [0, 15]); // … to that point of the ellipse: the ellipse turns with the bar
      await press(page, 'tool:pin');
      await click(page, P);
      await press(page, 'tool:motor');
      await click(page, [0, 4]);
      // Its other semi-axis, as a distance from the centre to the rim's point on it.
      const cam0 = curve(session, 'c1', 'ellipse');
      await press(page, 'tool:distance');
      await click(page, P);
      await click(page, [
        cam0.center[0] + cam0.rx * Math.cos(cam0.rotation),
        cam0.center[1] + cam0.rx * Math.sin(cam0.rotation),
      ]);
      expect(session.drawing.constraints.map((k) => k.kind)).toEqual([
        'attach',
        'attach',
        'pin',
        'motor',
        'distance',
      ]);
      expect(constraint(session, 'k2', 'attach').b).toMatchObject({ curve: 'c1' }); // a point of the rim
      expect(constraint(session, 'k5', 'distance').b).toMatchObject({ curve: 'c1' });
      // The cam alone is fully driven: the motor's angle sets everything.
      expect(session.snapshot(false).status.dof).toBe(0);
      // The guide: a segment pinned at both ends (Alt: no V, which the pins would make redundant).
      await press(page, 'tool:segment');
      await click(page, [-35, -45]);
      await click(page, [-35, -5], 'Alt');
      await press(page, 'tool:pin');
      await click(page, [-35, -45]);
      await click(page, [-35, -5]);
      // The follower: a bar from the guide (a bead on it), level (H), tangent to the cam (the contact form).
      await press(page, 'tool:bar');
      await click(page, [-35, -22]);
      await click(page, [30, -22]);
      await press(page, 'tool:horizontal');
      await click(page, [15, -22]);
      const top = curve(session, 'c1', 'ellipse');
      await press(page, 'tool:tangent');
      await click(page, [15, -22]);
      await click(page, [top.center[0], top.center[1] - top.ry]);
      expect(session.drawing.constraints.slice(5).map((k) => k.kind)).toEqual([
        'pin',
        'pin',
        'on-curve',
        'horizontal',
        'tangent',
      ]);
      const contact = constraint(session, 'k10', 'tangent');
      expect(contact).toMatchObject({ curves: ['c4', 'c1'] });
      expect(contact.s).toBeTypeOf('number');
      expect(session.snapshot(false).status.dof).toBe(0);

      /** The follower's face is the cam's support line: level, as high as the turned ellipse reaches (y is down). */
      const tangency = () => {
        const cam = curve(session, 'c1', 'ellipse');
        const face = curve(session, 'c4', 'bar');
        const reach = Math.hypot(cam.rx * Math.sin(cam.rotation), cam.ry * Math.cos(cam.rotation));
        return Math.max(Math.abs(face.center[1] - (cam.center[1] - reach)), Math.abs(Math.sin(face.angle)));
      };
      expect(tangency()).toBeLessThan(1e-9);

      // Play: every frame the session answers is recorded — its residual, the cam's turn, the contact parameter,
      // the follower's height and how far it is from tangent.
      const frames: { residual: number; turn: number; s: number; y: number; off: number }[] = [];
      editor.onAnswer((channel, answer) => {
        const result = answer as { ok: boolean; value?: Snapshot };
        if (channel !== 'play:frame' || !result.ok || !result.value) return;
        frames.push({
          residual: result.value.status.maxResidual,
          turn: constraint(session, 'k4', 'motor').angle,
          s: constraint(session, 'k10', 'tangent').s!,
          y: curve(session, 'c4', 'bar').center[1],
          off: tangency(),
        });
      });
      const play = page.locator('button[data-action="play"]');
      await play.click();
      // Half a turn at 30 rpm (60 frames) lifts and lowers the follower once.
      await expect.poll(() => frames.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(75);
      await play.click();
      await idle(page);
      expect(session.playStatus().state).toBe('paused');

      // Every frame solved exactly, the follower on its face's support line: tangent all along.
      expect(Math.max(...frames.map((f) => f.residual))).toBeLessThan(1e-9);
      expect(Math.max(...frames.map((f) => f.off))).toBeLessThan(1e-9);
      // The cam turned more than half a turn, and the follower rose and fell the full difference of the axes.
      const turned = frames.at(-1)!.turn - frames[0].turn;
      expect(turned).toBeGreaterThan(Math.PI);
      const heights = frames.map((f) => f.y);
      expect(Math.max(...heights) - Math.min(...heights)).toBeCloseTo(25 - 10, 1);
      // The contact slid round the rim continuously: small steps (taken round the closed curve's seam), each the
      // way the cam turns, adding up to more than half of it.
      const steps = frames.slice(1).map((f, i) => {
        const ds = f.s - frames[i].s;
        return ds - Math.round(ds);
      });
      expect(Math.max(...steps.map(Math.abs))).toBeLessThan(0.03);
      expect(steps.every((ds) => ds <= 0)).toBe(true);
      expect(-steps.reduce((sum, ds) => sum + ds, 0)).toBeGreaterThan(0.5);
      // The follower kept to its guide.
      expect(barEnds(curve(session, 'c4', 'bar'))[0][0]).toBeCloseTo(-35, 9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('a four-bar of segments with driving lengths: the ground distance edited re-solves it; an impossible one is refused', async () => {
    const editor = await openEditor({ drawing: paper([5, -5], 6) });
    const { page, session } = editor;
    try {
      const A: Vec2 = [-20, 10];
      const B: Vec2 = [-15, -10];
      const C: Vec2 = [25, -20];
      const D: Vec2 = [30, 10];
      // Crank, coupler, rocker: each starts on the last one's end (snapped: attached).
      for (const [from, to] of [
        [A, B],
        [B, C],
        [C, D],
      ]) {
        await press(page, 'tool:segment');
        await click(page, from);
        await click(page, to);
      }
      // The ground: A pinned, D level with A (H between the two pivots), their distance a dimension.
      await press(page, 'tool:pin');
      await click(page, A);
      await press(page, 'tool:horizontal');
      await click(page, A);
      await click(page, D);
      await press(page, 'tool:distance');
      await click(page, A);
      await click(page, D);
      // Each link's length.
      await press(page, 'tool:length');
      for (const [p, q] of [
        [A, B],
        [B, C],
        [C, D],
      ])
        await click(page, [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]);
      const ids = session.drawing.constraints.map((k) => k.kind);
      expect(ids).toEqual([
        'attach',
        'attach',
        'pin',
        'horizontal',
        'distance',
        'length',
        'length',
        'length',
      ]);
      const ground = 'k5';
      const links = ['k6', 'k7', 'k8'];
      expect(constraint(session, ground, 'distance')).toMatchObject({
        a: { curve: 'c1', anchor: 'start' },
        b: { curve: 'c3', anchor: 'end' },
      });
      expect(links.map((id) => constraint(session, id, 'length').curve)).toEqual(['c1', 'c2', 'c3']);
      // A four-bar has one degree of freedom: the crank's turn.
      expect(session.snapshot(false).status.dof).toBe(1);
      await expect.poll(() => page.locator('[data-status="dof"]').textContent()).toBe('DOF 1');

      /** Every constraint exact: the pin, the joints, level pivots, the ground distance and each link's length. */
      const linkage = () => {
        const [crank, coupler, rocker] = ['c1', 'c2', 'c3'].map((id) => curve(session, id, 'segment'));
        return { crank, coupler, rocker, a: crank.a, d: rocker.b };
      };
      const exact = (groundLength: number) => {
        const { crank, coupler, rocker, a, d } = linkage();
        const lengths = links.map((id) => constraint(session, id, 'length').length);
        return Math.max(
          dist(a, A),
          dist(crank.b, coupler.a),
          dist(coupler.b, rocker.a),
          Math.abs(d[1] - a[1]),
          Math.abs(dist(a, d) - groundLength),
          ...[crank, coupler, rocker].map((s, i) => Math.abs(dist(s.a, s.b) - lengths[i])),
          residual(session),
        );
      };
      expect(exact(50)).toBeLessThan(1e-9);

      // Back to Select; double-click the ground distance, type 58: the linkage re-solves with its pivots 58 apart.
      await press(page, 'tool:select');
      await editDimension(page, ground, '58');
      expect(constraint(session, ground, 'distance').length).toBe(58);
      expect((await dimension(page, ground)).text).toBe('58');
      expect(exact(58)).toBeLessThan(1e-9);
      expect(dist(linkage().d, D)).toBeCloseTo(8, 6); // the free pivot slid along the ground
      const solved = structuredClone(session.drawing.curves);

      // Longer than crank, coupler and rocker together can span: refused, the status bar names the culprits, and
      // nothing moved.
      const reach = links.reduce((sum, id) => sum + constraint(session, id, 'length').length, 0);
      expect(reach).toBeLessThan(100);
      await editDimension(page, ground, '100');
      const message = await statusHint(page);
      // In the user's words: every id by the name the panels show it by (src/shared/display-names.ts); the gist
      // in the status bar, every culprit in the constraints panel.
      const name = (id: string) => displayName(session.drawing, id);
      const gist = new RegExp(
        `^${name(ground)} cannot be 100 mm: (.*) cannot close — \\d+ constraints in the way, listed under Constraints$`,
      ).exec(message);
      expect(gist, message).not.toBeNull();
      expect(gist![1].split(', ').sort()).toEqual(['c1', 'c2', 'c3'].map(name).sort());
      expect(await page.locator('[data-list="culprits"] li .id').allTextContents()).toEqual(
        expect.arrayContaining([ground, ...links].map(name)),
      );
      expect(constraint(session, ground, 'distance').length).toBe(58);
      expect(session.drawing.curves).toEqual(solved);
      expect((await dimension(page, ground)).text).toBe('58');
      expect(exact(58)).toBeLessThan(1e-9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
