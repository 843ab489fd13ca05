// The defects a new user hits in the first hour (issue 28), each with the real mouse and keyboard in Chromium: a
// message that outlives its drawing, a constraint key pressed right after drawing, the inline editor's Reference
// box on a curve, ids where names belong, an angle with two signs, focus left in a Properties field, a narrow
// window, inexact nudges.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { doubleRocker } from '../../src/mechanisms/test-support/double-rocker';
import { TOOL_IDS } from '../../src/shared/actions';
import type { Constraint } from '../../src/shared/drawing';
import { paper, pinnedSegment } from './drawings';
import { ROOT, openEditor, shutdown } from './harness';
import { click, dimension, editDimension, idle, press, statusHint, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const toolPath = (page: Page) => page.evaluate(() => window.__curvewrightDebug!.tool());

const SELECT_HINT =
  'Select: click to select, Shift-click to add, drag on a curve to pull it, drag on paper to box';

describe("a new user's first hour without a stumble", () => {
  it('a refusal belongs to its action and drawing: a click on paper, File ▸ New, an example and Play each clear it', async () => {
    const editor = await openEditor({
      drawing: pinnedSegment({ length: true }),
      examples: [
        { title: 'Crank-rocker four-bar', path: join(ROOT, 'resources/examples/crank-rocker.curvewright') },
      ],
    });
    const { page } = editor;
    /** The status bar shows a message (not the tool's hint) that says `value`. */
    const says = async (value: string) => {
      expect(await page.locator('[data-status="hint"].message').count()).toBe(1);
      expect(await statusHint(page)).toContain(value);
    };
    const refused = () => says('35');
    try {
      await editDimension(page, 'k3', '35');
      await refused();
      // A click on paper.
      await click(page, [15, 30]);
      expect(await statusHint(page)).toBe(SELECT_HINT);
      // File ▸ New.
      await editDimension(page, 'k3', '35');
      await refused();
      await editor.menu('file:new');
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      // An example opened from the start panel (the empty drawing's), over a message of the empty drawing.
      await press(page, 'edit:value');
      expect(await statusHint(page)).toBe('Edit Value: select one dimension or one curve');
      await page.locator('.start-panel button[data-example="0"]').click();
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      // Play, over a refusal in the example.
      await editDimension(page, 'distance1', '500');
      await says('500');
      await page.locator('button[data-action="play"]').click();
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      await page.locator('button[data-action="play"]').click();
      await idle(page);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

describe('keys, fields and names', () => {
  it('a constraint key pressed right after drawing starts its tool; from the Select tool it applies to the selection and says so', async () => {
    const drawing = paper([20, 10], 6);
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      // Two segments, each drawn on its own (the Segment key again starts afresh).
      await press(page, 'tool:segment');
      await click(page, [0, 0]);
      await click(page, [30, 5]);
      await press(page, 'tool:segment');
      await click(page, [0, 25]);
      await click(page, [30, 15]);
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toEqual(['c2']);
      // Shift+N meaning to pick two lines: the Angle tool starts, nothing is added, no stray segment follows.
      await press(page, 'tool:angle');
      expect(await toolPath(page)).toBe('angle.first');
      expect(session.drawing.constraints).toEqual([]);
      await click(page, [15, 2.5]);
      await click(page, [15, 20]);
      expect(session.drawing.curves).toHaveLength(2);
      expect(session.drawing.constraints).toMatchObject([{ kind: 'angle', lines: ['c1', 'c2'] }]);
      // Shift+D likewise.
      await press(page, 'tool:segment');
      await click(page, [40, 0]);
      await click(page, [60, 10]);
      await press(page, 'tool:length');
      expect(await toolPath(page)).toBe('length.first');
      expect(session.drawing.constraints).toHaveLength(1);
      // From the Select tool, with a segment selected, it applies at once, and the status bar says so.
      await press(page, 'tool:select');
      await click(page, [50, 5]);
      await press(page, 'tool:length');
      expect(session.drawing.constraints.at(-1)).toMatchObject({ kind: 'length', curve: 'c3' });
      expect(await statusHint(page)).toBe('Length added to the selection: segment 3');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it("a curve's inline editor says what it edits and its unit, has no Reference box, and names the curve when the value is no number", async () => {
    const drawing = paper([0, 0], 6);
    drawing.curves.push({ kind: 'circle', id: 'c7', center: [0, 0], radius: 10 });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      const [x, y] = await toPage(page, [10, 0]);
      await page.mouse.move(x, y);
      await page.mouse.dblclick(x, y);
      const input = page.locator('input[data-field="dimension-value"]');
      await input.waitFor({ state: 'visible' });
      expect(await page.locator('input[data-field="dimension-reference"]').isVisible()).toBe(false);
      expect(await page.locator('[data-role="value-caption"]').textContent()).toBe('circle 1 radius');
      expect(await page.locator('[data-role="value-unit"]').textContent()).toBe('mm');
      await input.fill('abc');
      await input.press('Enter');
      await idle(page);
      expect(await statusHint(page)).toBe('circle 1 radius must be a number, not "abc"');
      expect(session.drawing.curves[0]).toMatchObject({ radius: 10 });
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('one angle, one sign: the canvas, the constraints list and Properties show the same angle', async () => {
    const drawing = paper([15, 0], 6);
    const rad = (-50.19 * Math.PI) / 180;
    drawing.curves.push(
      { kind: 'segment', id: 'c1', a: [0, 0], b: [30, 0] },
      { kind: 'segment', id: 'c2', a: [0, 0], b: [30 * Math.cos(rad), 30 * Math.sin(rad)] },
    );
    drawing.constraints.push({ kind: 'angle', id: 'k1', lines: ['c1', 'c2'], angle: rad });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await idle(page);
      expect((await dimension(page, 'k1')).text).toBe('50.19°');
      const row = page.locator('ul.constraints li[data-id="k1"] .targets');
      await expect.poll(() => row.textContent()).toBe('— segment 1, segment 2 · 50.19°');
      await page.locator('ul.constraints li[data-id="k1"]').click();
      const field = page.locator('.properties input[data-field="angle"]');
      await expect.poll(() => field.inputValue()).toBe('50.19');
      // Typed as shown: the angle keeps its direction.
      await field.fill('60');
      await field.press('Enter');
      await idle(page);
      const k = session.drawing.constraints[0] as Extract<Constraint, { kind: 'angle' }>;
      expect(k.angle).toBeCloseTo((-60 * Math.PI) / 180, 12);
      expect((await dimension(page, 'k1')).text).toBe('60°');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('Enter in a Properties field sends the value and leaves the field: the next key is a shortcut, not typed', async () => {
    const drawing = paper([0, 0], 6);
    drawing.curves.push({ kind: 'circle', id: 'c1', center: [0, 0], radius: 10 });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await click(page, [10, 0]);
      const radius = page.locator('.properties input[data-field="radius"]');
      await expect.poll(() => radius.inputValue()).toBe('10');
      // Typed as a user types: the next key right after Enter, before the session has answered.
      await radius.click();
      await radius.fill('20');
      await page.keyboard.press('Enter');
      await page.keyboard.press('d');
      await idle(page);
      expect(session.drawing.curves[0]).toMatchObject({ radius: 20 });
      expect(await toolPath(page)).toBe('distance.first');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
      // A value the field refuses stays said beside it, and the field is left all the same.
      await press(page, 'tool:select');
      await click(page, [20, 0]);
      await radius.click();
      await radius.fill('-5');
      await page.keyboard.press('Enter');
      await page.keyboard.press('c');
      await idle(page);
      expect(await page.locator('.properties [data-error-for="radius"]').textContent()).toBe(
        'radius must be more than 0',
      );
      expect(await toolPath(page)).toBe('circle.idle');
      expect(await radius.inputValue()).toBe('20');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

describe('a narrow window and exact nudges', () => {
  it('below 1,280 px every toolbar button is reachable, the play time keeps to one line', async () => {
    const editor = await openEditor({ width: 1024, height: 768 });
    const { page } = editor;
    try {
      await idle(page);
      const names = [
        ...TOOL_IDS.map((id) => `[data-tool="${id}"]`),
        ...['undo', 'redo', 'fit', 'grid', 'grid-snap', 'new', 'open', 'save', 'shortcuts', 'equation'].map(
          (a) => `[data-action="${a}"]`,
        ),
        ...['play', 'step', 'reset'].map((a) => `[data-action="${a}"]`),
      ];
      const more = page.locator('#toolbar button[data-action="more"]');
      const onRow = async (selector: string) => {
        const button = page.locator(`#toolbar ${selector}`);
        if ((await button.count()) === 0) return false;
        const box = await button.boundingBox();
        return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= 1024;
      };
      const inMenu: string[] = [];
      for (const selector of names) if (!(await onRow(selector))) inMenu.push(selector);
      expect(inMenu.length).toBeGreaterThan(0);
      expect(await onRow('[data-action="more"]')).toBe(true);
      // Each of the others is one click away in More, shown with its name, and works from there.
      for (const selector of inMenu) {
        await more.click();
        const item = page.locator(`.overflow-menu ${selector}`);
        expect(await item.isVisible(), selector).toBe(true);
        expect((await item.textContent())?.trim(), selector).not.toBe('');
        await page.keyboard.press('Escape');
      }
      await more.click();
      await page.locator('.overflow-menu [data-action="grid"]').click();
      await idle(page);
      expect((await editor.menuItem('view:grid')).checked).toBe(false);
      // The play time on one line.
      const time = page.locator('#toolbar .time');
      expect(await time.evaluate((node) => node.getClientRects().length)).toBe(1);
      const [line, height] = await time.evaluate((node) => [
        parseFloat(getComputedStyle(node).lineHeight) || 16,
        node.getBoundingClientRect().height,
      ]);
      expect(height).toBeLessThan(1.5 * line);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it("at 1,280 px the status bar's right part is whole while a lock sentence and the four-bar line show", async () => {
    const editor = await openEditor({ drawing: doubleRocker(0), width: 1280, height: 800 });
    const { page } = editor;
    try {
      await expect.poll(() => page.locator('[data-status="four-bar"]').isVisible()).toBe(true);
      await page.locator('button[data-action="play"]').click();
      await expect
        .poll(() => page.locator('[data-status="lock"]').isVisible(), { timeout: 30_000 })
        .toBe(true);
      await page.locator('button[data-action="play"]').click();
      await idle(page);
      // Every part of the status bar that shows lies within it: none is cut at its right end.
      const parts = await page.$$eval('#status [data-status]', (nodes) => {
        const bar = document.getElementById('status')!.getBoundingClientRect();
        return nodes
          .filter((node) => (node as HTMLElement).offsetParent !== null && node.textContent !== '')
          .map((node) => ({
            part: (node as HTMLElement).dataset.status,
            out: node.getBoundingClientRect().right - bar.right,
          }));
      });
      expect(parts.map((p) => p.part)).toEqual(expect.arrayContaining(['lock', 'four-bar', 'dof']));
      for (const { part, out } of parts) expect(out, part).toBeLessThanOrEqual(0.5);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('two 1 mm nudges of a curve nothing holds move it by exactly 2 mm', async () => {
    const drawing = paper([30, 20], 6);
    drawing.curves.push({ kind: 'circle', id: 'c1', center: [30, 20], radius: 7.3 });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await click(page, [37.3, 20]);
      await page.keyboard.press('ArrowRight');
      await idle(page);
      await page.keyboard.press('ArrowRight');
      await idle(page);
      await page.keyboard.press('ArrowUp');
      await idle(page);
      expect(session.drawing.curves[0]).toEqual({ kind: 'circle', id: 'c1', center: [32, 19], radius: 7.3 });
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
