// The PDF and PNG exports, read back by independent readers (poppler, Pillow: test-support/page-readers.ts): true
// size, curves kept as curves in the PDF, the dimensions' text, the chosen paper, the background, and the one-line
// refusals of a drawing too big for its paper or its resolution.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { DEFAULT_PDF_OPTIONS, DEFAULT_PNG_OPTIONS } from '../shared/page-options';
import { exportPdf, pdfLayout, PT_PER_MM } from './pdf-export';
import { exportPng, pngSize } from './png-export';
import { svgPage } from './svg-export';
import {
  longestDarkRunMm,
  pdfAsSvg,
  pdfPageSize,
  rasterisePdf,
  readImage,
} from './test-support/page-readers';

const dir = mkdtempSync(join(tmpdir(), 'cw-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 100 mm segment along x, a circle of radius 20 under it, and the segment's length as a dimension. */
function sample(length = 100): Drawing {
  const d = emptyDrawing();
  d.meta.title = 'Bracket';
  d.curves.push(
    { kind: 'segment', id: 'c1', a: [0, 0], b: [length, 0] },
    { kind: 'circle', id: 'c2', center: [length / 2, 30], radius: 20 },
  );
  d.constraints.push({
    kind: 'distance',
    id: 'k1',
    a: { curve: 'c1', anchor: 'start' },
    b: { curve: 'c1', anchor: 'end' },
    length,
  });
  return d;
}

const write = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('PDF export', () => {
  it('is the drawing at true size on a page its own size, its curves as curves, its dimensions as text', async () => {
    const drawing = sample();
    const path = write('drawing.pdf', await exportPdf(drawing, { ...DEFAULT_PDF_OPTIONS, dimensions: true }));
    const page = svgPage(drawing, { includeDimensions: true });
    const size = pdfPageSize(path);
    expect(size.width).toBeCloseTo(page.width * PT_PER_MM, 2);
    expect(size.height).toBeCloseTo(page.height * PT_PER_MM, 2);
    // At 254 dpi, 10 pixels a millimetre: the segment is 100 mm and its 0.25 mm stroke's round caps.
    const image = rasterisePdf(path, 254, dir);
    expect(longestDarkRunMm(image, 10)).toBeCloseTo(100.25, 0);
    // Vector: poppler reads the circle back as Bézier curves, and no picture anywhere.
    const vector = pdfAsSvg(path, dir);
    expect(vector).not.toContain('<image');
    expect((vector.match(/ C /g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).trim()).toBe('100');
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Title:\s+Bracket/);
  });

  it('puts the drawing at 1:1 in the middle of a chosen paper, turned when only landscape fits', async () => {
    const portrait = pdfPageSize(
      write('a4.pdf', await exportPdf(sample(), { ...DEFAULT_PDF_OPTIONS, page: 'A4' })),
    );
    // A4 in points, as pdfinfo names it: 595.276 × 841.89.
    expect(portrait).toEqual({ width: 595.276, height: 841.89 });
    const wide = write('a4-wide.pdf', await exportPdf(sample(250), { ...DEFAULT_PDF_OPTIONS, page: 'A4' }));
    expect(pdfPageSize(wide)).toEqual({ width: 841.89, height: 595.276 });
    // Still 1:1 on the paper: 250 mm at 10 pixels a millimetre.
    expect(longestDarkRunMm(rasterisePdf(wide, 254, dir), 10)).toBeCloseTo(250.25, 0);
    const layout = pdfLayout(260.25, 70.25, 'A4');
    expect(layout).toEqual({
      width: 297,
      height: 210,
      x: (297 - 260.25) / 2,
      y: (210 - 70.25) / 2,
      drawingWidth: 260.25,
      drawingHeight: 70.25,
    });
  });

  it('refuses a drawing larger than its paper in one line, naming both sizes', async () => {
    await expect(exportPdf(sample(400), { ...DEFAULT_PDF_OPTIONS, page: 'A4' })).rejects.toThrow(
      /^the drawing is 410\.25 × 60\.25 mm: it does not fit on A4 \(210 × 297 mm\) at 1:1$/,
    );
  });
});

describe('PNG export', () => {
  it('is the drawing at the chosen resolution on white, its size the page at that resolution', async () => {
    const drawing = sample();
    const page = svgPage(drawing);
    const image = readImage(write('300.png', await exportPng(drawing, DEFAULT_PNG_OPTIONS)));
    const size = pngSize(page.width, page.height, 300);
    expect(size.width).toBe(Math.round((page.width * 300) / 25.4));
    expect({ width: image.width, height: image.height }).toEqual(size);
    expect(image.mode).toBe('RGBA');
    expect([image.grey[0], image.alpha[0]]).toEqual([255, 255]);
    expect(longestDarkRunMm(image, 300 / 25.4)).toBeCloseTo(100.25, 0);
  });

  it('leaves the background transparent when asked, and draws at any resolution in range', async () => {
    const image = readImage(
      write(
        '96.png',
        await exportPng(sample(), { ...DEFAULT_PNG_OPTIONS, dpi: 96, background: 'transparent' }),
      ),
    );
    expect(image.alpha[0]).toBe(0);
    expect(longestDarkRunMm(image, 96 / 25.4)).toBeCloseTo(100.25, 0);
  });

  it('refuses an image beyond 100 megapixels in one line, before drawing it', async () => {
    await expect(exportPng(sample(1000), { ...DEFAULT_PNG_OPTIONS, dpi: 2400 })).rejects.toThrow(
      /^a PNG of the drawing at 2400 dpi would be 95\d\d\d × \d+ pixels \(\d+ megapixels, at most 100\): choose a lower resolution$/,
    );
  });
});
