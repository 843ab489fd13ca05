// The import's question through the real file flow, session and disk: a format that asks (points from CSV; a DXF
// without units) has the user asked once the file is read, by the file's name; the answer decides what comes in;
// Cancel adds nothing and says nothing; a DXF that states its units is not asked.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dxfText, line } from '../document/test-support/dxf-text';
import type { Snapshot } from '../shared/contract';
import { emptyDrawing } from '../shared/drawing';
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

describe("the import's question", () => {
  it('asks a DXF without units its units by its name and reads it in the answer; Cancel adds nothing', async () => {
    const { session, ui, flow, changed } = setup();
    const path = file('plate.dxf', dxfText({ entities: [line([0, 0], [2, -1])] }));
    ui.importPaths.push(path, path);
    ui.importAnswers.push({ units: 'in' }, null);
    expect(await flow.importFile()).toBe(true);
    expect(ui.importQuestions).toEqual(['units plate.dxf']);
    // Inches, and the DXF's y up made the drawing's y down.
    expect(session.drawing.curves).toMatchObject([{ kind: 'segment', a: [0, 0], b: [50.8, 25.4] }]);
    expect(changed.at(-1)!.notice).toBe('Imported plate.dxf: imported 1 segment');
    const revision = session.snapshot(false).revision;
    expect(await flow.importFile()).toBe(false);
    expect(ui.importQuestions).toHaveLength(2);
    expect(session.drawing.curves).toHaveLength(1);
    expect(session.snapshot(false).revision).toBe(revision);
    expect(changed).toHaveLength(1);
    expect(ui.errors).toEqual([]);
  });

  it('a DXF that states its units ($INSUNITS) is read in them, not asked', async () => {
    const { session, ui, flow } = setup();
    const path = file('metric.dxf', dxfText({ insunits: 5, entities: [line([0, 0], [2, 0])] })); // 5: centimetres
    ui.importPaths.push(path);
    expect(await flow.importFile()).toBe(true);
    expect(ui.importQuestions).toEqual([]);
    expect(session.drawing.curves).toMatchObject([{ kind: 'segment', b: [20, 0] }]);
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
