// The window's chrome end to end (issue 17): the toolbar is one row of icons at 1,280 px, each with a tooltip
// naming its shortcut from the action table; the window follows the OS's dark theme, canvas included; the
// shortcut sheet opens on `?` and lists every action.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTION_NAMES, shortcutText, spec } from '../../src/shared/actions';
import type {} from '../../src/renderer/debug-hook';
import { join } from 'node:path';
import { openEditor, ROOT, shutdown } from './harness';
import { idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

describe('toolbar', () => {
  it('is one row of icon buttons at 1280×800, each with a tooltip naming its shortcut', async () => {
    const editor = await openEditor({ width: 1280, height: 800 });
    const { page } = editor;
    try {
      await idle(page);
      const buttons = await page.$$eval('#toolbar button', (nodes) =>
        nodes.map((node) => {
          const b = node as HTMLButtonElement;
          const r = b.getBoundingClientRect();
          return {
            name: b.getAttribute('aria-label') ?? b.textContent ?? '',
            tool: b.dataset.tool ?? null,
            title: b.title,
            svg: b.querySelector('svg') !== null,
            top: r.top,
            bottom: r.bottom,
            right: r.right,
            visible: r.width > 0,
          };
        }),
      );
      const bar = await page.$eval('#toolbar', (node) => {
        const r = node.getBoundingClientRect();
        return { height: r.height, right: r.right };
      });
      expect(buttons.length).toBeGreaterThan(30);
      // One row: every button at the same height, none past the window's edge, the bar one button high.
      const tops = new Set(buttons.map((b) => Math.round(b.top)));
      expect([...tops]).toHaveLength(1);
      expect(Math.max(...buttons.map((b) => b.right))).toBeLessThanOrEqual(bar.right);
      expect(bar.height).toBeLessThan(2 * (buttons[0].bottom - buttons[0].top));
      for (const b of buttons) {
        expect(b.svg, b.name).toBe(true);
        expect(b.visible, b.name).toBe(true);
      }
      // Every tool's button (on the bar or in its "more" menu) has its label and first shortcut as the tooltip.
      const tools = await page.$$eval('button[data-tool]', (nodes) =>
        nodes.map((b) => ({ tool: (b as HTMLElement).dataset.tool!, title: (b as HTMLElement).title })),
      );
      const toolActions = ACTION_NAMES.filter((name) => name.startsWith('tool:'));
      expect(tools.map((t) => `tool:${t.tool}`).sort()).toEqual([...toolActions].sort());
      for (const { tool, title } of tools) {
        const { label, shortcuts } = spec(`tool:${tool}` as (typeof toolActions)[number]);
        expect(title).toBe(`${label} (${shortcutText(shortcuts![0])})`);
      }
      const undo = buttons.find((b) => b.name === 'Undo');
      expect(undo?.title).toBe(`Undo (${shortcutText(spec('edit:undo').shortcuts![0])})`);

      // A rarer constraint tool, from the "more" menu, with the real mouse.
      await page.locator('button[data-action="more"]').click();
      await page.locator('.overflow-menu button[data-tool="concentric"]').click();
      await idle(page);
      expect(await page.evaluate(() => window.__curvewrightDebug!.tool())).toMatch(/^concentric/);
      expect(await page.locator('.overflow-menu').isHidden()).toBe(true);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

/** The luminance (0–1) of the paper's pixel at the canvas's top-left area, read from the grid layer's canvas. */
async function paperLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('#canvas canvas') as HTMLCanvasElement;
    const [r, g, b] = canvas.getContext('2d')!.getImageData(3, 3, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

async function panelLuminance(page: Page): Promise<number> {
  return page.$eval('#toolbar', (node) => {
    const [r, g, b] = getComputedStyle(node).backgroundColor.match(/\d+/g)!.map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

describe('colour scheme', () => {
  it("follows the OS's dark theme, canvas and chrome, switching live", async () => {
    const editor = await openEditor({ width: 1280, height: 800 });
    const { page } = editor;
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await idle(page);
      await expect.poll(() => paperLuminance(page)).toBeGreaterThan(0.9);
      expect(await panelLuminance(page)).toBeGreaterThan(0.9);

      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => paperLuminance(page)).toBeLessThan(0.2);
      expect(await panelLuminance(page)).toBeLessThan(0.2);

      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => paperLuminance(page)).toBeGreaterThan(0.9);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

describe('keyboard shortcut sheet', () => {
  it('opens on ? and from Help ▸ Keyboard Shortcuts, lists every action with its keys, closes on Esc', async () => {
    const editor = await openEditor({ width: 1280, height: 800 });
    const { page } = editor;
    const sheet = page.locator('[role="dialog"][aria-label="Keyboard Shortcuts"]');
    try {
      await idle(page);
      expect(await sheet.isVisible()).toBe(false);
      await page.locator('#canvas').click({ position: { x: 400, y: 300 } });
      await page.keyboard.press('?');
      await expect.poll(() => sheet.isVisible()).toBe(true);
      const rows = await sheet.locator('dt').evaluateAll((nodes) =>
        nodes.map((dt) => ({
          action: (dt as HTMLElement).dataset.action!,
          label: dt.textContent,
          keys: [...dt.nextElementSibling!.querySelectorAll('kbd')].map((k) => k.textContent),
        })),
      );
      expect(rows.map((r) => r.action).sort()).toEqual([...ACTION_NAMES].sort());
      for (const row of rows) {
        const { label, shortcuts } = spec(row.action as (typeof ACTION_NAMES)[number]);
        expect(row.label).toBe(label);
        expect(row.keys).toEqual((shortcuts ?? []).map(shortcutText));
      }
      // While it is open, keys are the sheet's: L does not switch tools; Esc closes it.
      await page.keyboard.press('l');
      expect(await page.evaluate(() => window.__curvewrightDebug!.tool())).toMatch(/^select/);
      await page.keyboard.press('Escape');
      await expect.poll(() => sheet.isVisible()).toBe(false);

      await editor.menu('help:shortcuts');
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => sheet.isVisible()).toBe(false);
      // The editor has the keys again.
      await page.keyboard.press('l');
      expect(await page.evaluate(() => window.__curvewrightDebug!.tool())).toMatch(/^segment/);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});

describe('start panel', () => {
  it('offers New, Open…, the examples and the recent files while the drawing is empty; main opens them by index', async () => {
    const example = join(ROOT, 'resources/examples/crank-rocker.curvewright');
    const editor = await openEditor({
      width: 1280,
      height: 800,
      examples: [{ title: 'Crank-rocker', path: example }],
    });
    const { page, session, fileUi } = editor;
    const panel = page.locator('.start-panel');
    try {
      await idle(page);
      await expect.poll(() => panel.isVisible()).toBe(true);
      await expect.poll(() => panel.locator('button[data-example="0"]').textContent()).toBe('Crank-rocker');
      expect(await panel.locator('button[data-recent]').count()).toBe(0);

      // Open… runs main's file flow (its dialog answers with the example's path); the panel goes with the emptiness.
      fileUi.openPaths.push(example);
      await panel.locator('button[data-action="open"]').click();
      await expect.poll(() => session.path).toBe(example);
      await expect.poll(() => panel.isVisible()).toBe(false);

      // The toolbar's New: empty again, and the file just opened is listed as recent, by name and folder.
      await page.locator('#toolbar button[data-action="new"]').click();
      await expect.poll(() => session.path).toBeNull();
      await expect.poll(() => panel.isVisible()).toBe(true);
      const recent = panel.locator('button[data-recent="0"]');
      await expect
        .poll(() => recent.textContent())
        .toBe(`crank-rocker.curvewright${join(ROOT, 'resources/examples')}`);
      await recent.click();
      await expect.poll(() => session.path).toBe(example);
      expect(session.drawing.curves.length).toBeGreaterThan(0);

      // An example opens as an untitled copy.
      await page.locator('#toolbar button[data-action="new"]').click();
      await expect.poll(() => panel.isVisible()).toBe(true);
      await panel.locator('button[data-example="0"]').click();
      await expect.poll(() => session.drawing.curves.length).toBeGreaterThan(0);
      expect(session.path).toBeNull();

      // Picking a drawing tool on an empty drawing puts the panel away; so does its close button.
      await page.locator('#toolbar button[data-action="new"]').click();
      await expect.poll(() => panel.isVisible()).toBe(true);
      await page.keyboard.press('c');
      await expect.poll(() => panel.isVisible()).toBe(false);
      await page.keyboard.press('v');
      await expect.poll(() => panel.isVisible()).toBe(true);
      await panel.locator('button[data-action="close-start"]').click();
      await expect.poll(() => panel.isVisible()).toBe(false);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
