// Mechanisms end to end (issue 6): the crank-rocker example opened as File ▸ Open Example opens it (the file flow's
// open of resources/examples/crank-rocker.curvewright), played and stepped with the real mouse on the play
// controls. The session's trail holds exactly the points the recorder's rules give for the frames played, the
// trail is on the canvas, and pulling the coupler while it plays leaves the linkage assembled, the motor turning
// on time and every number finite.

import { trailPoints } from '../../src/shared/trail';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadDrawingFile } from '../../src/document/file-io';
import { tracePointCount } from '../../src/mechanisms/trace-recorder';
import type { Curve, Drawing, Vec2 } from '../../src/shared/drawing';
import type { Snapshot } from '../../src/shared/contract';
import type {} from '../../src/renderer/debug-hook';
import { ROOT, openEditor, shutdown } from './harness';
import { barEnds, dist } from './geometry';
import { idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const EXAMPLE = join(ROOT, 'resources/examples/crank-rocker.curvewright');
const FPS = 60;
const RPM = 60;

function bar(d: Drawing, id: string): Extract<Curve, { kind: 'bar' }> {
  const c = d.curves.find((k) => k.id === id);
  if (c?.kind !== 'bar') throw new Error(`no bar '${id}'`);
  return c;
}

function motorAngle(d: Drawing): number {
  const motor = d.constraints.find((k) => k.kind === 'motor');
  if (motor?.kind !== 'motor') throw new Error('no motor');
  return motor.angle;
}

/** How far the linkage is from assembled: pins, joints and the coupler point's two distances, mm. */
function assemblyError(d: Drawing, pins: [Vec2, Vec2], lengths: [number, number]): number {
  const [c0, c1] = barEnds(bar(d, 'crank'));
  const [k0, k1] = barEnds(bar(d, 'coupler'));
  const [r0, r1] = barEnds(bar(d, 'rocker'));
  const point = d.curves.find((c) => c.id === 'coupler-point');
  if (point?.kind !== 'point') throw new Error('no coupler point');
  return Math.max(
    dist(c0, pins[0]),
    dist(r0, pins[1]),
    dist(c1, k0),
    dist(k1, r1),
    Math.abs(dist(point.at, k0) - lengths[0]),
    Math.abs(dist(point.at, k1) - lengths[1]),
  );
}

/** Non-finite numbers and nulls (what NaN becomes in JSON) anywhere in `value`. */
function countNonFinite(value: unknown): number {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return 1;
  if (typeof value !== 'object') return 0;
  let n = 0;
  for (const v of Object.values(value)) n += countNonFinite(v);
  return n;
}

const allFinite = (d: Drawing) => countNonFinite([d.curves, d.constraints, d.traces]) === 0;

/** Pixels of the trail's colour (#0f7b6c) on the curves layer within `r` px of a page point. */
async function tracePixels(page: Page, at: Vec2, r = 4): Promise<number> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(
    ([x, y, r]) => {
      const canvas = document.querySelectorAll('#canvas canvas')[1] as HTMLCanvasElement;
      const rect = canvas.getBoundingClientRect();
      const scale = canvas.width / rect.width;
      const data = canvas
        .getContext('2d')!
        .getImageData(
          (x - rect.left - r) * scale,
          (y - rect.top - r) * scale,
          2 * r * scale,
          2 * r * scale,
        ).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3] > 100 && data[i + 1] - data[i] > 50 && data[i + 1] > 70) count++;
      return count;
    },
    [at[0], at[1], r] as const,
  );
}

