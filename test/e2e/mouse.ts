// The real mouse and keyboard in drawing millimetres, for the sketcher's end-to-end specs: every move goes to the
// page point the renderer's own view transform gives (the debug hook's toPage), and every action waits until the
// session has answered all it was sent (the hook's idle), so what a spec reads next is settled.

import type { Page } from 'playwright-core';
import { spec, type ActionName } from '../../src/shared/actions';
import type { Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';

export const idle = (page: Page): Promise<void> => page.evaluate(() => window.__curvewrightDebug!.idle());

export const toPage = (page: Page, p: Vec2): Promise<Vec2> =>
  page.evaluate((q) => window.__curvewrightDebug!.toPage(q), p);

export async function moveTo(page: Page, p: Vec2): Promise<Vec2> {
  const [x, y] = await toPage(page, p);
  await page.mouse.move(x, y);
  return [x, y];
}

export type Modifier = 'Shift' | 'Alt' | 'Control';

/**
 * Moves to `p` (so hover and the snap marker update first) and clicks there, the modifier keys held if asked (Alt:
 * no snapping; Shift or Control: add to the selection).
 */
export async function click(
  page: Page,
  p: Vec2,
  modifiers: Modifier | readonly Modifier[] = [],
): Promise<void> {
  const held = typeof modifiers === 'string' ? [modifiers] : modifiers;
  const [x, y] = await moveTo(page, p);
  for (const m of held) await page.keyboard.down(m);
  await page.mouse.click(x, y);
  for (const m of held) await page.keyboard.up(m);
  await idle(page);
}

/** Presses at `from` and drags through `path` (drawing points) with real mouse moves, then releases. */
export async function drag(page: Page, from: Vec2, path: readonly Vec2[]): Promise<void> {
  const [x, y] = await toPage(page, from);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const p of path) {
    const [px, py] = await toPage(page, p);
    await page.mouse.move(px, py, { steps: 2 });
  }
  await page.mouse.up();
  await idle(page);
}

/** Presses an action's first key, as playwright names it ('Shift+L'; Electron's CmdOrCtrl is Control here). */
export async function press(page: Page, action: ActionName): Promise<void> {
  await page.keyboard.press(spec(action).shortcuts![0].replace('CmdOrCtrl', 'Control'));
  await idle(page);
}

/** A dimension as the canvas draws it now: the centre of its value (mm) and its text. */
export async function dimension(page: Page, id: string): Promise<{ at: Vec2; text: string }> {
  const d = await page.evaluate((k) => window.__curvewrightDebug!.dimension(k), id);
  if (!d) throw new Error(`no dimension ${id} on the canvas`);
  return d;
}

/** Double-clicks a dimension's value, types `value` into the input that opens, and presses Enter. */
export async function editDimension(page: Page, id: string, value: string): Promise<void> {
  const [x, y] = await toPage(page, (await dimension(page, id)).at);
  const input = page.locator('input[data-field="dimension-value"]');
  await page.mouse.dblclick(x, y);
  await input.waitFor({ state: 'visible', timeout: 5000 }).catch(() => {
    throw new Error(`double-clicking dimension ${id} opened no input`);
  });
  await input.fill(value);
  await input.press('Enter');
  await idle(page);
}

/** The status bar's hint (or the last message). */
export const statusHint = async (page: Page): Promise<string> =>
  (await page.locator('[data-status="hint"]').textContent()) ?? '';
