import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../shared/contract';
import { emptyDrawing } from '../shared/drawing';
import { DEFAULT_MM_PER_PIXEL } from '../shared/place-image';
import { testClock } from '../shared/test-support/clock';
import { gridPng, makePng } from '../document/test-support/png';
import { diskStore } from './disk-store';
import { FileFlow } from './file-flow';
import { Session } from './session';
import { ScriptedUi } from './test-support/scripted-ui';

const dir = mkdtempSync(join(tmpdir(), 'place-image-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function setup() {
  const session = new Session({ clock: testClock() });
  const ui = new ScriptedUi();
  const changed: Snapshot[] = [];
  const flow = new FileFlow(
    session,
    ui,
    diskStore(),
    { changed: (s) => changed.push(s), touched: () => undefined },
    () => emptyDrawing(),
  );
  return { session, ui, flow, changed };
}

describe('File ▸ Place Image…', () => {
  it('places a PNG at the middle of the view, 96 dpi or the density it says, as one undoable edit', async () => {
    const { session, ui, flow, changed } = setup();
    session.edit({ type: 'add', curves: [{ kind: 'point', id: 'p1', at: [0, 0] }] });
    ui.imagePaths.push(file('grid.png', gridPng(300, 200, 10)));
    expect(await flow.placeImage()).toBe(true);
    const [image] = session.drawing.images!;
    expect(image).toMatchObject({ id: 'image1', name: 'grid.png', media: 'image/png', pixels: [300, 200] });
    expect(image.center).toEqual(session.drawing.view.center);
    expect(image.width).toBeCloseTo(300 * DEFAULT_MM_PER_PIXEL, 12);
    expect(changed.at(-1)!.notice).toBe('Placed grid.png: 300 × 200 pixels, 79.375 mm wide');
    // Dropped on the window (opened by path): placed, the drawing kept; a pHYs of 10 px/mm says 30 mm.
    expect(await flow.open(file('scan.PNG', gridPng(300, 200, 10, { pixelsPerMetre: 10_000 })))).toBe(true);
    expect(session.drawing.images!.map((i) => [i.id, i.width])).toEqual([
      ['image1', image.width],
      ['image2', 30],
    ]);
    expect(session.drawing.curves).toHaveLength(1);
    session.undo();
    session.undo();
    expect(session.drawing.images).toBeUndefined();
    expect(session.drawing.curves).toHaveLength(1);
  });

  it('refuses what is not an image it takes in one line naming the file, adding nothing', async () => {
    const { session, ui, flow } = setup();
    const fake = file('fake.png', 'GIF89a not a png at all');
    ui.imagePaths.push(fake);
    expect(await flow.placeImage()).toBe(false);
    const png = gridPng(64, 64, 8);
    expect(await flow.open(file('cut.png', png.subarray(0, png.length - 20)))).toBe(false);
    expect(
      await flow.open(
        file(
          'huge.png',
          makePng(4097, 4097, () => [255, 255, 255]),
        ),
      ),
    ).toBe(false);
    expect(ui.errors).toEqual([
      `Could not place: not a PNG or JPEG image — ${fake}`,
      `Could not place: the image is truncated — ${join(dir, 'cut.png')}`,
      `Could not place: the image is too large (4097 × 4097 pixels; images are limited to 16777216 pixels) — ${join(dir, 'huge.png')}`,
    ]);
    expect(session.drawing.images).toBeUndefined();
    expect(session.snapshot(false).canUndo).toBe(false);
  });
});
