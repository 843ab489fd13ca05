// Play and Reset as a user meets them (issue 17): an example opens as an untitled copy, playing it leaves it saved
// (no unsaved marker), an edit made while playing keeps Reset available, and Reset returns to the pose at Play
// keeping the edit and saying so in the status bar; with no motor running, Play says there is nothing to play.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Curve, Drawing } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { NOTHING_TO_PLAY } from '../../src/mechanisms';
import { ROOT, openEditor, shutdown } from './harness';
import { idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

const EXAMPLE = join(ROOT, 'resources/examples/crank-rocker.curvewright');

function crankAngle(d: Drawing): number {
  const crank = d.curves.find((c) => c.id === 'crank') as Extract<Curve, { kind: 'bar' }> | undefined;
  if (crank?.kind !== 'bar') throw new Error('no crank');
  return crank.angle;
}

describe('play and reset', () => {
  it('an example played stays saved; an edit while playing keeps Reset, which keeps the edit and says so', async () => {
    const editor = await openEditor({ examples: [{ title: 'Crank Rocker', path: EXAMPLE }] });
    const { page, session } = editor;
    try {
      await page.locator('button', { hasText: 'Crank Rocker' }).click();
      await expect.poll(() => session.drawing.curves.length).toBeGreaterThan(0);
      await idle(page);
      // An untitled copy: no file, named by its title, not unsaved.
      expect(session.path).toBeNull();
      expect(await page.title()).not.toContain('•');
      const atPlay = crankAngle(session.drawing);

      const play = page.locator('button[data-action="play"]');
      await play.click();
      await expect.poll(() => session.playStatus().frame, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
      await play.click();
      await idle(page);
      expect(session.dirty).toBe(false);
      expect(await page.title()).not.toContain('•');

      // An edit while it is paused mid-play: a point drawn on empty paper with the real mouse.
      await page.keyboard.press('p');
      const canvas = await page.locator('#canvas').boundingBox();
      await page.mouse.click(canvas!.x + 40, canvas!.y + 40);
      await idle(page);
      expect(session.drawing.curves.filter((c) => c.kind === 'point')).toHaveLength(2);
      const reset = page.locator('button[data-action="reset"]');
      expect(await reset.isEnabled()).toBe(true);
      await reset.click();
      await idle(page);
      expect(crankAngle(session.drawing)).toBe(atPlay);
      expect(session.drawing.curves.filter((c) => c.kind === 'point')).toHaveLength(2);
      await expect
        .poll(() => page.locator('[data-status="play-notice"]').textContent())
        .toBe('Back to the pose at Play; the edit made while playing was kept.');
    } finally {
      await editor.close();
    }
  });

  it('with no motor running, Play does not start and says so', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    try {
      await page.keyboard.press('k');
      await idle(page);
      expect(session.playStatus().state).toBe('stopped');
      await expect
        .poll(() => page.locator('[data-status="play-notice"]').textContent())
        .toBe(NOTHING_TO_PLAY);
    } finally {
      await editor.close();
    }
  });
});
