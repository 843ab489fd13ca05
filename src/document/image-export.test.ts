// Reference images in the exports: drawn under the curves in SVG, PDF and PNG when asked (off by default), never
// in DXF; read back by independent readers (poppler's pdfimages and pdftoppm, Pillow).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { readImageInfo } from '../shared/image-data';
import { DEFAULT_EXPORT_CHOICES } from '../shared/export-choices';
import { DEFAULT_PDF_OPTIONS, DEFAULT_PNG_OPTIONS } from '../shared/page-options';
import { exportDrawing } from './exporters';
import { exportPdf } from './pdf-export';
import { exportPng } from './png-export';
import { svgPage } from './svg-export';
import { imageRecord, makePng } from './test-support/png';
import { rasterisePdf, readImage, type GreyImage } from './test-support/page-readers';

const dir = mkdtempSync(join(tmpdir(), 'cw-image-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 40 × 20 pixels, the left half black, the right half white. */
const HALVES = makePng(40, 20, (x) => (x < 20 ? [0, 0, 0] : [255, 255, 255]));

/** The image 40 mm wide (1 mm a pixel) centred at (50, 20), opaque: x 30…70, y 10…30 on the paper. */
function withImage(): Drawing {
  return { ...emptyDrawing(), images: [imageRecord(HALVES, { center: [50, 20], width: 40, opacity: 1 })] };
}

const write = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

/** The grey value at paper point (x, y) of a page whose top-left is (25, 5) (the image and the 5 mm margin). */
function greyAt(image: GreyImage, pxPerMm: number, [x, y]: [number, number]): number {
  const col = Math.floor((x - 25) * pxPerMm);
  const row = Math.floor((y - 5) * pxPerMm);
  return image.grey[row * image.width + col];
}

describe('reference images in the exports', () => {
  it('puts the image in the SVG page at its placement, its page around it, only when asked', () => {
    const page = svgPage(withImage(), { includeImages: true });
    expect(page.width).toBeCloseTo(50, 9);
    expect(page.height).toBeCloseTo(30, 9);
    expect(page.svg).toContain(
      `<image id="img1" width="40" height="20" preserveAspectRatio="none" transform="matrix(1 0 0 1 30 10)" opacity="1" href="data:image/png;base64,${HALVES.toString('base64')}"/>`,
    );
    expect(svgPage(withImage()).svg).not.toContain('<image');
  });

  it('draws the image in a PNG (Pillow reads its pixels), not without the option', async () => {
    const options = { ...DEFAULT_PNG_OPTIONS, dpi: 254, images: true };
    const png = readImage(write('with.png', await exportPng(withImage(), options)));
    expect([png.width, png.height]).toEqual([500, 300]);
    expect(greyAt(png, 10, [40, 20])).toBeLessThan(40);
    expect(greyAt(png, 10, [60, 20])).toBeGreaterThan(215);
    // Outside the image: the white page.
    expect(greyAt(png, 10, [27, 7])).toBeGreaterThan(215);
    const off = readImage(write('without.png', await exportPng(withImage(), { ...options, images: false })));
    // Without it, nothing is drawn: the empty drawing's small white page.
    expect(off.grey.every((v) => v > 215)).toBe(true);
  });

  it('embeds the image in a PDF (pdfimages lists it at its pixel size; poppler draws it), not without the option', async () => {
    const path = write('with.pdf', await exportPdf(withImage(), { ...DEFAULT_PDF_OPTIONS, images: true }));
    const listed = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    expect(listed).toHaveLength(1);
    expect(listed[0].trim().split(/\s+/).slice(3, 5)).toEqual(['40', '20']);
    const page = rasterisePdf(path, 254, dir);
    expect(greyAt(page, 10, [40, 20])).toBeLessThan(40);
    expect(greyAt(page, 10, [60, 20])).toBeGreaterThan(215);
    const without = write('without.pdf', await exportPdf(withImage(), DEFAULT_PDF_OPTIONS));
    expect(
      execFileSync('pdfimages', ['-list', without], { encoding: 'utf8' }).trim().split('\n'),
    ).toHaveLength(2);
  });

  it('takes a JPEG Pillow wrote: its header read (size, JFIF density), drawn in the PNG and the PDF', async () => {
    const path = join(dir, 'halves.jpg');
    execFileSync('/usr/bin/python3', [
      '-c',
      'import sys; from PIL import Image; im = Image.new("RGB", (40, 20), "white"); ' +
        'im.paste((0, 0, 0), (0, 0, 20, 20)); im.save(sys.argv[1], quality=95, dpi=(254, 254))',
      path,
    ]);
    const bytes = readFileSync(path);
    const info = readImageInfo(bytes);
    expect(info).toMatchObject({ media: 'image/jpeg', width: 40, height: 20 });
    expect(info.mmPerPixel).toBeCloseTo(0.1, 12);
    const drawing: Drawing = {
      ...emptyDrawing(),
      images: [
        imageRecord(HALVES, {
          media: 'image/jpeg',
          data: bytes.toString('base64'),
          center: [50, 20],
          width: 40,
          opacity: 1,
        }),
      ],
    };
    const png = readImage(
      write('jpeg.png', await exportPng(drawing, { ...DEFAULT_PNG_OPTIONS, dpi: 254, images: true })),
    );
    expect(greyAt(png, 10, [40, 20])).toBeLessThan(40);
    expect(greyAt(png, 10, [60, 20])).toBeGreaterThan(215);
    const pdf = rasterisePdf(
      write('jpeg.pdf', await exportPdf(drawing, { ...DEFAULT_PDF_OPTIONS, images: true })),
      254,
      dir,
    );
    expect(greyAt(pdf, 10, [40, 20])).toBeLessThan(40);
    expect(greyAt(pdf, 10, [60, 20])).toBeGreaterThan(215);
  });

  it('never puts an image in a DXF', async () => {
    const dxf = await exportDrawing(withImage(), { ...DEFAULT_EXPORT_CHOICES, format: 'dxf', images: true });
    expect(dxf).not.toMatch(/IMAGE|base64/);
  });
});
