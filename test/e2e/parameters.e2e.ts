// Parameters with the real mouse and keyboard (issue 31): Add in the Parameters panel makes p1 = 10 mm; "= 2*p1"
// typed as a distance's value drives it; a new value of p1 typed in the panel moves the dimension and the
// geometry; Ctrl+Z puts p1, the dimension and the geometry back.

import { afterAll, describe, expect, it } from 'vitest';
import { emptyDrawing, type Constraint, type Curve, type Drawing } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';
import { idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** s: a segment pinned at its start, along x, its length the distance d (40 mm). */
function pinnedSegment(): Drawing {
  const drawing = emptyDrawing();
  drawing.curves.push({ id: 's', kind: 'segment', a: [0, 0], b: [40, 0] });
  const end = (anchor: 'start' | 'end') => ({ curve: 's', anchor });
  drawing.constraints.push(
    { id: 'pin', kind: 'pin', point: end('start'), at: [0, 0] },
    { id: 'h', kind: 'horizontal', a: end('start'), b: end('end') },
    { id: 'd', kind: 'distance', a: end('start'), b: end('end'), length: 40 },
  );
  drawing.view = { center: [20, 0], zoom: 6 };
  return drawing;
}

describe('parameters', () => {
  it('a parameter added in the panel drives a distance typed as "= 2*p1"; editing it moves the geometry; undo', async () => {
    const { page, session } = await openEditor({ drawing: pinnedSegment() });
    const distance = () =>
      session.drawing.constraints.find((k) => k.id === 'd') as Extract<Constraint, { kind: 'distance' }>;
    const end = () => (session.drawing.curves[0] as Extract<Curve, { kind: 'segment' }>).b;
    await idle(page);

    await page.locator('button[data-action="add-parameter"]').click();
    await expect.poll(() => session.drawing.parameters?.length ?? 0).toBe(1);
    expect(session.drawing.parameters![0]).toMatchObject({ name: 'p1', value: 10, unit: 'mm' });
    const row = page.locator('ul.parameters li').first();
    await expect.poll(() => row.locator('input.value').inputValue()).toBe('10');

    const shown = await page.evaluate(() => window.__curvewrightDebug!.dimension('d'));
    const at = await toPage(page, shown!.at);
    const input = page.locator('input[data-field="dimension-value"]');
    await page.mouse.dblclick(at[0], at[1]);
    await expect.poll(() => input.isVisible()).toBe(true);
    await input.fill('= 2*p1');
    await input.press('Enter');
    await idle(page);
    await expect.poll(() => distance().length).toBe(20);
    expect(distance().expression).toBe('= 2*p1');
    expect(end()[0]).toBeCloseTo(20, 6);
    expect((await page.evaluate(() => window.__curvewrightDebug!.dimension('d')))!.text).toBe('20 = 2*p1');

    const value = row.locator('input.value');
    await value.click();
    await value.fill('15');
    await value.press('Enter');
    await idle(page);
    await expect.poll(() => distance().length).toBe(30);
    expect(session.drawing.parameters![0].value).toBe(15);
    expect(end()[0]).toBeCloseTo(30, 6);
    expect(end()[1]).toBeCloseTo(0, 6);

    await page.keyboard.press('Control+z');
    await idle(page);
    await expect.poll(() => session.drawing.parameters![0].value).toBe(10);
    expect(distance().length).toBe(20);
    expect(end()[0]).toBeCloseTo(20, 6);
    await expect.poll(() => row.locator('input.value').inputValue()).toBe('10');
  });
});
