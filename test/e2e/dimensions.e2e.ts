// Dimensions with the real mouse: a distance is drawn with its value; dragging the value moves it (one label
// edit); double-clicking it opens an input where a new value re-solves the drawing, and an impossible one is
// refused with the session's message, the old value kept.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyDrawing, type Constraint, type Curve, type Drawing, type Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';
import { idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const dimension = async (page: Page, id: string) => {
  const d = await page.evaluate((k) => window.__curvewrightDebug!.dimension(k), id);
  if (!d) throw new Error(`no dimension ${id} on the canvas`);
  return d;
};

/** Pixels of the dimension colour on the glyph layer within 10 px of a page point, once it has been redrawn. */
async function dimensionPixels(page: Page, [x, y]: Vec2): Promise<number> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelectorAll('#canvas canvas')[2] as HTMLCanvasElement;
      const rect = canvas.getBoundingClientRect();
      const s = canvas.width / rect.width;
      const data = canvas
        .getContext('2d')!
        .getImageData((px - rect.left - 10) * s, (py - rect.top - 10) * s, 20 * s, 20 * s).data;
      let count = 0;
      // DIMENSION_STYLE.color, #1c5d99: blue well above red.
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 100 && data[i + 2] > data[i] + 60) count++;
      return count;
    },
    [x, y] as const,
  );
}

/** s: a segment pinned at its start, its length the distance d; t: a segment pinned at both ends, measured by e. */
function twoDistances(): Drawing {
  const drawing = emptyDrawing();
  drawing.curves.push(
    { id: 's', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 't', kind: 'segment', a: [0, 30], b: [30, 30] },
  );
  const end = (curve: string, anchor: 'start' | 'end') => ({ curve, anchor });
  drawing.constraints.push(
    { id: 'pin', kind: 'pin', point: end('s', 'start'), at: [0, 0] },
    { id: 'd', kind: 'distance', a: end('s', 'start'), b: end('s', 'end'), length: 40 },
    { id: 'tA', kind: 'pin', point: end('t', 'start'), at: [0, 30] },
    { id: 'tB', kind: 'pin', point: end('t', 'end'), at: [30, 30] },
    { id: 'e', kind: 'distance', a: end('t', 'start'), b: end('t', 'end'), length: 30 },
  );
  drawing.view = { center: [20, 15], zoom: 6 };
  return drawing;
}

describe('dimensions', () => {
  it('shows a distance with its value, moves it by its label, edits it through the solver', async () => {
    const editor = await openEditor({ drawing: twoDistances() });
    const { page, session } = editor;
    const record = (id: string) =>
      session.drawing.constraints.find((k) => k.id === id) as Extract<Constraint, { kind: 'distance' }>;
    const segment = (id: string) =>
      session.drawing.curves.find((c) => c.id === id) as Extract<Curve, { kind: 'segment' }>;
    try {
      await idle(page);
      // Drawn with its value, above the segment (away from the rest of the drawing).
      const shown = await dimension(page, 'd');
      expect(shown.text).toBe('40');
      expect(shown.at[1]).toBeLessThan(0);
      const at = await toPage(page, shown.at);
      expect(await dimensionPixels(page, at)).toBeGreaterThan(5);

      // Dragging its value moves it: one label edit, 8 mm up and 5 mm right.
      const target = await toPage(page, [shown.at[0] + 5, shown.at[1] - 8]);
      await page.mouse.move(at[0], at[1]);
      await page.mouse.down();
      await page.mouse.move((at[0] + target[0]) / 2, (at[1] + target[1]) / 2, { steps: 3 });
      await page.mouse.move(target[0], target[1], { steps: 3 });
      await page.mouse.up();
      await idle(page);
      const label = record('d').label!;
      expect(label[0]).toBeCloseTo(5, 0);
      expect(label[1]).toBeCloseTo(-8, 0);
      const moved = await dimension(page, 'd');
      expect(moved.at[0]).toBeCloseTo(shown.at[0] + label[0], 9);
      expect(moved.at[1]).toBeCloseTo(shown.at[1] + label[1], 9);
      expect(await dimensionPixels(page, target)).toBeGreaterThan(5);
      expect(await dimensionPixels(page, at)).toBe(0);
      expect(await page.locator('ul.constraints li.selected').getAttribute('data-id')).toBe('d');

      // Double-click, a new value, Enter: the segment re-solves to it.
      const input = page.locator('input[data-field="dimension-value"]');
      await page.mouse.dblclick(target[0], target[1]);
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await input.inputValue()).toBe('40');
      await input.fill('55');
      await input.press('Enter');
      await idle(page);
      expect(await input.isVisible()).toBe(false);
      expect(record('d').length).toBe(55);
      const { a, b } = segment('s');
      expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBeCloseTo(55, 6);
      expect((await dimension(page, 'd')).text).toBe('55');

      // Escape leaves it as it was.
      const other = await toPage(page, (await dimension(page, 'e')).at);
      await page.mouse.dblclick(other[0], other[1]);
      await expect.poll(() => input.isVisible()).toBe(true);
      await input.fill('12');
      await input.press('Escape');
      await idle(page);
      expect(await input.isVisible()).toBe(false);
      expect(record('e').length).toBe(30);

      // A segment pinned at both ends cannot be 80 long: refused, the status bar says why, the value stays.
      await page.mouse.dblclick(other[0], other[1]);
      await expect.poll(() => input.isVisible()).toBe(true);
      await input.fill('80');
      await input.press('Enter');
      await idle(page);
      const hint = await page.locator('[data-status="hint"]').textContent();
      // "e", a lone letter, reads as an id: the distance's generated name ("distance 2") stands for it. The gist,
      // its culprits (the dimension among them) listed in full in the constraints panel.
      expect(hint).toMatch(
        /^distance 2 cannot be 80 mm: segment \d cannot get there — \d constraints? in the way/,
      );
      expect(await page.locator('[data-list="culprits"] li .id').allTextContents()).toContain('distance 2');
      expect(record('e').length).toBe(30);
      expect(segment('t').b).toEqual([30, 30]);
      expect((await dimension(page, 'e')).text).toBe('30');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
