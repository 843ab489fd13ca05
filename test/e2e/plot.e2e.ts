// The Plot panel end to end (issue 18): the crank-rocker opened, its coupler point selected with the real mouse,
// View ▸ Plot opened on its speed; the samples plotted are the session's analysis of that point; while playing
// the marker follows the motor; a drag on the plot with the real mouse scrubs the mechanism: the motor's angle
// (and with it the crank) goes where the cursor was released, as one undoable edit. Then a bar: the rocker's
// angular velocity against time, scrubbed; the four-bar's Grashof class shown; and the instant centres toggled on
// while playing, drawn where the session's kinematics put them.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../../src/document/file-io';
import { Engine } from '../../src/engine';
import { instantCentres } from '../../src/mechanisms';
import { axisAngle, cycleTime } from '../../src/renderer/panels/plot-data';
import { PLOT_SAMPLES } from '../../src/renderer/panels/plot-panel';
import { analyzeDrawingBar, analyzeDrawingFourBar, analyzeDrawingPoint } from '../../src/session/analysis';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import type { BarPlot, PointPlot, Result } from '../../src/shared/contract';
import { ROOT, openEditor, shutdown, type Editor } from './harness';
import { click, idle, press } from './mouse';
import { testClock } from '../../src/shared/test-support/clock';

afterAll(async () => {
  await shutdown();
});

const EXAMPLE = join(ROOT, 'resources/examples/crank-rocker.curvewright');

function motorAngle(d: Drawing): number {
  const motor = d.constraints.find((k) => k.kind === 'motor');
  if (motor?.kind !== 'motor') throw new Error('no motor');
  return motor.angle;
}

function crankAngle(d: Drawing): number {
  const crank = d.curves.find((c) => c.id === 'crank');
  if (crank?.kind !== 'bar') throw new Error('no crank');
  return crank.angle;
}

/**
 * The editor with the crank-rocker opened as the user opens a file (File ▸ Open), and every successful answer on
 * `channel` the page gets from then on.
 */
async function openExample<T>(channel: string): Promise<{ editor: Editor; answers: T[] }> {
  const example = await loadDrawingFile(EXAMPLE);
  const editor = await openEditor();
  const answers: T[] = [];
  editor.onAnswer((name, answer) => {
    const result = answer as Result<T>;
    if (name === channel && result.ok) answers.push(result.value);
  });
  editor.fileUi.openPaths.push(EXAMPLE);
  await editor.menu('file:open');
  await expect.poll(() => editor.session.drawing.curves.length).toBe(example.curves.length);
  await idle(editor.page);
  return { editor, answers };
}

/** The difference of two angles in degrees, within (−180, 180]. */
function degreesApart(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360;
  return d - 180;
}

