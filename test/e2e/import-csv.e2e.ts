// Points from CSV from the app (issue 29), in Chromium through the real session host and supervisor: File ▸
// Import… a CSV, main's question (the harness's scripted dialog) answers how its points come in — a spline through
// them, which the real mouse then drags, or Cancel, which adds nothing and says nothing.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eDirs, openEditor, shutdown } from './harness';
import { drag, idle, statusHint } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** A measured edge: a header, a repeated row, semicolons with decimal commas. */
const EDGE = 'x;y\n10;10\n30;12,5\n30;12,5\n50;20\n70;15\n';

describe('points from CSV from the app', () => {
  it('File ▸ Import… a CSV asks how its points come in: Spline makes one spline, dragged; Cancel adds nothing', async () => {
    const dir = join(e2eDirs().tmp, 'import-csv');
    mkdirSync(dir, { recursive: true });
    const csv = join(dir, 'edge.csv');
    writeFileSync(csv, EDGE);
    const editor = await openEditor();
    const { page, session, fileUi } = editor;
    try {
      fileUi.importPaths.push(csv);
      fileUi.importAnswers.push({ pointsAs: 'spline', minSpacing: 0.001 });
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.curves.length).toBe(1);
      expect(fileUi.importQuestions).toEqual(['points edge.csv']);
      expect(session.drawing.curves[0]).toMatchObject({
        kind: 'spline',
        closed: false,
        points: [
          [10, 10],
          [30, 12.5],
          [50, 20],
          [70, 15],
        ],
      });
      await expect
        .poll(() => statusHint(page))
        .toBe('Imported edge.csv: imported 1 spline; dropped 1 point closer than 0.001 mm to the one before');

      // The spline is live: grabbed at its third point with the real mouse and pulled 10 mm down, it follows.
      await idle(page);
      await drag(
        page,
        [50, 20],
        [
          [50, 25],
          [50, 30],
        ],
      );
      await idle(page);
      const [pulled] = session.drawing.curves;
      expect(pulled.kind === 'spline' && pulled.points[2][1]).toBeGreaterThan(25);

      // Cancel: asked again, nothing added, no error. The import after it (as points) is served after it, so once
      // its 4 points are in, the cancelled one has had its turn: 1 + 4 curves, not more.
      const revision = session.snapshot(false).revision;
      fileUi.importPaths.push(csv, csv);
      fileUi.importAnswers.push(null, { pointsAs: 'points' });
      await editor.menu('file:import');
      await expect.poll(() => fileUi.importQuestions.length).toBe(2);
      await editor.menu('file:import');
      await expect.poll(() => session.drawing.curves.length).toBe(5);
      expect(fileUi.importQuestions).toEqual(['points edge.csv', 'points edge.csv', 'points edge.csv']);
      expect(session.drawing.curves.map((c) => c.kind)).toEqual([
        'spline',
        'point',
        'point',
        'point',
        'point',
      ]);
      // One edit each for the two imports made: the cancelled one made none.
      expect(session.snapshot(false).revision).toBe(revision + 1);
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
