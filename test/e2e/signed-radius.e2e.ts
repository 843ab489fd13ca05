// Issue 27 with the real mouse: an arc's rim dragged through its centre (the engine then holds a negative radius)
// is shown and edited as its size — the Properties panel, the double-click's value editor and the Radius tool say
// 10, never −10, and setting the arc to its own size moves neither end.

import { afterAll, describe, expect, it } from 'vitest';
import {
  emptyDrawing,
  type ArcCurve,
  type Constraint,
  type Drawing,
  type Vec2,
} from '../../src/shared/drawing';
import { sizedForm } from '../../src/shared/curve-sizes';
import { formatValue } from '../../src/shared/units';
import { openEditor, shutdown } from './harness';
import { click, idle, press, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

const M = 10 * Math.SQRT1_2;

/** An arc of radius 10, a quarter turn from 0°, its centre pinned at the origin. */
function quarterArc(): Drawing {
  const d = emptyDrawing();
  d.curves.push({ id: 'a', kind: 'arc', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 });
  d.constraints.push({ id: 'pa', kind: 'pin', point: { curve: 'a', anchor: 'center' }, at: [0, 0] });
  d.view = { center: [0, 0], zoom: 6 };
  return d;
}

const ends = (a: ArcCurve): Vec2[] =>
  [a.start, a.start + a.sweep].map((t) => [
    a.center[0] + a.radius * Math.cos(t),
    a.center[1] + a.radius * Math.sin(t),
  ]);

describe('a radius dragged through zero', () => {
  it('is shown and edited as its size; its own size moves nothing', async () => {
    const editor = await openEditor({ drawing: quarterArc() });
    const { page, session } = editor;
    const arc = () => session.drawing.curves.find((c) => c.id === 'a') as ArcCurve;
    const field = (name: string) => page.locator(`.properties input[data-field="${name}"]`);
    const hint = () => page.locator('[data-status="hint"]').textContent();
    try {
      await idle(page);
      // The arc's middle dragged straight through its centre to the other side.
      const from = await toPage(page, [M, M]);
      const to = await toPage(page, [-M, -M]);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 30 });
      await page.mouse.up();
      await idle(page);
      await expect.poll(() => arc().radius).toBeLessThan(-9.99);

      // Selected: the Properties panel reads its size, and the start turned with it (the same arc).
      await click(page, [-M, -M]);
      await expect.poll(() => field('radius').inputValue()).toBe('10');
      // (The start the drag left it at, turned by half a turn: about 180°, as far as the drag turned the arc.)
      const shownStart = formatValue('angle', sizedForm(arc()).start);
      expect(Math.abs(Number(shownStart) - 180)).toBeLessThan(5);
      expect(await field('start').inputValue()).toBe(shownStart);

      // Its own size typed into the panel (all its digits: the field shows it to the micrometre): nothing moves.
      const before = ends(arc());
      const own = String(-arc().radius);
      await field('radius').fill(own);
      await field('radius').press('Enter');
      await idle(page);
      const afterPanel = ends(arc());
      for (let i = 0; i < 2; i++)
        expect(Math.hypot(afterPanel[i][0] - before[i][0], afterPanel[i][1] - before[i][1])).toBeLessThan(
          1e-9,
        );

      // The double-click's value editor shows 10 too; its own size entered there moves nothing.
      const input = page.locator('input[data-field="dimension-value"]');
      const mid = await toPage(page, [-M, -M]);
      await page.mouse.dblclick(mid[0], mid[1]);
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await input.inputValue()).toBe('10');
      await input.fill(own);
      await input.press('Enter');
      await idle(page);
      const afterInline = ends(arc());
      for (let i = 0; i < 2; i++)
        expect(Math.hypot(afterInline[i][0] - before[i][0], afterInline[i][1] - before[i][1])).toBeLessThan(
          1e-9,
        );

      // The Radius tool on it: a radius of 10, added, nothing refused, nothing moved.
      await click(page, [-M, -M]);
      await press(page, 'tool:radius');
      await expect.poll(() => session.drawing.constraints.some((k) => k.kind === 'radius')).toBe(true);
      const k = session.drawing.constraints.find((c) => c.kind === 'radius') as Extract<
        Constraint,
        { kind: 'radius' }
      >;
      expect(k.radius).toBeCloseTo(Number(own), 9);
      expect(await hint()).not.toMatch(/positive/);
      const afterTool = ends(arc());
      for (let i = 0; i < 2; i++)
        expect(Math.hypot(afterTool[i][0] - before[i][0], afterTool[i][1] - before[i][1])).toBeLessThan(1e-9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
