// The import's question through the real file flow, session and disk: a format that asks (points from CSV; a
// unitless file, by a stand-in format until the DXF reader lands) has the user asked once the file is read, by the
// file's name; the answer decides what comes in; Cancel adds nothing and says nothing.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { IMPORT_FORMATS, type ImportFormat } from '../document/import-formats';
import { emptySummary } from '../document/import-geometry/summary';
import type { Snapshot } from '../shared/contract';
import { emptyDrawing } from '../shared/drawing';
import { mmPerImportUnit } from '../shared/import-choices';
import { testClock } from '../shared/test-support/clock';
import { diskStore } from './disk-store';
import { FileFlow } from './file-flow';
import { Session } from './session';
import { ScriptedUi } from './test-support/scripted-ui';

const dir = mkdtempSync(join(tmpdir(), 'cw-import-question-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup() {
  const session = new Session({ clock: testClock(), drawing: emptyDrawing() });
  const ui = new ScriptedUi();
  const changed: Snapshot[] = [];
  const hooks = { changed: (s: Snapshot) => changed.push(s), touched: () => {} };
  const flow = new FileFlow(session, ui, diskStore(), hooks, emptyDrawing);
  return { session, ui, flow, changed };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A unitless format: "x y" is a segment from the origin to there, in the units the user chose. */
const UNITLESS: ImportFormat = {
  extensions: ['.unitless'],
  name: 'Unitless',
  question: () => 'units',
  read(text, options) {
    const mm = mmPerImportUnit(options.units);
    const [x, y] = text.split(' ').map(Number);
    const summary = { ...emptySummary(), curves: { segment: 1 } };
    return {
      curves: [{ kind: 'segment', id: 'c1', a: [0, 0], b: [x * mm, y * mm] }],
      constraints: [],
      summary,
    };
  },
};

describe("the import's question", () => {
  afterEach(() => {
    const i = IMPORT_FORMATS.indexOf(UNITLESS);
    if (i >= 0) IMPORT_FORMATS.splice(i, 1);
  });

  it("asks a unitless file's units by its name and reads it in the answer; Cancel adds nothing", async () => {
    IMPORT_FORMATS.push(UNITLESS);
    const { session, ui, flow, changed } = setup();
    const path = file('plate.unitless', '2 1');
    ui.importPaths.push(path, path);
    ui.importAnswers.push({ units: 'in' }, null);
    expect(await flow.importFile()).toBe(true);
    expect(ui.importQuestions).toEqual(['units plate.unitless']);
    expect(session.drawing.curves).toMatchObject([{ kind: 'segment', a: [0, 0], b: [50.8, 25.4] }]);
    expect(changed.at(-1)!.notice).toBe('Imported plate.unitless: imported 1 segment');
    const revision = session.snapshot(false).revision;
    expect(await flow.importFile()).toBe(false);
    expect(ui.importQuestions).toHaveLength(2);
    expect(session.drawing.curves).toHaveLength(1);
    expect(session.snapshot(false).revision).toBe(revision);
    expect(changed).toHaveLength(1);
    expect(ui.errors).toEqual([]);
  });

  it('asks how points from CSV come in: a spline through them, or points; an SVG is not asked', async () => {
    const { session, ui, flow, changed } = setup();
    const csv = file('edge.csv', 'x,y\n0,0\n10,0\n10,0\n20,5\n');
    ui.importAnswers.push({ pointsAs: 'spline' }, { pointsAs: 'points' });
    expect(await flow.open(csv)).toBe(true);
    expect(session.drawing.curves).toMatchObject([
      {
        kind: 'spline',
        points: [
          [0, 0],
          [10, 0],
          [20, 5],
        ],
        closed: false,
      },
    ]);
    expect(changed.at(-1)!.notice).toBe(
      'Imported edge.csv: imported 1 spline; dropped 1 point closer than 0.001 mm to the one before',
    );
    expect(await flow.open(csv)).toBe(true);
    expect(session.drawing.curves.map((c) => c.kind)).toEqual(['spline', 'point', 'point', 'point']);
    expect(ui.importQuestions).toEqual(['points edge.csv', 'points edge.csv']);
    const svg = file('dot.svg', '<svg xmlns="http://www.w3.org/2000/svg"><line x2="1"/></svg>');
    expect(await flow.open(svg)).toBe(true);
    expect(ui.importQuestions).toHaveLength(2);
    // A bad file is one line after the question, nothing added.
    const bad = file('bad.csv', '1,2\n3,x\n');
    ui.importAnswers.push({ pointsAs: 'points' });
    expect(await flow.open(bad)).toBe(false);
    expect(ui.errors).toHaveLength(1);
    expect(ui.errors[0]).toMatch(
      /^Could not import: line 2: "x" is not a number \(column 2, y\) — .*bad\.csv$/,
    );
    expect(session.drawing.curves).toHaveLength(5);
  });
});
