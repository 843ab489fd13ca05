// Over-constraint a user can act on (issue 28), with the real mouse in Chromium: a redundant constraint is said at
// once with what already fixes it and one-click answers; a refusal's culprits are highlighted on the canvas and
// listed in full in the constraints panel while the status line says the gist; dimensions take the state colours;
// the solver's residuals and tensions are shown only on demand, in words.

import { afterAll, describe, expect, it } from 'vitest';
import { Session } from '../../src/session/session';
import { displayName } from '../../src/shared/display-names';
import { emptyDrawing, type Constraint, type Drawing, type Vec2 } from '../../src/shared/drawing';
import { GLYPH_STYLE } from '../../src/shared/style';
import { testClock } from '../../src/shared/test-support/clock';
import { end, pinnedSegment, start } from './drawings';
import { openEditor, shutdown } from './harness';
import { click, dimension, editDimension, idle, moveTo, press, statusHint } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** A closed loop of `n` segments of 20 mm (a regular polygon), each side's length a dimension, two corners pinned. */
function pinnedLoop(n: number): Drawing {
  const d = emptyDrawing();
  const r = 10 / Math.sin(Math.PI / n);
  const corner = (i: number): Vec2 => [
    r * Math.cos((2 * Math.PI * i) / n),
    r * Math.sin((2 * Math.PI * i) / n),
  ];
  d.view = { center: [0, 0], zoom: 3 };
  for (let i = 0; i < n; i++)
    d.curves.push({ kind: 'segment', id: `c${i + 1}`, a: corner(i), b: corner(i + 1) });
  for (let i = 0; i < n; i++)
    d.constraints.push({
      kind: 'attach',
      id: `j${i + 1}`,
      a: end(`c${i + 1}`),
      b: start(`c${((i + 1) % n) + 1}`),
    });
  for (let i = 0; i < n; i++)
    d.constraints.push({ kind: 'length', id: `L${i + 1}`, curve: `c${i + 1}`, length: 20 });
  d.constraints.push(
    { kind: 'pin', id: 'p1', point: start('c1'), at: corner(0) },
    { kind: 'pin', id: 'p2', point: start(`c${n / 2 + 1}`), at: corner(n / 2) },
  );
  return d;
}

/** The culprits the session itself names when refusing `command` (its own line, read by id). */
function refusedCulprits(drawing: Drawing, id: string, value: number): string[] {
  const session = new Session({ drawing: structuredClone(drawing), clock: testClock(), warmUp: false });
  try {
    session.edit({ type: 'set', id, field: 'length', value });
  } catch (error) {
    const ids = /\(([^()]*)\)$/.exec((error as Error).message)![1].split(', ');
    return drawing.constraints.filter((k) => ids.includes(k.id)).map((k) => k.id);
  }
  throw new Error('the session accepted the edit');
}

