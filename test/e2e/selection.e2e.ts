// Selection with the real mouse and keyboard (issue 17): Esc and Ctrl+A, dragging a multi-selection, the arrow
// keys' nudge, the clipboard (Ctrl+C, X, V, D), the right-click menu and double-click editing of a curve's value.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import type { Session } from '../../src/session/session';
import { openEditor, shutdown } from './harness';
import { click, idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const selection = (page: Page) => page.evaluate(() => window.__curvewrightDebug!.selection());

/** Two circles and a segment whose start is pinned. */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'a', kind: 'circle', center: [0, 0], radius: 8 },
    { id: 'b', kind: 'circle', center: [30, 0], radius: 8 },
    { id: 's', kind: 'segment', a: [0, 30], b: [30, 30] },
  );
  d.constraints.push({ id: 'hold', kind: 'pin', point: { curve: 's', anchor: 'start' }, at: [0, 30] });
  d.view = { center: [15, 15], zoom: 5 };
  return d;
}

const circle = (session: Session, id: string) =>
  session.drawing.curves.find((c) => c.id === id) as Extract<Curve, { kind: 'circle' }>;
const segment = (session: Session, id: string) =>
  session.drawing.curves.find((c) => c.id === id) as Extract<Curve, { kind: 'segment' }>;
const hint = (page: Page) => page.locator('[data-status="hint"]').textContent();