describe('mechanisms end to end', () => {
  it('plays the crank-rocker: trail as recorded, drawn, and the linkage holds while the coupler is pulled', async () => {
    const example = await loadDrawingFile(EXAMPLE);
    const pins = example.constraints.flatMap((k) => (k.kind === 'pin' ? [k.at] : [])) as [Vec2, Vec2];
    const lengths = example.constraints.flatMap((k) => (k.kind === 'distance' ? [k.length] : [])) as [
      number,
      number,
    ];
    const editor = await openEditor();
    const { page, session } = editor;
    // Every frame the session answers (play and drag alike): its residual, and how many of its numbers are not
    // finite (NaN crosses JSON as null).
    let frames = 0;
    let dragFrames = 0;
    let worstResidual = 0;
    let nonFinite = 0;
    editor.onAnswer((channel, answer) => {
      const result = answer as { ok: boolean; value?: Snapshot };
      if (!result.ok || !result.value?.states) return;
      if (channel === 'play:frame' || channel.startsWith('drag:')) {
        frames++;
        if (channel.startsWith('drag:')) dragFrames++;
        worstResidual = Math.max(worstResidual, result.value.status.maxResidual);
        nonFinite += countNonFinite([result.value.status, result.value.states, result.value.trails]);
      }
    });
    try {
      // File ▸ Open, the dialog answering the example's path (the page itself can name no path).
      editor.fileUi.openPaths.push(EXAMPLE);
      await editor.menu('file:open');
      await expect.poll(() => session.drawing.curves.length).toBe(example.curves.length);
      await expect.poll(() => page.title()).toContain('crank-rocker');
      await idle(page);
      expect(session.drawing.curves.map((c) => c.id)).toEqual(example.curves.map((c) => c.id));
      expect(session.drawing.traces[0].points.length).toBe(0);
      const angle0 = motorAngle(session.drawing);

      // Play with the real mouse, let it run, pause.
      const play = page.locator('button[data-action="play"]');
      await play.click();
      await expect.poll(() => session.playStatus().frame, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
      expect(await play.getAttribute('aria-label')).toBe('Pause');
      await play.click();
      await idle(page);
      expect(session.playStatus().state).toBe('paused');
      const played = session.playStatus().frame;

      // Step exactly 12 frames.
      const step = page.locator('button[data-action="step"]');
      for (let i = 0; i < 12; i++) await step.click();
      await idle(page);
      const status = session.playStatus();
      expect(status.frame).toBe(played + 12);
      expect(status.time).toBeCloseTo(status.frame / FPS, 12);
      const trail = session.drawing.traces[0].points;
      // One point per frame (the coupler point never stands still), decimated past capacity by the recorder's rule.
      expect(trail.length).toBe(tracePointCount(status.frame));
      expect(motorAngle(session.drawing) - angle0).toBeCloseTo((2 * Math.PI * RPM * status.time) / 60, 9);
      expect(assemblyError(session.drawing, pins, lengths)).toBeLessThan(1e-9);

      // The trail is on the canvas: its colour around a point a third of the way along it.
      const mark = await toPage(page, trailPoints(trail)[Math.floor(trail.length / 3)]);
      const box = (await page.locator('#canvas').boundingBox())!;
      expect(mark[0]).toBeGreaterThan(box.x);
      expect(mark[0]).toBeLessThan(box.x + box.width);
      expect(mark[1]).toBeGreaterThan(box.y);
      expect(mark[1]).toBeLessThan(box.y + box.height);
      expect(await tracePixels(page, mark)).toBeGreaterThan(3);
      // …and not everywhere: none at the crank's pivot, which the coupler point never visits.
      expect(await tracePixels(page, await toPage(page, pins[0]))).toBe(0);

      // Play at a quarter speed (so the coupler is still under the cursor when the press lands), then press on the
      // coupler and pull it up and aside while the motor drives.
      await page.locator('select[data-field="speed"]').selectOption('0.25');
      await idle(page);
      await play.click();
      await expect.poll(() => session.playStatus().frame).toBeGreaterThan(status.frame + 3);
      const grab = await toPage(page, bar(session.drawing, 'coupler').center);
      await page.mouse.move(grab[0], grab[1]);
      await page.mouse.down();
      await page.mouse.move(grab[0] + 4, grab[1] - 4);
      await expect.poll(() => session.dragging).toBe(true);
      const before = { frame: session.playStatus().frame, angle: motorAngle(session.drawing) };
      for (let i = 1; i <= 10; i++) {
        const frame = session.playStatus().frame;
        await page.mouse.move(grab[0] + 4 + 6 * i, grab[1] - 4 - 8 * i, { steps: 2 });
        await expect.poll(() => session.playStatus().frame).toBeGreaterThan(frame + 1);
        expect(session.dragging).toBe(true);
        const d = session.drawing;
        expect(assemblyError(d, pins, lengths)).toBeLessThan(1e-9);
        expect(allFinite(d)).toBe(true);
        expect(motorAngle(d) - angle0).toBeCloseTo((2 * Math.PI * RPM * session.playStatus().time) / 60, 6);
      }
      const after = { frame: session.playStatus().frame, angle: motorAngle(session.drawing) };
      await page.mouse.up();
      await play.click();
      await idle(page);
      expect(session.playStatus().state).toBe('paused');

      // The motor kept turning through the pull, at its speed; the linkage never came apart.
      expect(after.frame - before.frame).toBeGreaterThan(10);
      expect(after.angle - before.angle).toBeGreaterThan(
        (0.9 * ((after.frame - before.frame) * 0.25 * 2 * Math.PI)) / FPS,
      );
      const end = session.drawing;
      expect(assemblyError(end, pins, lengths)).toBeLessThan(1e-9);
      expect(allFinite(end)).toBe(true);
      expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
      expect(end.traces[0].points.length).toBe(tracePointCount(session.playStatus().frame));
      expect(frames).toBeGreaterThan(50);
      expect(dragFrames).toBeGreaterThan(5);
      expect(worstResidual).toBeLessThan(1e-9);
      expect(nonFinite).toBe(0);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
