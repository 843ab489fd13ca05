// Issue 27, end to end: a parallelogram four-bar (crank 20, coupler 60, rocker 20, ground 60) whose crank the
// real mouse drags through its change point — the pose where every link lies in line and the parallelogram and
// antiparallelogram branches cross — stays a parallelogram: the coupler parallel to the ground, the rocker to the
// crank.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { polar } from '../../src/mechanisms/assembly';
import { barAngle, fourBarDrawing, offParallel } from '../../src/mechanisms/test-support/four-bar';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';
import { idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const DEG = Math.PI / 180;
/** Where the mouse holds the crank: three quarters along it from its pivot (clear of the coupler's joint). */
const GRIP = 15;

const offParallelIn = (d: Drawing) => offParallel((id) => barAngle(d, id));

async function mouseTo(page: Page, p: Vec2): Promise<void> {
  const [x, y] = await toPage(page, p);
  await page.mouse.move(x, y);
  await idle(page);
}

describe('a parallelogram dragged through its change point', () => {
  it('stays a parallelogram, through the pose where its links lie in line and on past it', async () => {
    const drawing = fourBarDrawing({ ground: 60, crank: 20, coupler: 60, rocker: 20 }, 150 * DEG, {
      title: 'Parallelogram',
      side: 1,
      motor: false,
    });
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await page.keyboard.press('f');
      await idle(page);
      expect(offParallelIn(session.drawing)).toBeLessThan(1e-9);
      await mouseTo(page, polar([0, 0], GRIP, 150 * DEG));
      await page.mouse.down();
      // Round the crank's circle to the change point (the crank at 180°, every link on the ground line)…
      const seen: { crank: number; off: number }[] = [];
      const follow = async (degrees: number) => {
        await mouseTo(page, degrees === 180 ? [-GRIP, 0] : polar([0, 0], GRIP, degrees * DEG));
        await expect
          .poll(() => Math.abs(barAngle(session.drawing, 'crank') / DEG - degrees))
          .toBeLessThan(0.5);
        seen.push({ crank: barAngle(session.drawing, 'crank') / DEG, off: offParallelIn(session.drawing) });
      };
      for (let a = 155; a <= 180; a += 5) await follow(a);
      expect(session.dragging).toBe(true);
      // …and on past it.
      for (let a = 185; a <= 215; a += 5) await follow(a);
      await page.mouse.up();
      await idle(page);
      for (const { off } of seen) expect(off).toBeLessThan(1e-7);
      expect(Math.abs(barAngle(session.drawing, 'crank') / DEG - 215)).toBeLessThan(0.5);
      expect(offParallelIn(session.drawing)).toBeLessThan(1e-7);
      expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
