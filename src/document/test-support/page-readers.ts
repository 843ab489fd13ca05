// Independent readers of what the PDF and PNG exports write, for the tests: Debian's poppler-utils (pdfinfo,
// pdftoppm, pdftocairo) and Pillow under Debian's own Python (/usr/bin/python3; the PATH's python3 may be another
// without it). .ci/run installs both.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PYTHON = '/usr/bin/python3';

/** A PDF's first page size in points, as pdfinfo reads it. */
export function pdfPageSize(path: string): { width: number; height: number } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (!m) throw new Error(`pdfinfo gave no page size:\n${info}`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** The PDF as poppler converts it to SVG (its vector content: paths stay paths). */
export function pdfAsSvg(path: string, dir: string): string {
  const out = join(dir, 'from-pdf.svg');
  execFileSync('pdftocairo', ['-svg', path, out]);
  return readFileSync(out, 'utf8');
}

/** A grey image: its size and pixels (0 black … 255 white), row by row. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
  /** Alpha per pixel (255 where the image has none). */
  alpha: Uint8Array;
}

/** An image file (PNG) read by Pillow: its size, mode and grey and alpha pixels. */
export function readImage(path: string): GreyImage & { mode: string } {
  const script = [
    'import sys, json, base64',
    'from PIL import Image',
    'im = Image.open(sys.argv[1])',
    'rgba = im.convert("RGBA")',
    'grey = rgba.convert("L").tobytes()',
    'alpha = rgba.getchannel("A").tobytes()',
    'print(json.dumps({"width": im.width, "height": im.height, "mode": im.mode,',
    '  "grey": base64.b64encode(grey).decode(), "alpha": base64.b64encode(alpha).decode()}))',
  ].join('\n');
  const out = JSON.parse(
    execFileSync(PYTHON, ['-c', script, path], { encoding: 'utf8', maxBuffer: 1 << 30 }),
  ) as { width: number; height: number; mode: string; grey: string; alpha: string };
  return {
    width: out.width,
    height: out.height,
    mode: out.mode,
    grey: new Uint8Array(Buffer.from(out.grey, 'base64')),
    alpha: new Uint8Array(Buffer.from(out.alpha, 'base64')),
  };
}

/** The PDF's first page rasterised by poppler at `dpi`, in grey. */
export function rasterisePdf(path: string, dpi: number, dir: string): GreyImage {
  const prefix = join(dir, 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', path, prefix]);
  return readImage(`${prefix}.png`);
}

/** The columns, first and last, of the pixels darker than `below` in row y (null: none). */
export function darkSpan(image: GreyImage, y: number, below = 128): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let x = 0; x < image.width; x++) {
    const i = y * image.width + x;
    if (image.alpha[i] > 127 && image.grey[i] < below) {
      if (first < 0) first = x;
      last = x;
    }
  }
  return first < 0 ? null : [first, last];
}

/** The row with the longest dark span (a long horizontal line's row). */
export function longestDarkRow(image: GreyImage): { y: number; span: [number, number] } {
  let best = { y: -1, span: [0, -1] as [number, number] };
  for (let y = 0; y < image.height; y++) {
    const span = darkSpan(image, y);
    if (span && span[1] - span[0] > best.span[1] - best.span[0]) best = { y, span };
  }
  return best;
}

/** The longest dark horizontal run's length in mm at `pxPerMm` (a horizontal line, its round caps included). */
export function longestDarkRunMm(image: GreyImage, pxPerMm: number): number {
  const [first, last] = longestDarkRow(image).span;
  return (last - first + 1) / pxPerMm;
}
