// The editor's panels and view end to end: numeric editing in the properties panel (through the solver, undoable),
// constraints under conflict listed and drawn red, crisp HiDPI canvases, the play controls, a failing autosave in
// the status bar.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { events } from '../../electron/preload/methods';
import { RecoveryFolder } from '../../src/document/recovery';
import { Autosave } from '../../src/session/autosave';
import { e2eDirs, openEditor, shutdown } from './harness';
import { click, idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

describe('editor panels and view', () => {
  it('edits a circle radius in the properties panel, through the session, undoably', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      await page.keyboard.press('c');
      await click(page, [0, 0]);
      await click(page, [20, 0]);
      await page.keyboard.press('v');
      await click(page, [0, 20]);
      const radius = page.locator('.properties input[data-field="radius"]');
      await expect.poll(() => radius.inputValue()).toBe('20');
      await radius.fill('32.5');
      await radius.press('Enter');
      await idle(page);
      const circle = () =>
        session.drawing.curves.find((c) => c.id === 'c1') as Extract<Curve, { kind: 'circle' }>;
      expect(circle().radius).toBe(32.5);
      await page.locator('button[data-action="undo"]').click();
      await idle(page);
      expect(circle().radius).toBe(20);
      await expect.poll(() => radius.inputValue()).toBe('20');
      // Not a number: refused beside the field, the field back to the radius, nothing sent; the status bar
      // keeps the tool's hint.
      const hint = await page.locator('[data-status="hint"]').textContent();
      const problem = page.locator('.properties [data-error-for="radius"]');
      await radius.fill('abc');
      await radius.press('Enter');
      await idle(page);
      expect(circle().radius).toBe(20);
      expect(await problem.textContent()).toBe('radius must be a number');
      expect(await radius.inputValue()).toBe('20');
      expect(await page.locator('[data-status="hint"]').textContent()).toBe(hint);
    } finally {
      await editor.close();
    }
  });

  it('a conflicting pin is listed as conflicting and drawn red; a panel edit that would make one is refused', async () => {
    // Two pins holding one point in two places: a drawing opened that way (the session refuses to make one).
    const drawing = emptyDrawing();
    drawing.curves.push({ kind: 'point', id: 'p1', at: [0, 0] });
    drawing.constraints.push(
      { kind: 'pin', id: 'k1', point: { curve: 'p1', anchor: 'start' }, at: [0, 0] },
      { kind: 'pin', id: 'k2', point: { curve: 'p1', anchor: 'start' }, at: [10, 0] },
    );
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await idle(page);
      const status = session.snapshot(false).status.constraints ?? [];
      expect(status.filter((c) => c.conflicting).length).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('ul.constraints li[data-state="conflicting"]').count())
        .toBeGreaterThan(0);
      // Problems first; with View ▸ Solver Details on, each with its error and force shown: k2 is 10 mm from
      // where it would put the point.
      expect(await page.locator('ul.constraints li').first().getAttribute('data-state')).toBe('conflicting');
      await editor.menu('view:solver-details');
      const k2 = page.locator('ul.constraints li[data-id="k2"]');
      await expect.poll(() => k2.locator('.residual').textContent()).toBe('error 10.00');
      expect(await k2.locator('.tension').textContent()).toMatch(/^force /);
      // The conflicting pin's glyph is red (#d92d20) on the canvas.
      const conflicting = session.drawing.constraints.find(
        (k) => status.find((c) => c.id === k.id)?.conflicting,
      );
      const pinAt = conflicting?.kind === 'pin' ? session.drawing.curves[0] : null;
      expect(pinAt?.kind).toBe('point');
      const [px, py] = await page.evaluate(
        (q) => window.__curvewrightDebug!.toPage(q),
        (pinAt as Extract<Curve, { kind: 'point' }>).at,
      );
      // Count red pixels of the glyph layer (the third canvas) around the pin, once it has been redrawn.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const red = await page.evaluate(
        ([x, y]) => {
          const canvas = document.querySelectorAll('#canvas canvas')[2] as HTMLCanvasElement;
          const rect = canvas.getBoundingClientRect();
          const scale = canvas.width / rect.width;
          const ctx = canvas.getContext('2d')!;
          const data = ctx.getImageData(
            (x - rect.left - 12) * scale,
            (y - rect.top - 4) * scale,
            24 * scale,
            20 * scale,
          ).data;
          let count = 0;
          for (let i = 0; i < data.length; i += 4)
            if (data[i] > 180 && data[i + 1] < 90 && data[i + 2] < 80 && data[i + 3] > 128) count++;
          return count;
        },
        [px, py] as const,
      );
      expect(red).toBeGreaterThan(5);
      // Moving k1 further from k2 would leave it further from met: refused, the status bar says what blocks it,
      // and nothing moves.
      const before = structuredClone(session.drawing);
      await page.locator('ul.constraints li[data-id="k1"]').click();
      const x = page.locator('.properties input[data-field="x"]');
      await x.fill('-5');
      await x.press('Enter');
      await idle(page);
      // Said beside the field in the user's words (display names, no channel, no ids), the field back to 0.
      await expect
        .poll(() => page.locator('.properties [data-error-for="x"]').textContent())
        .toMatch(/^the constraints cannot all be met: point 1 cannot get there \((pin 1, )?pin 2\)$/);
      expect(await x.inputValue()).toBe('0');
      expect(await page.locator('[data-status="hint"]').textContent()).not.toContain('edit:apply');
      expect(session.drawing).toEqual(before);
    } finally {
      await editor.close();
    }
  });

  it('the wheel zooms about the cursor; middle-drag and Space-drag pan', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      const probe: Vec2 = [30, -20];
      const toPage = () => page.evaluate((q) => window.__curvewrightDebug!.toPage(q), probe);
      const [x, y] = await toPage();
      // Mouse events carry whole pixels: zoom about the cursor (X, Y) scales every point's offset from it.
      const [X, Y] = [Math.round(x), Math.round(y)];
      await page.mouse.move(X, Y);
      await page.mouse.wheel(0, -300);
      await idle(page);
      const factor = Math.pow(1.0015, 300);
      expect(session.drawing.view.zoom).toBeCloseTo(4 * factor, 6);
      const [x1, y1] = await toPage();
      expect(x1 - X).toBeCloseTo(factor * (x - X), 6);
      expect(y1 - y).toBeCloseTo((factor - 1) * (y - Y), 6);

      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(X + 50, Y + 20, { steps: 4 });
      await page.mouse.up({ button: 'middle' });
      await idle(page);
      const [x2, y2] = await toPage();
      expect(x2 - x1).toBeCloseTo(50, 6);
      expect(y2 - y1).toBeCloseTo(20, 6);

      await page.keyboard.down(' ');
      await page.mouse.down();
      await page.mouse.move(X + 20, Y + 30, { steps: 3 });
      await page.mouse.up();
      await page.keyboard.up(' ');
      await idle(page);
      const [x3, y3] = await toPage();
      expect(x3 - x2).toBeCloseTo(-30, 6);
      expect(y3 - y2).toBeCloseTo(10, 6);
      expect(session.drawing.curves).toEqual([]); // panning drew nothing and selected nothing
      expect(session.dirty).toBe(false);
    } finally {
      await editor.close();
    }
  });

  it('redraws only the layers a change concerns', async () => {
    const editor = await openEditor();
    const { page } = editor;
    try {
      await page.keyboard.press('l');
      await click(page, [0, 0]);
      await click(page, [40, 0]);
      await page.keyboard.press('v');
      const frame = () =>
        page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const draws = () => page.evaluate(() => window.__curvewrightDebug!.layerDraws());
      await frame();
      const toPage = (p: Vec2) => page.evaluate((q) => window.__curvewrightDebug!.toPage(q), p);
      const before = await draws();
      const [hx, hy] = await toPage([20, 0]);
      await page.mouse.move(hx, hy); // hover the segment: the overlay only
      await frame();
      const hovered = await draws();
      expect(hovered.overlay).toBeGreaterThan(before.overlay);
      expect([hovered.grid, hovered.curves, hovered.glyphs]).toEqual([
        before.grid,
        before.curves,
        before.glyphs,
      ]);
      await page.mouse.down(); // pull: curves, glyphs and overlay, not the grid
      await page.mouse.move(hx + 10, hy + 30, { steps: 3 });
      await page.mouse.up();
      await idle(page);
      await frame();
      const pulled = await draws();
      expect(pulled.curves).toBeGreaterThan(hovered.curves);
      expect(pulled.glyphs).toBeGreaterThan(hovered.glyphs);
      expect(pulled.grid).toBe(hovered.grid);
      await page.mouse.wheel(0, -100); // zoom: everything
      await frame();
      const zoomed = await draws();
      expect(zoomed.grid).toBeGreaterThan(pulled.grid);
      expect(zoomed.curves).toBeGreaterThan(pulled.curves);
    } finally {
      await editor.close();
    }
  });

  it('draws at the device pixel ratio on a HiDPI screen', async () => {
    const editor = await openEditor({ deviceScaleFactor: 2 });
    try {
      const sizes = await editor.page.evaluate(() =>
        [...document.querySelectorAll('#canvas canvas')].map((c) => ({
          backing: (c as HTMLCanvasElement).width,
          css: (c as HTMLCanvasElement).getBoundingClientRect().width,
        })),
      );
      expect(sizes.length).toBe(5); // grid, curves, glyphs, analysis, overlay
      for (const s of sizes) expect(s.backing).toBe(2 * Math.round(s.css));
    } finally {
      await editor.close();
    }
  });

  it('shows a failing autosave in the status bar, with its reason and path, until one succeeds', async () => {
    const dir = join(e2eDirs().tmp, 'autosave-e2e');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const blocked = join(dir, 'data');
    writeFileSync(blocked, 'a file where the data folder should be');
    const editor = await openEditor();
    const { page, session } = editor;
    // Wired as main wires it: a change of failure pushes a snapshot to the renderer.
    const folder = new RecoveryFolder(join(blocked, 'recovery'));
    let pushed = Promise.resolve();
    const autosave = new Autosave(session, folder, 'window-1', () => {
      const snapshot = JSON.parse(JSON.stringify(session.snapshot(false))) as unknown;
      pushed = page.evaluate(([event, payload]) => window.__curvewrightEmit(event, payload), [
        events.sessionChanged,
        snapshot,
      ] as const);
    });
    const line = page.locator('[data-status="autosave"]');
    try {
      await page.keyboard.press('c');
      await click(page, [0, 0]);
      await click(page, [20, 0]);
      expect(await line.isVisible()).toBe(false);
      expect(await autosave.tick()).toBe('failed');
      await pushed;
      await expect
        .poll(() => line.textContent())
        .toBe(
          `Autosave failed: could not create the recovery folder: a part of the path is not a folder — ${folder.folder}`,
        );
      expect(await line.isVisible()).toBe(true);
      rmSync(blocked);
      expect(await autosave.tick()).toBe('written');
      await pushed;
      await expect.poll(() => line.textContent()).toBe('');
      expect(await line.isVisible()).toBe(false);
    } finally {
      await autosave.close();
      await editor.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