describe('the Plot panel', () => {
  it('plots the coupler point’s speed, follows Play, and a drag on the plot scrubs the pose', async () => {
    const { editor, answers: plots } = await openExample<PointPlot>('analysis:point');
    const { page, session } = editor;
    try {
      // Select the coupler point, open the plot (its shortcut), pick the speed.
      const point = session.drawing.curves.find((c) => c.id === 'coupler-point');
      if (point?.kind !== 'point') throw new Error('no coupler point');
      await click(page, point.at as Vec2);
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toEqual(['coupler-point']);
      await press(page, 'view:plot');
      await page.locator('#plot select[data-field="series"]').selectOption('speed');
      const over = page.locator('#plot .u-over');
      await over.waitFor();
      await expect.poll(() => plots.length).toBeGreaterThan(0);
      // What was plotted is the session's analysis of that point at the present pose.
      expect(plots.at(-1)).toEqual(
        analyzeDrawingPoint(session.drawing, 'coupler-point', 0, { samples: PLOT_SAMPLES }),
      );
      const marker = async () => Number(await page.locator('#plot').getAttribute('data-marker'));
      expect(await marker()).toBeCloseTo(axisAngle(motorAngle(session.drawing)), 2);

      // Play: the marker follows the played pose.
      const play = page.locator('button[data-action="play"]');
      await play.click();
      await expect.poll(() => session.playStatus().frame, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
      await play.click();
      await idle(page);
      expect(session.playStatus().state).toBe('paused');
      expect(await marker()).toBeCloseTo(axisAngle(motorAngle(session.drawing)), 2);

      // Drag on the plot with the real mouse, from a quarter of the way along to 70 %: the marker follows the
      // cursor; on release the motor turns to that angle and the crank with it.
      const before = session.drawing;
      const [angle0, crank0] = [motorAngle(before), crankAngle(before)];
      const box = (await over.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 0.25 * box.width, y);
      await page.mouse.down();
      const releaseX = box.x + 0.7 * box.width;
      await page.mouse.move(releaseX, y, { steps: 8 });
      const target = ((releaseX - box.x) / box.width) * 360;
      expect(Math.abs(degreesApart(await marker(), target))).toBeLessThan(1);
      await page.mouse.up();
      await idle(page);
      const after = session.drawing;
      expect(Math.abs(degreesApart(axisAngle(motorAngle(after)), target))).toBeLessThan(1);
      const turned = motorAngle(after) - angle0;
      expect(Math.abs(turned)).toBeLessThanOrEqual(Math.PI);
      expect(Math.abs(turned)).toBeGreaterThan(0.01);
      expect(crankAngle(after) - crank0).toBeCloseTo(turned, 6);
      expect(await marker()).toBeCloseTo(axisAngle(motorAngle(after)), 2);

      // One undoable edit.
      await editor.menu('edit:undo');
      await idle(page);
      expect(motorAngle(session.drawing)).toBeCloseTo(angle0, 9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('plots a bar’s angular velocity against time and scrubs it; shows the Grashof class; draws the instant centres', async () => {
    const { editor, answers: bars } = await openExample<BarPlot>('analysis:bar');
    const { page, session } = editor;
    try {
      // Recognised as a four-bar as soon as it opens, the Plot panel closed: its class in the status bar, its
      // dead centres marked on the canvas where the session's analysis puts them.
      const status = page.locator('#status [data-status="four-bar"]');
      await expect.poll(() => status.getAttribute('data-grashof')).toBe('crank-rocker');
      expect(await status.textContent()).toMatch(/^Four-bar: crank-rocker; transmission angle /);
      const analysis = analyzeDrawingFourBar(session.drawing);
      const expectedMarks = analysis?.marks ?? [];
      expect(expectedMarks.length).toBeGreaterThan(0);
      const drawnMarks = await page.evaluate(() =>
        window.__curvewrightDebug!.analysisMarks().filter((m) => m.kind !== 'centre'),
      );
      expect(drawnMarks.map((m) => m.kind)).toEqual(expectedMarks.map((m) => m.kind));
      for (const [i, m] of drawnMarks.entries()) {
        const at = await page.evaluate((p) => window.__curvewrightDebug!.toPage(p), expectedMarks[i].at);
        expect(Math.hypot(m.at[0] - at[0], m.at[1] - at[1])).toBeLessThan(0.5);
      }
      expect(await page.locator('#plot').isHidden()).toBe(true);

      // Select the rocker by its middle with the real mouse, open the plot, pick ω against time.
      const rocker = session.drawing.curves.find((c) => c.id === 'rocker');
      if (rocker?.kind !== 'bar') throw new Error('no rocker');
      await click(page, rocker.center);
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toEqual(['rocker']);
      await press(page, 'view:plot');
      const plot = page.locator('#plot');
      await plot.locator('select[data-field="series"] option[value="omega"]').waitFor({ state: 'attached' });
      await plot.locator('select[data-field="series"]').selectOption('omega');
      await plot.locator('select[data-field="axis"]').selectOption('time');
      await expect.poll(() => plot.getAttribute('data-axis')).toBe('time');
      await expect.poll(() => bars.length).toBeGreaterThan(0);
      expect(bars.at(-1)).toEqual(analyzeDrawingBar(session.drawing, 'rocker', { samples: PLOT_SAMPLES }));

      // The four-bar's analysis: the crank-rocker's class and its transmission angle's range.
      const fourBar = plot.locator('.four-bar');
      await expect.poll(() => fourBar.getAttribute('data-grashof')).toBe('crank-rocker');
      expect(await fourBar.textContent()).toMatch(
        /^Four-bar: crank-rocker; transmission angle \d+\.\d° – \d+\.\d°/,
      );

      // Scrub with the real mouse to 60 % of the cycle's time: the motor (one turn a second) goes where the axis
      // puts that time, and the rocker with it.
      const over = plot.locator('.u-over');
      const box = (await over.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 0.2 * box.width, y);
      await page.mouse.down();
      const releaseX = box.x + 0.6 * box.width;
      await page.mouse.move(releaseX, y, { steps: 6 });
      await page.mouse.up();
      await idle(page);
      const target = (releaseX - box.x) / box.width; // seconds: the period is 1 s
      const angle = motorAngle(session.drawing);
      const omega = 2 * Math.PI;
      const apart = Math.abs(cycleTime(angle, omega, 1) - target);
      expect(Math.min(apart, 1 - apart)).toBeLessThan(0.01);
      expect(Number(await plot.getAttribute('data-marker'))).toBeCloseTo(cycleTime(angle, omega, 1), 2);

      // Instant centres on, Play, pause: each moving bar's centre drawn where the kinematics put it at that pose.
      await press(page, 'view:instant-centres');
      const play = page.locator('button[data-action="play"]');
      await play.click();
      await expect.poll(() => session.playStatus().frame, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
      await play.click();
      await idle(page);
      const drawing = session.drawing;
      const want = instantCentres(
        Engine.build(structuredClone(drawing), { clock: testClock() }),
        drawing,
      ).filter((c) => c.at !== null);
      expect(want.map((c) => c.bar)).toEqual(['crank', 'coupler', 'rocker']);
      const drawn = await page.evaluate(() =>
        window.__curvewrightDebug!.analysisMarks().filter((m) => m.kind === 'centre'),
      );
      expect(drawn.map((m) => m.label)).toEqual(want.map((c) => c.bar));
      for (let i = 0; i < want.length; i++) {
        const at = await page.evaluate((p) => window.__curvewrightDebug!.toPage(p), want[i].at!);
        expect(Math.hypot(drawn[i].at[0] - at[0], drawn[i].at[1] - at[1])).toBeLessThan(0.5);
      }
      // The crank's centre is its pivot.
      const pivot = await page.evaluate(() => window.__curvewrightDebug!.toPage([0, 0]));
      expect(Math.hypot(drawn[0].at[0] - pivot[0], drawn[0].at[1] - pivot[1])).toBeLessThan(0.5);
      // Toggled off: none drawn (the layer redraws on the next animation frame).
      await press(page, 'view:instant-centres');
      await idle(page);
      await expect
        .poll(() =>
          page.evaluate(() => window.__curvewrightDebug!.analysisMarks().filter((m) => m.kind === 'centre')),
        )
        .toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
