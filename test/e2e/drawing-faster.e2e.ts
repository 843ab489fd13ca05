// Drawing faster (issue 28), with the real mouse and keyboard in Chromium: the Segment tool chains and closes an
// outline; fillet and chamfer on a corner of two attached lines; a closed spline drawn, and an open one closed and
// opened from its properties; the rarer constraints on the row when there is room; icons a user can tell apart and
// glyphs that read on dark paper.

import { Activity, RectangleHorizontal, TriangleRight, type IconNode } from 'lucide';
import { afterAll, describe, expect, it } from 'vitest';
import type { Curve, Vec2 } from '../../src/shared/drawing';
import type { Session } from '../../src/session/session';
import { TOOL_IDS } from '../../src/shared/actions';
import { paper } from './drawings';
import { openEditor, shutdown } from './harness';
import { dist } from './geometry';
import { click, idle, moveTo, press, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

function curve<K extends Curve['kind']>(session: Session, id: string, kind: K): Extract<Curve, { kind: K }> {
  const c = session.drawing.curves.find((k) => k.id === id);
  if (c?.kind !== kind) throw new Error(`no ${kind} '${id}'`);
  return c as Extract<Curve, { kind: K }>;
}

const kinds = (session: Session) => session.drawing.constraints.map((k) => k.kind);
const toolPath = (editor: { page: import('playwright-core').Page }) =>
  editor.page.evaluate(() => window.__curvewrightDebug!.tool());
const residual = (session: Session) => session.snapshot(false).status.maxResidual;

describe('drawing faster', () => {
  it('the Segment tool chains from the last end; a click on the first point closes the outline; Esc, Enter and a double-click end a chain', async () => {
    const editor = await openEditor({ drawing: paper([40, 15], 6) });
    const { page, session } = editor;
    try {
      const A: Vec2 = [0, 0];
      const B: Vec2 = [40, 0];
      const C: Vec2 = [40, 30];
      const D: Vec2 = [0, 30];
      await press(page, 'tool:segment');
      for (const p of [A, B, C, D]) await click(page, p);
      expect(await toolPath(editor)).toBe('segment.placing');
      await click(page, A);
      // Four sides, each attached to the last, the last to the first; level and upright ones marked H and V.
      expect(session.drawing.curves.map((c) => c.kind)).toEqual(['segment', 'segment', 'segment', 'segment']);
      expect(kinds(session)).toEqual([
        'horizontal',
        'attach',
        'vertical',
        'attach',
        'horizontal',
        'attach',
        'attach',
        'vertical',
      ]);
      expect(session.drawing.constraints[6]).toMatchObject({
        a: { curve: 'c4', anchor: 'end' },
        b: { curve: 'c1', anchor: 'start' },
      });
      expect(await toolPath(editor)).toBe('segment.idle');
      expect(session.snapshot(false).status.dof).toBe(4);
      expect(residual(session)).toBeLessThan(1e-9);

      // Esc ends a chain: two segments, nothing half-made.
      await click(page, [60, 0]);
      await click(page, [80, 5]);
      await click(page, [90, 20]);
      await press(page, 'edit:cancel');
      expect(await toolPath(editor)).toBe('segment.idle');
      expect(session.drawing.curves).toHaveLength(6);
      // Enter ends one too.
      await click(page, [60, 40]);
      await click(page, [75, 50]);
      await page.keyboard.press('Enter');
      await idle(page);
      expect(await toolPath(editor)).toBe('segment.idle');
      // And a double-click, on the chain's last end.
      await click(page, [100, 0]);
      const [x, y] = await toPage(page, [110, 10]);
      await page.mouse.move(x, y);
      await page.mouse.dblclick(x, y);
      await idle(page);
      expect(await toolPath(editor)).toBe('segment.idle');
      expect(session.drawing.curves).toHaveLength(8);
      expect(curve(session, 'c8', 'segment').b).toEqual([110, 10]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('a fillet on a selected corner of two attached lines: the radius typed, the lines trimmed, the arc tangent to both and dimensioned; a chamfer on a clicked corner', async () => {
    const editor = await openEditor({ drawing: paper([20, 15], 6) });
    const { page, session } = editor;
    try {
      // An open outline of three sides, drawn as one chain.
      await press(page, 'tool:segment');
      for (const p of [
        [0, 0],
        [40, 0],
        [40, 30],
        [0, 30],
      ] as Vec2[])
        await click(page, p);
      await press(page, 'edit:cancel');
      const joints = session.drawing.constraints.filter((k) => k.kind === 'attach').map((k) => k.id);
      expect(joints).toHaveLength(2);
      // The first corner: its two lines selected, then Fillet's key.
      await press(page, 'tool:select');
      await click(page, [20, 0]);
      await click(page, [40, 15], 'Shift');
      await press(page, 'tool:fillet');
      const input = page.locator('input[data-field="dimension-value"]');
      await input.waitFor({ state: 'visible' });
      expect(await page.locator('[data-role="value-caption"]').textContent()).toBe('Fillet radius');
      expect(await page.locator('[data-role="value-unit"]').textContent()).toBe('mm');
      await input.fill('8');
      await input.press('Enter');
      await idle(page);
      const top = curve(session, 'c1', 'segment');
      const right = curve(session, 'c2', 'segment');
      const arc = curve(session, 'c4', 'arc');
      // Trimmed back by the radius (a right angle), the arc from one trimmed end to the other, tangent to both.
      expect(dist(top.b, [32, 0])).toBeLessThan(1e-9);
      expect(dist(right.a, [40, 8])).toBeLessThan(1e-9);
      expect(dist(arc.center, [32, 8])).toBeLessThan(1e-9);
      expect(arc.radius).toBeCloseTo(8, 9);
      expect(Math.abs(arc.sweep)).toBeCloseTo(Math.PI / 2, 9);
      const added = session.drawing.constraints.slice(-5);
      expect(added.map((k) => k.kind)).toEqual(['attach', 'attach', 'tangent', 'tangent', 'radius']);
      expect(added[4]).toMatchObject({ curve: 'c4', radius: 8 });
      expect(session.drawing.constraints.some((k) => k.id === joints[0])).toBe(false);
      expect(residual(session)).toBeLessThan(1e-9);
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toEqual(['c4']);
      // One undo step takes it all back.
      await page.keyboard.press('Control+z');
      await idle(page);
      expect(session.drawing.curves).toHaveLength(3);
      expect(session.drawing.constraints.some((k) => k.id === joints[0])).toBe(true);
      await page.keyboard.press('Control+Shift+z');
      await idle(page);
      expect(session.drawing.curves).toHaveLength(4);

      // The other corner, clicked with the Chamfer tool, cut 5 mm back along each line.
      await press(page, 'tool:chamfer');
      await click(page, [40, 30]);
      await input.waitFor({ state: 'visible' });
      expect(await page.locator('[data-role="value-caption"]').textContent()).toBe('Chamfer distance');
      await input.fill('5');
      await input.press('Enter');
      await idle(page);
      const cut = curve(session, 'c5', 'segment');
      // (From the joint's first curve, the bottom side, to its second.)
      expect(dist(cut.a, [35, 30])).toBeLessThan(1e-9);
      expect(dist(cut.b, [40, 25])).toBeLessThan(1e-9);
      expect(session.drawing.constraints.slice(-2).map((k) => k.kind)).toEqual(['attach', 'attach']);
      expect(residual(session)).toBeLessThan(1e-9);
      // Too big a size for the corner's lines: said, nothing sent.
      await page.keyboard.press('Control+z');
      await idle(page);
      await click(page, [40, 30]);
      await input.fill('30');
      await input.press('Enter');
      await idle(page);
      expect(session.drawing.curves).toHaveLength(4);
      expect(await page.locator('[data-status="hint"]').textContent()).toBe(
        'Chamfer: segment 2 is too short for that',
      );
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('a closed spline is drawn by a click on its first point; an open one is closed and opened from its properties', async () => {
    const editor = await openEditor({ drawing: paper([20, 10], 6) });
    const { page, session } = editor;
    try {
      const loop: Vec2[] = [
        [0, 0],
        [20, -10],
        [40, 0],
        [20, 15],
      ];
      await press(page, 'tool:spline');
      for (const p of loop) await click(page, p);
      await click(page, loop[0]);
      expect(curve(session, 'c1', 'spline')).toMatchObject({ points: loop, closed: true });
      expect(await toolPath(editor)).toBe('spline.idle');
      // An open one, ended by Enter.
      for (const p of [
        [0, 30],
        [20, 25],
        [40, 35],
      ] as Vec2[])
        await click(page, p);
      await page.keyboard.press('Enter');
      await idle(page);
      expect(curve(session, 'c2', 'spline').closed).toBe(false);
      // Closed from its properties, then opened again: one undoable edit each.
      const closed = page.locator('.properties input[data-field="closed"]');
      await expect.poll(() => closed.isChecked()).toBe(false);
      await closed.check();
      await idle(page);
      expect(curve(session, 'c2', 'spline').closed).toBe(true);
      await closed.uncheck();
      await idle(page);
      expect(curve(session, 'c2', 'spline').closed).toBe(false);
      await page.keyboard.press('Control+z');
      await idle(page);
      expect(curve(session, 'c2', 'spline').closed).toBe(true);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('Concentric, Equal, Symmetric and Midpoint are on the row, one click away, when the window has room', async () => {
    const editor = await openEditor({ width: 1600, height: 900 });
    const { page } = editor;
    try {
      await idle(page);
      for (const tool of ['concentric', 'equal', 'symmetric', 'midpoint']) {
        const button = page.locator(`#toolbar button[data-tool="${tool}"]`);
        expect(await button.isVisible(), tool).toBe(true);
        await button.click();
        await idle(page);
        expect(await toolPath(editor)).toBe(`${tool}.first`);
      }
      expect(await page.locator('#toolbar button[data-action="more"]').isVisible()).toBe(false);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('icons a user can tell apart, and constraint glyphs that read on dark paper', async () => {
    const editor = await openEditor({ width: 1600, height: 900, drawing: paper([15, 0], 6) });
    const { page, session } = editor;
    try {
      await idle(page);
      // Each icon as its shapes and their attributes (what lucide's IconNode lists).
      const icons = await page.$$eval('button[data-tool]', (nodes) =>
        Object.fromEntries(
          nodes.map((b) => [
            (b as HTMLElement).dataset.tool!,
            JSON.stringify(
              [...b.querySelector('svg')!.children].map((c) => [
                c.tagName,
                Object.fromEntries([...c.attributes].map((a) => [a.name, a.value])),
              ]),
            ),
          ]),
        ),
      );
      expect(Object.keys(icons).sort()).toEqual([...TOOL_IDS].sort());
      // Every tool its own picture.
      const pictures = new Map<string, string>();
      for (const [tool, svg] of Object.entries(icons)) {
        expect(pictures.get(svg), `${tool} looks like ${pictures.get(svg)}`).toBeUndefined();
        pictures.set(svg, tool);
      }
      const lucide = (icon: IconNode) =>
        JSON.stringify(
          icon.map(([tag, attrs]) => [
            tag,
            Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, String(v)])),
          ]),
        );
      expect(lucide(RectangleHorizontal)).toMatch(/rect/); // (the comparison sees lucide's own shapes)
      expect(icons.bar).not.toBe(lucide(RectangleHorizontal)); // a link, not a rectangle
      expect(icons.perpendicular).not.toBe(lucide(TriangleRight)); // not a second Angle
      expect(icons.spring).not.toBe(lucide(Activity)); // a coil, not a pulse

      // A horizontal's glyph on dark paper: at least 4.5 : 1 against it, as text must be.
      await page.emulateMedia({ colorScheme: 'dark' });
      await press(page, 'tool:segment');
      await click(page, [0, 0]);
      await click(page, [30, 0]);
      await press(page, 'edit:cancel');
      const h = session.drawing.constraints.find((k) => k.kind === 'horizontal')!;
      await moveTo(page, [15, 20]);
      const colors = () =>
        page.evaluate((id) => {
          const debug = window.__curvewrightDebug!;
          return { glyph: debug.drawnColor(id), paper: debug.paperColor() };
        }, h.id);
      await expect.poll(async () => (await colors()).paper).not.toBe('#fbfaf7');
      const { glyph, paper: sheet } = await colors();
      expect(contrast(glyph!, sheet)).toBeGreaterThanOrEqual(4.5);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

/** WCAG contrast of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
