// A drawing whose every step takes longer than a drag frame still follows the real mouse (issue 27): every answer
// while the grabbed point is behind redraws it moved, and once the mouse stops (still pressed) the page keeps
// asking until the point is on the cursor. The session's clock moves 1 ms a reading, so one step of the chain
// overruns the 6 ms drag budget, as a 10,000-bar chain's does on a real machine.

import { afterAll, describe, expect, it } from 'vitest';
import { curvePoint } from '../../src/engine';
import { chain } from '../../src/engine/test-support/drawings';
import { SteppedClock } from '../../src/shared/clock';
import type { Vec2 } from '../../src/shared/drawing';
import type { Session } from '../../src/session/session';
import { openEditor, shutdown } from './harness';
import { dist } from './geometry';
import { idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const N = 40;
const grabbed = `b${N - 1}`;

function end(session: Session): Vec2 {
  const bar = session.drawing.curves.find((c) => c.id === grabbed)!;
  return curvePoint(bar, session.drawing, 1);
}

describe('following the mouse (issue 27)', () => {
  it('every answer behind the mouse moves the drawing, and it reaches the cursor after the mouse stops', async () => {
    const drawing = chain(N, 2);
    drawing.view = { center: [60, 0], zoom: 8 };
    const editor = await openEditor({ drawing, clock: new SteppedClock(1) });
    const { page, session } = editor;
    try {
      const from = end(session);
      const target: Vec2 = [from[0] - 8, from[1] + 12];
      const frames = async () => page.evaluate(() => window.__curvewrightDebug!.frames());
      const before = (await frames()).length;
      const [x, y] = await toPage(page, from);
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) {
        const [px, py] = await toPage(page, [from[0] - i, from[1] + 1.5 * i]);
        await page.mouse.move(px, py);
      }
      // The mouse stops on the target, still pressed: the drawing gets there with no further motion.
      const [tx, ty] = await toPage(page, target);
      await page.mouse.move(tx, ty);
      // The page's last answer draws the grabbed point on the mouse (its lag: how far from it, mm).
      await expect
        .poll(async () => (await frames()).at(-1)?.lag ?? Infinity, { timeout: 20_000 })
        .toBeLessThanOrEqual(0.01);
      await idle(page);
      // The session's drawing has it there: the target, to within the mouse's pixel (1/8 mm).
      expect(dist(end(session), target)).toBeLessThan(0.1);
      const drawn = (await frames()).slice(before);
      const behind = drawn.filter((f) => (f.lag ?? 0) > 0.01);
      expect(behind.length).toBeGreaterThan(0);
      // Not one answer while behind left the picture as it was.
      expect(behind.filter((f) => f.moved === 0)).toEqual([]);
      await page.mouse.up();
      await idle(page);
      expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
    } finally {
      await editor.close();
    }
  });
});
