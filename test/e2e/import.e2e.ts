// SVG import from the app (issue 29), with the real mouse and keyboard in Chromium: File ▸ Import… brings an
// outline in as exact curves at true size, its ends attached, as one undoable edit, and says what it brought in the
// status bar; the outline then moves as one under the mouse and goes out as DXF; an SVG dropped on the window is
// imported the same way.

import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWithEzdxf } from '../../src/document/test-support/dxf-reading';
import type { Curve, Drawing, Vec2 } from '../../src/shared/drawing';
import { dropFile } from './drop';
import { e2eDirs, openEditor, shutdown } from './harness';
import { paper } from './drawings';
import { drag, idle, press, statusHint, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** A plate 50 × 40 mm with one rounded corner (radius 10), and a label the import skips. */
const PLATE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="80mm" height="60mm" viewBox="0 0 80 60">' +
  '<path id="plate" d="M 10 10 L 60 10 L 60 40 A 10 10 0 0 1 50 50 L 10 50 Z"/>' +
  '<text x="20" y="30">plate</text></svg>';

const segment = (d: Drawing, a: Vec2, b: Vec2) =>
  d.curves.find(
    (c): c is Extract<Curve, { kind: 'segment' }> =>
      c.kind === 'segment' &&
      Math.hypot(c.a[0] - a[0], c.a[1] - a[1]) < 1e-9 &&
      Math.hypot(c.b[0] - b[0], c.b[1] - b[1]) < 1e-9,
  );

describe('SVG import from the app', () => {
  it('File ▸ Import… adds an outline, attached, undoable; dragged it moves as one; it exports as DXF', async () => {
    const dir = join(e2eDirs().tmp, 'import');
    mkdirSync(dir, { recursive: true });
    const svg = join(dir, 'plate.svg');
    writeFileSync(svg, PLATE);
    const editor = await openEditor();
    const { page, session, fileUi } = editor;
    try {
      fileUi.importPaths.push(svg);
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.curves.length).toBe(5);
      expect(session.drawing.curves.map((c) => c.kind).sort()).toEqual([
        'arc',
        'segment',
        'segment',
        'segment',
        'segment',
      ]);
      expect(session.drawing.constraints.filter((k) => k.kind === 'attach')).toHaveLength(5);
      const top = segment(session.drawing, [10, 10], [60, 10]);
      expect(top).toBeDefined();
      // Named by the path's id, as the canvas shows them.
      expect(session.drawing.curves.map((c) => c.name)).toEqual([
        'plate 1',
        'plate 2',
        'plate 3',
        'plate 4',
        'plate 5',
      ]);
      await expect
        .poll(() => statusHint(page))
        .toBe('Imported plate.svg: imported 4 segments, 1 arc and 5 attachments; skipped: 1 text');

      // The top edge grabbed in its middle with the real mouse and pulled 8 mm up: the outline goes with it, its
      // corners still joined (the attachments), its arc still of radius 10.
      await idle(page);
      await drag(
        page,
        [35, 10],
        [
          [35, 6],
          [35, 2],
        ],
      );
      await idle(page);
      const moved = session.drawing.curves.find((c) => c.id === top!.id) as Extract<
        Curve,
        { kind: 'segment' }
      >;
      expect(moved.a[1]).toBeLessThan(5);
      const residual = session.snapshot(false).status?.maxResidual ?? 1;
      expect(residual).toBeLessThan(1e-9);
      const arc = session.drawing.curves.find((c) => c.kind === 'arc') as Extract<Curve, { kind: 'arc' }>;
      expect(Math.abs(arc.radius)).toBeCloseTo(10, 6);

      // Out as DXF: ezdxf audits it and reads 4 lines and the arc.
      const dxf = join(dir, 'plate.dxf');
      rmSync(dxf, { force: true });
      fileUi.savePaths.push(dxf);
      await press(page, 'file:export');
      await page.locator('.export-dialog [data-field="format"]').selectOption('dxf');
      await page.locator('.export-dialog [data-action="export"]').click();
      await expect.poll(() => existsSync(dxf)).toBe(true);
      const reading = readWithEzdxf(readFileSync(dxf, 'utf8'));
      expect(reading.audit).toEqual({ errors: [], fixes: [] });
      expect(reading.entities.map((e) => e.type).sort()).toEqual(['ARC', 'LINE', 'LINE', 'LINE', 'LINE']);

      // The import is one undo step: after the drag's, Undo takes every imported curve away.
      await press(page, 'edit:undo');
      await press(page, 'edit:undo');
      await expect.poll(() => session.drawing.curves.length).toBe(0);
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('imported curves are selected and brought into view; a view that shows them whole is kept', async () => {
    const dir = join(e2eDirs().tmp, 'import-view');
    mkdirSync(dir, { recursive: true });
    const svg = join(dir, 'plate.svg');
    writeFileSync(svg, PLATE);
    // The paper 2 m away from where the plate comes in.
    const editor = await openEditor({ drawing: paper([2000, 2000], 4) });
    const { page, session, fileUi } = editor;
    const onCanvas = async (p: Vec2) => {
      const [x, y] = await toPage(page, p);
      const box = (await page.locator('canvas').first().boundingBox())!;
      return x >= box.x && y >= box.y && x <= box.x + box.width && y <= box.y + box.height;
    };
    try {
      fileUi.importPaths.push(svg);
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.curves.length).toBe(5);
      await idle(page);
      const ids = session.drawing.curves.map((c) => c.id).sort();
      expect((await page.evaluate(() => window.__curvewrightDebug!.selection())).sort()).toEqual(ids);
      for (const corner of [
        [10, 10],
        [60, 10],
        [60, 40],
        [10, 50],
      ] as Vec2[])
        expect(await onCanvas(corner)).toBe(true);
      // Imported again, where the view already shows it whole: the view stays.
      const before = await toPage(page, [10, 10]);
      fileUi.importPaths.push(svg);
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.curves.length).toBe(10);
      await idle(page);
      expect(await toPage(page, [10, 10])).toEqual(before);
      expect(await page.evaluate(() => window.__curvewrightDebug!.selection())).toHaveLength(5);
    } finally {
      await editor.close();
    }
  });

  it('an SVG dropped on the window is imported into the drawing; a broken one is one line, nothing added', async () => {
    // The harness's stand-in for Electron's getPathForFile: a dropped file is <tmp>/dropped/<name> (file-drop.e2e.ts).
    const dir = join(e2eDirs().tmp, 'dropped');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'plate.svg'), PLATE);
    writeFileSync(join(dir, 'torn.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><path d="M 1 1 L"/>');
    const editor = await openEditor();
    const { page, session, fileUi } = editor;
    try {
      await dropFile(page, 'plate.svg');
      await expect.poll(() => session.drawing.curves.length).toBe(5);
      expect(session.path).toBeNull();
      await dropFile(page, 'torn.svg');
      await expect.poll(() => fileUi.errors.length).toBe(1);
      expect(fileUi.errors[0]).toMatch(/^Could not import: .*torn\.svg/);
      expect(fileUi.errors[0]).not.toContain('\n');
      expect(session.drawing.curves).toHaveLength(5);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
