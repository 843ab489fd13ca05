// `curvewright export --images`: the reference images in an SVG, PDF or PNG export; never in a DXF.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliForTest as cli } from './test-support/cli-run';
import { saveDrawingFile } from '../document/file-io';
import { gridPng, imageRecord } from '../document/test-support/png';
import { readImage } from '../document/test-support/page-readers';
import { emptyDrawing } from '../shared/drawing';
import { EXIT_OK } from './run';

let dir = '';
let file = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-cli-images-'));
  file = join(dir, 'traced.curvewright');
  // A 30 × 30 pixel grid, a line every 10, 30 mm wide and opaque.
  const image = imageRecord(gridPng(30, 30, 10), { width: 30, opacity: 1 });
  await saveDrawingFile(file, { ...emptyDrawing(), images: [image] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('export --images', () => {
  it('puts the images in an SVG and a PNG only when asked, and never in a DXF', async () => {
    expect((await cli('export', file, '--format', 'svg', '--images')).raw).toContain('<image id="img1"');
    expect((await cli('export', file, '--format', 'svg')).raw).not.toContain('<image');
    const dxf = await cli('export', file, '--format', 'dxf', '--images');
    expect(dxf.code).toBe(EXIT_OK);
    expect(dxf.raw).not.toMatch(/IMAGE|base64/);
    const out = join(dir, 'traced.png');
    expect((await cli('export', file, '-o', out, '--dpi', '254', '--images')).code).toBe(EXIT_OK);
    const png = readImage(out);
    // 30 mm and the 5 mm margins at 10 pixels a mm; the grid's dark lines are there.
    expect([png.width, png.height]).toEqual([400, 400]);
    expect(png.grey.filter((v) => v < 60).length).toBeGreaterThan(1000);
    expect((await readFile(out)).length).toBeGreaterThan(0);
  });
});
