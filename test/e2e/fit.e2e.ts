// Fits and targets (issue 30) with the real mouse and keyboard in Chromium, through the real session host: a CSV
// imported as data to fit (main's question answered "Data to fit"), its marks clicked with the circle to select
// both, Tools ▸ Fit to Points from the native menu; the pull loop runs the fit live until the Properties readout
// says converged, the circle on the data's circle; dragged away with the mouse and released, the fit takes it back,
// and one Undo returns the state before the drag. Pull Toward: a pinned bar's end pulled toward a clicked place.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Curve, Drawing, Vec2 } from '../../src/shared/drawing';
import { paper } from './drawings';
import { dist } from './geometry';
import { e2eDirs, openEditor, shutdown } from './harness';
import { click, drag, idle, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** 36 points on the circle of centre (20, 10) and radius 8. */
const RING: Vec2[] = Array.from({ length: 36 }, (_, i) => {
  const t = (2 * Math.PI * i) / 36;
  return [20 + 8 * Math.cos(t), 10 + 8 * Math.sin(t)];
});

type Circle = Extract<Curve, { kind: 'circle' }>;
const circleOf = (d: Drawing) => d.curves.find((c) => c.id === 'c1') as Circle;

describe('fits with the real mouse', () => {
  it('CSV as data, Fit to Points from the menu: live to the data, back after a drag, Undo before the drag', async () => {
    const dir = join(e2eDirs().tmp, 'fit');
    mkdirSync(dir, { recursive: true });
    const csv = join(dir, 'ring.csv');
    writeFileSync(csv, `x,y\n${RING.map(([x, y]) => `${x},${y}`).join('\n')}\n`);
    const drawing = paper([10, 5], 6);
    drawing.curves.push({ kind: 'circle', id: 'c1', center: [-10, 0], radius: 5 });
    const editor = await openEditor({ drawing });
    const { page, session, fileUi } = editor;
    try {
      fileUi.importPaths.push(csv);
      fileUi.importAnswers.push({ pointsAs: 'data' });
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.pointSets?.length ?? 0).toBe(1);
      const [set] = session.drawing.pointSets!;
      expect(set.name).toBe('ring');
      expect(set.points).toHaveLength(36);
      await idle(page);
      expect((await editor.menuItem('fit:points')).enabled).toBe(false);

      // The circle clicked, then a mark of the data (where no curve is) Shift-clicked: both selected.
      await click(page, [-5, 0]);
      await click(page, RING[9], 'Shift');
      const selection = await page.evaluate(() => window.__curvewrightDebug!.selection());
      expect(selection).toEqual(['c1', set.id]);
      expect((await editor.menuItem('fit:points')).enabled).toBe(true);

      await editor.menu('fit:points');
      await expect.poll(() => session.drawing.attractors?.length ?? 0).toBe(1);
      const [fit] = session.drawing.attractors!;
      expect(fit).toMatchObject({ kind: 'points', curves: ['c1'], data: set.id, loss: 'squared', on: true });

      // The circle alone, then its fit from "Pulled by": the readout, live, until it says converged.
      await click(page, [0, 25]);
      await click(page, [28, 10]);
      await page.locator(`.properties button[data-attractor="${fit.id}"]`).click();
      const readout = page.locator(`.properties [data-readout="${fit.id}"]`);
      await expect.poll(() => readout.textContent(), { timeout: 20_000 }).toMatch(/ · converged$/);
      expect(await readout.textContent()).toBe('RMS 0 mm, max 0 mm · converged');
      expect(await page.locator('[data-status="fitting"]').isHidden()).toBe(true);
      const fitted = structuredClone(circleOf(session.drawing));
      expect(dist(fitted.center, [20, 10])).toBeLessThan(1e-3);
      expect(Math.abs(fitted.radius - 8)).toBeLessThan(1e-3);

      // Dragged away by its rightmost point and released: the fit takes it back to the data.
      await drag(
        page,
        [28, 10],
        [
          [34, 12],
          [40, 14],
        ],
      );
      await expect
        .poll(() => {
          const c = circleOf(session.drawing);
          return dist(c.center, [20, 10]) + Math.abs(c.radius - 8);
        })
        .toBeLessThan(1e-3);
      // The press selected the circle: its fit, from "Pulled by", has come to rest again.
      await page.locator(`.properties button[data-attractor="${fit.id}"]`).click();
      await expect.poll(() => readout.textContent()).toMatch(/ · converged$/);

      // One Undo: the drag and the fit's motion after it, back to the state before the drag.
      await press(page, 'edit:undo');
      expect(circleOf(session.drawing)).toEqual(fitted);
      expect(session.drawing.attractors).toEqual([fit]);

      // Its properties (still selected through the Undo): the loss made Huber, then the fit switched off — one
      // undoable edit each.
      await page.locator('.properties select[data-field="loss"]').selectOption('huber');
      await expect.poll(() => session.drawing.attractors![0]).toMatchObject({ loss: 'huber' });
      await page.locator('.properties input[data-field="on"]').uncheck();
      await expect.poll(() => session.drawing.attractors![0].on).toBe(false);
      await expect.poll(() => readout.textContent()).toBe('off');
      await press(page, 'edit:undo');
      expect(session.drawing.attractors![0]).toMatchObject({ on: true, loss: 'huber' });
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('Pull Toward: a pinned bar’s end, then a clicked place; the bar turns until its end is there', async () => {
    const drawing = paper([0, 10], 6);
    drawing.curves.push({ kind: 'bar', id: 'c1', center: [15, 0], angle: 0, length: 30 });
    drawing.constraints.push({ kind: 'pin', id: 'k1', point: { curve: 'c1', anchor: 'start' }, at: [0, 0] });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await press(page, 'tool:target');
      await click(page, [30, 0]);
      expect(await page.evaluate(() => window.__curvewrightDebug!.tool())).toBe('target.second');
      await click(page, [0, 30]);
      await expect.poll(() => session.drawing.attractors?.length ?? 0).toBe(1);
      expect(session.drawing.attractors![0]).toMatchObject({
        kind: 'target',
        point: { curve: 'c1', anchor: 'end' },
        at: [expect.closeTo(0, 1), expect.closeTo(30, 1)],
      });
      await idle(page);
      const bar = session.drawing.curves[0] as Extract<Curve, { kind: 'bar' }>;
      const at =
        session.drawing.attractors![0].kind === 'target' ? session.drawing.attractors![0].at : [0, 0];
      // Its end where the click was (the pin holds its start at the origin, its length 30 keeps it on the circle).
      const end: Vec2 = [bar.center[0] + 15 * Math.cos(bar.angle), bar.center[1] + 15 * Math.sin(bar.angle)];
      const toward = Math.atan2(at[1], at[0]);
      expect(dist(end, [30 * Math.cos(toward), 30 * Math.sin(toward)])).toBeLessThan(1e-3);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
