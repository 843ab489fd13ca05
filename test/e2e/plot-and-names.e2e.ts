// The plot and the names a newcomer reads (issue 28), with the real mouse in Chromium: the plot says the value under
// the cursor and its extrema, with units, plots any traced point and names its files as the canvas names the point;
// an equation curve keeps the name given in the dialog, its parameters show their units (the examples' titles:
// example-titles.e2e.ts).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../../src/document/file-io';
import { analyzeDrawingPoint } from '../../src/session/analysis';
import { extremaText, plotColumns, plotReadout, type AxisFrame } from '../../src/renderer/panels/plot-data';
import { PLOT_SAMPLES } from '../../src/renderer/panels/plot-panel';
import type { PointPlot, Result } from '../../src/shared/contract';
import type { Vec2 } from '../../src/shared/drawing';
import { ROOT, openEditor, shutdown } from './harness';
import { click, idle, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

const EXAMPLES = join(ROOT, 'resources/examples');

describe('the plot', () => {
  it('plots any traced point, says the value under the cursor and the extrema with units, and names its CSV as the canvas does', async () => {
    const example = await loadDrawingFile(join(EXAMPLES, 'crank-rocker.curvewright'));
    const editor = await openEditor({ drawing: example, width: 1280, height: 900 });
    const { page, session } = editor;
    const plots: PointPlot[] = [];
    editor.onAnswer((channel, answer) => {
      const result = answer as Result<PointPlot>;
      if (channel === 'analysis:point' && result.ok) plots.push(result.value);
    });
    try {
      await idle(page);
      // A trace on the coupler, a third of the way along it (not a point curve, not its middle).
      const coupler = session.drawing.curves.find((c) => c.id === 'coupler');
      if (coupler?.kind !== 'bar') throw new Error('no coupler');
      const along = (t: number): Vec2 => [
        coupler.center[0] + (t - 0.5) * coupler.length * Math.cos(coupler.angle),
        coupler.center[1] + (t - 0.5) * coupler.length * Math.sin(coupler.angle),
      ];
      await press(page, 'tool:trace');
      await click(page, along(0.3));
      const trace = session.drawing.traces.at(-1)!;
      expect(trace.point.curve).toBe('coupler');
      const u = trace.point.u!;
      expect(u).toBeGreaterThan(0.2);
      expect(u).toBeLessThan(0.4);
      // Selected in the Traces panel, plotted.
      await press(page, 'tool:select');
      await page.locator(`ul.traces li[data-id="${trace.id}"]`).click();
      await press(page, 'view:plot');
      await page.locator('#plot select[data-field="series"]').selectOption('speed');
      await expect.poll(() => plots.length).toBeGreaterThan(0);
      expect(await page.locator('#plot .subject').textContent()).toBe('trace 2 (on coupler)');
      const analysed = analyzeDrawingPoint(session.drawing, 'coupler', u, { samples: PLOT_SAMPLES });
      expect(plots.at(-1)).toEqual(analysed);

      // The extrema of what is plotted, and the value at the sample under the cursor, each with its unit.
      const frame: AxisFrame = { axis: 'angle', omega: 1, period: 1, seconds: false, start: 0 };
      const columns = plotColumns(analysed.samples, 'speed', frame);
      await expect
        .poll(() => page.locator('[data-plot="extrema"]').textContent())
        .toBe(extremaText('speed', 'angle', columns));
      expect(await page.locator('[data-plot="extrema"]').textContent()).toMatch(
        /^min [\d.]+ mm\/s at [\d.]+° · max [\d.]+ mm\/s at [\d.]+°$/,
      );
      const box = (await page.locator('#plot .u-over').boundingBox())!;
      await page.mouse.move(box.x + 0.3 * box.width, box.y + box.height / 2);
      const at = 0.3 * 360;
      const nearest = [...columns[0].keys()].sort(
        (a, b) => Math.abs(columns[0][a] - at) - Math.abs(columns[0][b] - at),
      );
      const candidates = nearest
        .slice(0, 3)
        .map((i) => plotReadout('speed', 'angle', columns[0][i], columns[1][i]));
      await expect.poll(() => page.locator('[data-plot="readout"]').textContent()).toBeTruthy();
      expect(candidates).toContain(await page.locator('[data-plot="readout"]').textContent());
      expect(candidates[0]).toMatch(/^crank angle [\d.]+° · speed \|v\| [\d.]+ mm\/s$/);

      // The CSV is named by the names the canvas shows.
      const download = page.waitForEvent('download');
      await page.locator('#plot button[data-action="export-csv"]').click();
      expect((await download).suggestedFilename()).toBe('trace 2 (on coupler) speed.csv');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

describe('names and units', () => {
  it('an equation curve keeps the name given in the dialog; its parameters show mm and degrees where they are', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      await page.locator('button[data-action="close-start"]').click();
      await page.locator('button[data-action="equation"]').click();
      await page.locator('select[data-field="preset"]').selectOption('preset-cycloid');
      await page.locator('.cw-eqd input[data-field="name"]').fill('Wheel path');
      await page.locator('.cw-eqd button[data-action="save"]').click();
      await idle(page);
      expect(session.drawing.curves[0]).toMatchObject({ kind: 'equation', name: 'Wheel path' });
      await expect
        .poll(() => page.locator('.properties .heading').textContent())
        .toBe('Wheel path (equation)');
      const unit = (field: string) =>
        page.locator(`.properties label:has(input[data-field="${field}"]) .unit`).textContent();
      expect(await unit('cx')).toBe('mm');
      expect(await unit('cy')).toBe('mm');
      expect(await unit('rot')).toBe('°');
      // The turn typed in degrees is the expression's radians.
      const rot = page.locator('.properties input[data-field="rot"]');
      await rot.fill('90');
      await rot.press('Enter');
      await idle(page);
      const curve = session.drawing.curves[0];
      expect(curve.kind === 'equation' && curve.params.rot).toBeCloseTo(Math.PI / 2, 12);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
