// Issue 17's units, panels and smaller gestures end to end: the built renderer in real Chromium, the real mouse,
// wheel and keyboard, the window API bridged to a real Session in this process.

import { trailFromPoints } from '../../src/shared/trail';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spec, type ActionName } from '../../src/shared/actions';
import { emptyDrawing, type Curve, type Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';
import { click, idle, moveTo, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

async function press(page: Page, action: ActionName): Promise<void> {
  await page.keyboard.press(spec(action).shortcuts![0]);
  await idle(page);
}

const field = (page: Page, name: string) => page.locator(`.properties input[data-field="${name}"]`);
const hint = (page: Page) => page.locator('[data-status="hint"]').textContent();

describe('units, names and refusals', () => {
  it('shows the cursor in mm, a bar by name with its angle in degrees, and says a refusal beside the field', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      // The cursor's coordinates in mm, to the pixel (0.25 mm at 4 px/mm).
      await moveTo(page, [12.5, -7]);
      const cursor = (await page.locator('[data-status="cursor"]').textContent()) ?? '';
      const [cx, cy] = /^x (-?[\d.]+) {2}y (-?[\d.]+) mm$/.exec(cursor)!.slice(1).map(Number);
      expect(Math.abs(cx - 12.5)).toBeLessThanOrEqual(0.25);
      expect(Math.abs(cy + 7)).toBeLessThanOrEqual(0.25);

      // A bar at 45°: the Properties panel names it "bar 1" and reads its angle in degrees, with units.
      await press(page, 'tool:bar');
      await click(page, [0, 0], 'Alt');
      await click(page, [20, 20], 'Alt');
      await press(page, 'tool:select');
      await click(page, [10, 10]);
      await expect.poll(() => page.locator('.properties .heading').textContent()).toBe('bar 1');
      expect(await field(page, 'angle').inputValue()).toBe('45');
      const units = await page
        .locator('.properties label')
        .evaluateAll((rows) =>
          rows.map((r) => [
            (r as HTMLElement).querySelector('input')?.dataset.field,
            r.querySelector('.unit')?.textContent,
          ]),
        );
      expect(units).toEqual([
        ['name', undefined],
        ['cx', 'mm'],
        ['cy', 'mm'],
        ['angle', '°'],
        ['length', 'mm'],
      ]);
      // Typed in degrees, stored in radians.
      await field(page, 'angle').fill('90');
      await field(page, 'angle').press('Enter');
      await idle(page);
      const bar = () => session.drawing.curves[0] as Extract<Curve, { kind: 'bar' }>;
      expect(bar().angle).toBeCloseTo(Math.PI / 2, 12);
      await expect.poll(() => field(page, 'angle').inputValue()).toBe('90');

      // A length the record refuses: back to the current value, the reason beside the field, the hint kept.
      const before = await hint(page);
      await field(page, 'length').fill('-10');
      await field(page, 'length').press('Enter');
      await idle(page);
      expect(bar().length).toBeCloseTo(Math.hypot(20, 20), 9);
      expect(await page.locator('.properties [data-error-for="length"]').textContent()).toBe(
        'length must be more than 0',
      );
      expect(await field(page, 'length').inputValue()).toBe(String(Number(Math.hypot(20, 20).toFixed(3))));
      expect(await hint(page)).toBe(before);
    } finally {
      await editor.close();
    }
  });
});

describe('traces', () => {
  it('marks the traced point at once; the Traces panel selects, colours, clears (undoably), makes data of a trail and deletes', async () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [40, 0] });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await press(page, 'tool:trace');
      await click(page, [20, 0]);
      expect(session.drawing.traces).toHaveLength(1);
      const row = page.locator('ul.traces li[data-id="t1"]');
      await expect.poll(() => row.locator('.name').textContent()).toBe('trace 1 — segment 1');
      expect(await row.locator('.count').textContent()).toBe('0 points');
      // The marker, in the trail's teal, on the glyph layer (the third canvas) before any Play.
      const teal = async () => {
        const [x, y] = await toPage(page, [20, 0]);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        return page.evaluate(
          ([px, py]) => {
            const canvas = document.querySelectorAll('#canvas canvas')[2] as HTMLCanvasElement;
            const rect = canvas.getBoundingClientRect();
            const s = canvas.width / rect.width;
            const data = canvas
              .getContext('2d')!
              .getImageData((px - rect.left - 10) * s, (py - rect.top - 10) * s, 20 * s, 20 * s).data;
            let n = 0;
            for (let i = 0; i < data.length; i += 4)
              if (data[i] < 60 && data[i + 1] > 90 && data[i + 2] > 80 && data[i + 3] > 128) n++;
            return n;
          },
          [x, y] as const,
        );
      };
      expect(await teal()).toBeGreaterThan(5);

      // A recorded trail (as Play would leave it), then Clear: emptied, one undo step.
      session.drawing.traces[0].points = trailFromPoints([
        [20, 0],
        [20, 5],
      ]);
      await row.locator('[data-action="color"]').fill('#cc2200');
      await idle(page);
      expect(session.drawing.traces[0].color).toBe('#cc2200');
      await row.locator('.name').click();
      await expect.poll(() => row.getAttribute('class')).toBe('selected');
      await row.locator('[data-action="clear"]').click();
      await idle(page);
      expect(session.drawing.traces[0].points.length).toBe(0);
      await page.keyboard.press('Control+Z');
      await idle(page);
      expect(session.drawing.traces[0].points).toHaveLength(2);
      // The selected trace's trail to data: a point set of its points, named after it.
      await row.locator('.name').click();
      await page.getByRole('button', { name: 'Trail to Data' }).click();
      await idle(page);
      expect(session.drawing.pointSets?.map((s) => [s.name, s.points])).toEqual([
        [
          'trace 1 data',
          [
            [20, 0],
            [20, 5],
          ],
        ],
      ]);
      await page.locator('ul.traces li[data-id="t1"] [data-action="delete"]').click();
      await idle(page);
      expect(session.drawing.traces).toEqual([]);
      await expect.poll(() => page.locator('ul.traces li.empty').count()).toBe(1);
    } finally {
      await editor.close();
    }
  });
});