describe('selection', () => {
  it('Ctrl+A selects every curve, Escape clears the selection', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page } = editor;
    try {
      await idle(page);
      await click(page, [60, 60]); // the canvas has the keyboard
      await page.keyboard.press('Control+A');
      expect(await selection(page)).toEqual(['a', 'b', 's']);
      await page.keyboard.press('Escape');
      expect(await selection(page)).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('dragging a curve of a multi-selection moves the whole selection, one undo entry', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    try {
      await idle(page);
      await click(page, [8, 0]);
      await click(page, [38, 0], ['Shift']);
      expect(await selection(page)).toEqual(['a', 'b']);
      const from = await toPage(page, [38, 0]);
      const to = await toPage(page, [48, -12]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 4 });
      await page.mouse.move(to[0], to[1], { steps: 4 });
      await page.mouse.up();
      await idle(page);
      // The grabbed point followed the cursor (to the pixel), and the other circle moved with it, rigidly.
      const mm = 1 / 5;
      const moved: Vec2 = [circle(session, 'b').center[0] - 30, circle(session, 'b').center[1]];
      expect(Math.hypot(moved[0] - 10, moved[1] + 12)).toBeLessThan(2 * mm);
      expect(circle(session, 'a').center[0]).toBeCloseTo(moved[0], 6);
      expect(circle(session, 'a').center[1]).toBeCloseTo(moved[1], 6);
      expect(circle(session, 'a').radius).toBeCloseTo(8, 6);
      expect(segment(session, 's').b).toEqual([30, 30]);
      await page.keyboard.press('Control+Z');
      await idle(page);
      expect(circle(session, 'a').center).toEqual([0, 0]);
      expect(circle(session, 'b').center).toEqual([30, 0]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('arrow keys nudge 1 mm, Shift 10 mm, each press one undo entry; a pinned curve refuses', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    try {
      await idle(page);
      await click(page, [8, 0]);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowUp');
      await idle(page);
      expect(circle(session, 'a').center[0]).toBeCloseTo(2, 6);
      expect(circle(session, 'a').center[1]).toBeCloseTo(-10, 6);
      await page.keyboard.press('Control+Z');
      await idle(page);
      expect(circle(session, 'a').center[0]).toBeCloseTo(2, 6);
      expect(circle(session, 'a').center[1]).toBeCloseTo(0, 6);
      // The segment is pinned at its start: it cannot move, and the status bar says what holds it.
      await click(page, [15, 30]);
      await page.keyboard.press('ArrowDown');
      await idle(page);
      expect(await hint(page)).toBe(
        'segment 1 cannot move by (0, 1) mm: held by 1 constraint, listed under Constraints',
      );
      expect(await page.locator('[data-list="culprits"] li .id').allTextContents()).toEqual(['hold']);
      expect(segment(session, 's').a).toEqual([0, 30]);
    } finally {
      await editor.close();
    }
  });

  it('Ctrl+C, V, X and D copy, paste, cut and duplicate, constraints among the copies included', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    const ids = () => session.drawing.curves.map((c) => c.id);
    try {
      await idle(page);
      await click(page, [15, 30]);
      await page.keyboard.press('Control+C');
      await page.keyboard.press('Control+V');
      await idle(page);
      const [pasted] = await selection(page);
      expect(ids()).toEqual(['a', 'b', 's', pasted]);
      expect(pasted).not.toBe('s');
      expect(segment(session, pasted).a).toEqual([10, 40]);
      // The pin came along, moved with the copy.
      expect(session.drawing.constraints).toContainEqual(
        expect.objectContaining({ kind: 'pin', point: { curve: pasted, anchor: 'start' }, at: [10, 40] }),
      );
      // Pasted again: 10 mm further.
      await page.keyboard.press('Control+V');
      await idle(page);
      const [again] = await selection(page);
      expect(segment(session, again).a).toEqual([20, 50]);
      await click(page, [38, 0]);
      await page.keyboard.press('Control+D');
      await idle(page);
      const [duplicate] = await selection(page);
      expect(circle(session, duplicate).center).toEqual([40, 10]);
      await click(page, [8, 0]);
      await page.keyboard.press('Control+X');
      await idle(page);
      expect(ids()).not.toContain('a');
      await page.keyboard.press('Control+V');
      await idle(page);
      const [back] = await selection(page);
      expect(circle(session, back).center).toEqual([10, 10]);
      expect(circle(session, back).radius).toBe(8);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('right-click opens a menu of what applies, keyboard navigable; Escape or a click elsewhere closes it', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    const menu = page.locator('[data-role="context-menu"]');
    const labels = () =>
      menu.locator('[role="menuitem"]').evaluateAll((items) => items.map((i) => i.dataset.action));
    try {
      await idle(page);
      // On a curve: it is selected, and the menu lists the clipboard, Delete, Edit Value, the fitting tools.
      const [x, y] = await toPage(page, [38, 0]);
      await page.mouse.click(x, y, { button: 'right' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await selection(page)).toEqual(['b']);
      const onCurve = await labels();
      expect(onCurve.slice(0, 5)).toEqual([
        'edit:cut',
        'edit:copy',
        'edit:duplicate',
        'edit:delete',
        'edit:value',
      ]);
      expect(onCurve).toContain('tool:radius');
      // Escape closes it and keeps the selection.
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await selection(page)).toEqual(['b']);
      // Keyboard: down twice to Duplicate, Enter runs it.
      await page.mouse.click(x, y, { button: 'right' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await idle(page);
      expect(await menu.isVisible()).toBe(false);
      expect(session.drawing.curves).toHaveLength(4);
      // On a constraint's glyph (the pin): Delete.
      const pin = await toPage(page, [0, 30]);
      await page.mouse.click(pin[0], pin[1], { button: 'right' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await selection(page)).toEqual(['hold']);
      expect(await labels()).toEqual(['edit:delete']);
      // A click elsewhere closes it.
      const paper = await toPage(page, [60, 60]);
      await page.mouse.click(paper[0], paper[1]);
      await expect.poll(() => menu.isVisible()).toBe(false);
      // On paper: Select All among others; a click on it runs it.
      await page.mouse.click(paper[0], paper[1], { button: 'right' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await labels()).toContain('edit:select-all');
      await menu.locator('[data-action="edit:select-all"]').click();
      await idle(page);
      expect(await selection(page)).toHaveLength(4);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('double-click on a curve edits its main value; a refused value is said and the old one kept', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    const input = page.locator('[data-role="dimension-input"] input.value');
    try {
      await idle(page);
      const [x, y] = await toPage(page, [38, 0]);
      await page.mouse.dblclick(x, y);
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await input.inputValue()).toBe('8');
      await input.fill('12.5');
      await input.press('Enter');
      await idle(page);
      expect(circle(session, 'b').radius).toBe(12.5);
      const [sx, sy] = await toPage(page, [15, 30]);
      await page.mouse.dblclick(sx, sy);
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await input.inputValue()).toBe('30');
      await input.fill('-10');
      await input.press('Enter');
      await idle(page);
      expect(await hint(page)).toMatch(/length/);
      const { a, b } = segment(session, 's');
      expect(Math.hypot(b[0] - a[0], b[1] - a[1])).toBe(30);
      await page.mouse.dblclick(sx, sy);
      await expect.poll(() => input.isVisible()).toBe(true);
      await input.fill('45');
      await input.press('Enter');
      await idle(page);
      expect(segment(session, 's').b[0]).toBeCloseTo(45, 9);
    } finally {
      await editor.close();
    }
  });
});
