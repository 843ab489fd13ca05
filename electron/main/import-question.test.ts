import { describe, expect, it, vi } from 'vitest';
import { IMPORT_UNITS, POINTS_AS } from '../../src/shared/import-choices';

// The import's question as a native message box, with `electron` mocked: each button is one answer of the shared
// lists, the last is Cancel (and Escape), and the file is named.
const shown: { message: string; detail?: string; buttons: string[]; defaultId: number; cancelId: number }[] =
  [];
let response = 0;
vi.mock('electron', () => ({
  dialog: {
    showMessageBox: vi.fn(async (...args: unknown[]) => {
      shown.push(args.at(-1) as (typeof shown)[number]);
      return { response };
    }),
  },
}));

const { electronFileUi } = await import('./files');

describe("the import's question", () => {
  const ui = electronFileUi(() => null);

  it('asks how points from CSV come in: Points, Spline through them, Data to fit, or Cancel, the spacing said', async () => {
    shown.length = 0;
    const answers = [];
    for (response = 0; response < 4; response++)
      answers.push(await ui.askImportOptions('points', 'edge.csv'));
    expect(answers).toEqual([
      { pointsAs: 'points', minSpacing: 0.001 },
      { pointsAs: 'spline', minSpacing: 0.001 },
      { pointsAs: 'data', minSpacing: 0.001 },
      null,
    ]);
    expect(shown[0]).toMatchObject({
      message: 'Import the points of edge.csv as:',
      detail: 'A point closer than 0.001 mm to the one before it is dropped (a duplicate).',
      buttons: [...POINTS_AS.map((p) => p.label), 'Cancel'],
      defaultId: 0,
      cancelId: 3,
    });
  });

  it("asks a unitless file's units, millimetres first and the default, or Cancel", async () => {
    shown.length = 0;
    response = 3;
    expect(await ui.askImportOptions('units', 'plate.dxf')).toEqual({ units: 'in' });
    response = 5;
    expect(await ui.askImportOptions('units', 'plate.dxf')).toBeNull();
    expect(shown[0]).toMatchObject({
      message: 'plate.dxf has no units. Read its numbers as:',
      buttons: ['Millimetres', 'Centimetres', 'Metres', 'Inches', 'Feet', 'Cancel'],
      defaultId: 0,
      cancelId: IMPORT_UNITS.length,
    });
  });
});