describe('over-constraint a user can act on', () => {
  it('a redundant constraint added is said at once, with what already fixes it; Make Reference and Remove are one click', async () => {
    const editor = await openEditor({ drawing: pinnedSegment() });
    const { page, session } = editor;
    const record = (id: string) => session.drawing.constraints.find((k) => k.id === id);
    try {
      // The Distance tool between the two pinned ends: the pins already fix that distance.
      await press(page, 'tool:distance');
      await click(page, [0, 0]);
      await click(page, [30, 0]);
      const added = session.drawing.constraints.at(-1)!;
      expect(added).toMatchObject({ kind: 'distance', length: 30 });
      // Said at once, with its one-click answers.
      await expect.poll(() => page.locator('[data-offer]').count()).toBe(2);
      const fixers = session.snapshot(false).status.redundantGroups!.find((g) => g.includes(added.id))!;
      const names = fixers.filter((id) => id !== added.id).map((id) => displayName(session.drawing, id));
      expect(names.length).toBeGreaterThan(0);
      await expect
        .poll(() => statusHint(page))
        .toBe(
          `distance 1 is redundant: ${names.join(', ')} already ${names.length > 1 ? 'fix' : 'fixes'} it`,
        );
      // What fixes it is listed and highlighted; the new dimension is drawn in the redundant colour, as a glyph is.
      await expect.poll(() => page.locator('[data-list="culprits"] li .id').allTextContents()).toEqual(names);
      await expect
        .poll(() => page.evaluate(() => window.__curvewrightDebug!.overlay().culprits))
        .toEqual(expect.arrayContaining(fixers.filter((id) => id !== added.id)));
      await expect
        .poll(() => page.evaluate((id) => window.__curvewrightDebug!.drawnColor(id), added.id))
        .toBe(GLYPH_STYLE.sketch.redundantColor);
      // One click: it measures instead of driving; the notice is done with.
      await page.locator('[data-offer="reference"]').click();
      await idle(page);
      expect(record(added.id)).toMatchObject({ reference: true });
      expect(await page.locator('[data-offer]').count()).toBe(0);
      expect(await page.locator('[data-list="culprits"] li').count()).toBe(0);

      // A horizontal on the segment both pins already keep level: Remove takes it away again.
      await press(page, 'tool:horizontal');
      await click(page, [8, 0]);
      const level = session.drawing.constraints.at(-1)!;
      expect(level.kind).toBe('horizontal');
      await expect
        .poll(() => statusHint(page))
        .toMatch(/^horizontal 1 is redundant: .* already fix(es)? it$/);
      // Not a dimension: nothing to make a reference of.
      expect(await page.locator('[data-offer="reference"]').count()).toBe(0);
      await page.locator('[data-offer="remove"]').click();
      await idle(page);
      expect(record(level.id)).toBeUndefined();
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it("a refusal's culprits are highlighted and listed in full; the status line says the gist, whole", async () => {
    const drawing = pinnedLoop(8);
    const editor = await openEditor({ drawing, width: 1280, height: 800 });
    const { page, session } = editor;
    try {
      // One side far longer than the loop can take between its pinned corners.
      const culprits = refusedCulprits(drawing, 'L1', 200);
      expect(culprits.length).toBeGreaterThan(8);
      const names = culprits.map((id) => displayName(session.drawing, id));
      await editDimension(page, 'L1', '200');
      const hint = page.locator('[data-status="hint"]');
      const gist = await statusHint(page);
      // The gist: what could not be, which curves, how many in the way — no "length 1 length 200:" lead-in.
      expect(gist).toMatch(
        new RegExp(
          `^length 1 cannot be 200 mm: segment \\d, segment \\d, segment \\d and \\d more cannot close — ` +
            `${culprits.length} constraints in the way, listed under Constraints$`,
        ),
      );
      expect(gist).not.toContain('length 1 length');
      // Whole: nothing of it is cut off.
      expect(await hint.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      // Every culprit listed by the name the panels use, and highlighted on the canvas with the curves it holds.
      await expect.poll(() => page.locator('[data-list="culprits"] li .id').allTextContents()).toEqual(names);
      // (The dimension just edited is selected, so drawn in the selection's colour instead.)
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toEqual(['L1']);
      const highlighted = await page.evaluate(() => window.__curvewrightDebug!.overlay().culprits);
      const others = culprits.filter((id) => id !== 'L1');
      expect(highlighted).toEqual(expect.arrayContaining([...others, 'c1', 'c2', 'c3', 'c4']));
      expect(session.drawing.constraints.find((k) => k.id === 'L1')).toMatchObject({ length: 20 });
      // A click on paper is the next action: the gist, the list and the highlights go.
      await click(page, [0, 60]);
      expect(await statusHint(page)).not.toContain('cannot');
      expect(await page.locator('[data-list="culprits"] li').count()).toBe(0);
      await expect.poll(() => page.evaluate(() => window.__curvewrightDebug!.overlay().culprits)).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('residuals and tensions are shown only on demand, in words; a hovered constraint is named as the panels name it', async () => {
    const drawing = pinnedSegment();
    const length: Constraint = { kind: 'length', id: 'k23', curve: 'c1', length: 30 };
    drawing.constraints.push(length);
    const editor = await openEditor({ drawing });
    const { page } = editor;
    const tooltip = () => page.evaluate(() => window.__curvewrightDebug!.overlay().tooltip);
    try {
      await idle(page);
      const row = page.locator('ul.constraints li[data-id="k23"]');
      await expect.poll(() => row.locator('.id').textContent()).toBe('length 1');
      expect(await row.locator('.residual').textContent()).toBe('');
      expect(await row.locator('.tension').textContent()).toBe('');
      expect(await page.locator('[data-status="residual"]').isVisible()).toBe(false);
      // Hovering the dimension's value: its name and whether it holds, no id, no raw measures.
      await moveTo(page, (await dimension(page, 'k23')).at);
      await expect.poll(tooltip).toBe('length 1: holds; others already fix it');
      // View ▸ Solver Details: the error and the force, said as such.
      await editor.menu('view:solver-details');
      expect((await editor.menuItem('view:solver-details')).checked).toBe(true);
      await expect.poll(() => row.locator('.residual').textContent()).toBe('error 0');
      expect(await row.locator('.tension').textContent()).toBe('force 0');
      await page.mouse.move(5, 5);
      await moveTo(page, (await dimension(page, 'k23')).at);
      await expect.poll(tooltip).toBe('length 1: holds; others already fix it · error 0 · force 0');
      await expect.poll(() => page.locator('[data-status="residual"]').textContent()).toBe('largest error 0');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