describe('gestures', () => {
  it('a trackpad swipe pans and a pinch zooms; an arc follows the mouse anticlockwise; a spring anchors to the paper', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      const probe: Vec2 = [10, 10];
      const [x0, y0] = await moveTo(page, probe);
      await page.mouse.wheel(12, 8); // small pixel deltas: a two-finger swipe
      await idle(page);
      const [x1, y1] = await toPage(page, probe);
      expect(x1 - x0).toBeCloseTo(-12, 6);
      expect(y1 - y0).toBeCloseTo(-8, 6);
      expect(session.drawing.view.zoom).toBe(4);
      await page.keyboard.down('Control'); // a pinch arrives as a wheel event with ctrlKey
      await page.mouse.wheel(0, -10);
      await page.keyboard.up('Control');
      await idle(page);
      expect(session.drawing.view.zoom).toBeCloseTo(4 * Math.pow(1.01, 10), 9);

      // An arc from 0° turning the other way (up on screen) round to 90°: three quarters of a turn, negative.
      await press(page, 'tool:arc');
      await click(page, [0, 0], 'Alt');
      await click(page, [20, 0], 'Alt');
      for (const p of [
        [14, -14],
        [0, -20],
        [-14, -14],
        [-20, 0],
        [-14, 14],
      ] as Vec2[])
        await moveTo(page, p);
      await click(page, [0, 20], 'Alt');
      const arc = session.drawing.curves[0] as Extract<Curve, { kind: 'arc' }>;
      expect(arc.kind).toBe('arc');
      expect(arc.sweep).toBeLessThan(0);
      expect(arc.sweep).toBeCloseTo(-1.5 * Math.PI, 1);

      // A spring from the arc's start to empty paper: anchored there.
      await press(page, 'tool:spring');
      await click(page, [20, 0]);
      await click(page, [40, 30]);
      const [sp] = session.drawing.springs;
      expect(sp.a).toEqual({ curve: 'c1', anchor: 'start' });
      expect(sp.b).toBeUndefined();
      expect(Math.hypot(sp.at![0] - 40, sp.at![1] - 30)).toBeLessThan(0.5);
    } finally {
      await editor.close();
    }
  });
});

describe('equation curves', () => {
  it('a new one lands at the centre of the view; a definition nothing moves is warned about', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      // The start panel an empty drawing shows covers the middle of the canvas: closed first, as a user would.
      await page.locator('button[data-action="close-start"]').click();
      // Pan away from the origin (middle-drag).
      const [x, y] = await moveTo(page, [0, 0]);
      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(x - 120, y + 80, { steps: 4 });
      await page.mouse.up({ button: 'middle' });
      await idle(page);
      expect(Math.hypot(...session.drawing.view.center)).toBeGreaterThan(20);
      const centre = [...session.drawing.view.center];
      await page.locator('button[data-action="equation"]').click();
      await page.locator('select[data-field="preset"]').selectOption('preset-sine');
      const warning = page.locator('[data-warning]');
      expect(await warning.isHidden()).toBe(true);
      await page.locator('input[data-field="x"]').fill('length * u');
      await page.locator('input[data-field="y"]').fill('amplitude * sin(u)');
      await expect.poll(() => warning.textContent()).toMatch(/^this curve cannot move/);
      await page.locator('input[data-field="x"]').fill('cx + length * u');
      await expect.poll(() => warning.isHidden()).toBe(true);
      await page.locator('.cw-eqd button[data-action="save"]').click();
      await idle(page);
      const curve = session.drawing.curves[0] as Extract<Curve, { kind: 'equation' }>;
      expect(curve.params.cx).toBeCloseTo(centre[0], 9);
      expect(curve.params.cy).toBeCloseTo(centre[1], 9);
    } finally {
      await editor.close();
    }
  });
});

describe('shape handles', () => {
  it("a selected Bézier's control point shows and is dragged with the mouse, the pinned ends staying", async () => {
    const drawing = emptyDrawing();
    drawing.curves.push({
      kind: 'bezier',
      id: 'b',
      points: [
        [0, 0],
        [10, 30],
        [30, 30],
        [40, 0],
      ],
    });
    drawing.constraints.push(
      { kind: 'pin', id: 'p0', point: { curve: 'b', anchor: 'start' }, at: [0, 0] },
      { kind: 'pin', id: 'p1', point: { curve: 'b', anchor: 'end' }, at: [40, 0] },
    );
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await press(page, 'tool:select');
      await click(page, [20, 22.5]);
      const [x, y] = await moveTo(page, [10, 30]);
      await page.mouse.down();
      const [tx, ty] = await toPage(page, [0, 40]);
      await page.mouse.move(tx, ty, { steps: 10 });
      await idle(page);
      await page.mouse.up();
      await idle(page);
      expect([x, y]).not.toEqual([tx, ty]);
      const bezier = session.drawing.curves[0] as Extract<Curve, { kind: 'bezier' }>;
      expect(Math.hypot(bezier.points[1][0], bezier.points[1][1] - 40)).toBeLessThan(0.5);
      expect(Math.hypot(bezier.points[3][0] - 40, bezier.points[3][1])).toBeLessThan(1e-6);
    } finally {
      await editor.close();
    }
  });
});
