// SVG export end to end (issue 5): a drawing with every curve kind is opened in the editor, exported through
// File ▸ Export SVG… (the real file flow and exporter, default options: no construction glyphs, 0.25 mm strokes),
// and the exporter's SVG with the canvas's stroke is rendered by Chromium at the canvas's scale and offset. Its stroke pixels must match the canvas's curves layer
// (traces and curves only: the grid, glyphs and selection live on other layers) within antialiasing, and the
// document must be made of the exact primitives, at true size.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportSvg } from '../../src/document/svg-export';
import {
  findAll,
  parsePathData,
  parseSvg,
  type XmlElement,
} from '../../src/document/test-support/svg-reading';
import { parseDrawingText } from '../../src/document/validate';
import type { Drawing } from '../../src/shared/drawing';
import { CURVE_STROKE } from '../../src/shared/style';
import type {} from '../../src/renderer/debug-hook';
import { ROOT, e2eDirs, openEditor, shutdown } from './harness';

afterAll(async () => {
  await shutdown();
});

/** The all-kinds fixture without its point curve (a dot on screen, nothing to stroke in SVG) and the pin on it. */
function everyCurveKind(): Drawing {
  const drawing = parseDrawingText(readFileSync(join(ROOT, 'test/fixtures/all-kinds.curvewright'), 'utf8'));
  const points = new Set(drawing.curves.filter((c) => c.kind === 'point').map((c) => c.id));
  drawing.curves = drawing.curves.filter((c) => !points.has(c.id));
  const refersToPoint = (k: unknown) =>
    [...JSON.stringify(k).matchAll(/"curve":"([^"]+)"/g)].some((m) => points.has(m[1]));
  drawing.constraints = drawing.constraints.filter((k) => !refersToPoint(k));
  return drawing;
}

/** Drawing mm → canvas pixels, read from the page: origin and scale (y down, as the drawing). */
async function canvasTransform(
  page: Page,
): Promise<{ origin: [number, number]; zoom: number; zoomY: number }> {
  return page.evaluate(() => {
    const hook = window.__curvewrightDebug!;
    const rect = document.querySelectorAll('#canvas canvas')[1].getBoundingClientRect();
    const o = hook.toPage([0, 0]);
    const x = hook.toPage([100, 0]);
    const y = hook.toPage([0, 100]);
    return {
      origin: [o[0] - rect.left, o[1] - rect.top] as [number, number],
      zoom: (x[0] - o[0]) / 100,
      zoomY: (y[1] - o[1]) / 100,
    };
  });
}

interface Comparison {
  canvasStroke: number;
  svgStroke: number;
  /** Stroke pixels of either image with no stroke pixel of the other within the tolerance radius. */
  mismatched: number;
  fraction: number;
  /** Pixels solid in both whose colour differs (a curve's ink against a trace's, say). */
  recoloured: number;
}

/**
 * Renders `svg` into an offscreen canvas the size of the curves layer, its viewBox placed by the canvas's own
 * transform, and compares stroke masks (alpha) with the curves layer, each pixel allowed `radius` px of slack for
 * antialiasing.
 */
async function compareWithCanvas(page: Page, svg: string, radius = 1): Promise<Comparison> {
  const transform = await canvasTransform(page);
  // Both layers drawn and settled.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(
    async ({ svg, origin, zoom, radius }) => {
      const layer = document.querySelectorAll('#canvas canvas')[1] as HTMLCanvasElement;
      const width = layer.width;
      const height = layer.height;
      const scale = width / layer.getBoundingClientRect().width;
      const screen = layer.getContext('2d')!.getImageData(0, 0, width, height).data;

      const box = /viewBox="([^"]+)"/.exec(svg)![1].split(' ').map(Number);
      const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      const image = new Image();
      image.src = url;
      await image.decode();
      const target = document.createElement('canvas');
      target.width = width;
      target.height = height;
      const ctx = target.getContext('2d')!;
      ctx.drawImage(
        image,
        (origin[0] + box[0] * zoom) * scale,
        (origin[1] + box[1] * zoom) * scale,
        box[2] * zoom * scale,
        box[3] * zoom * scale,
      );
      URL.revokeObjectURL(url);
      const rendered = ctx.getImageData(0, 0, width, height).data;

      // Solid stroke pixels must find at least a faint one nearby in the other image.
      const solid = (data: Uint8ClampedArray, i: number) => data[4 * i + 3] >= 128;
      const faint = (data: Uint8ClampedArray, i: number) => data[4 * i + 3] >= 24;
      const near = (data: Uint8ClampedArray, x: number, y: number) => {
        for (let dy = -radius; dy <= radius; dy++)
          for (let dx = -radius; dx <= radius; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < width && yy < height && faint(data, yy * width + xx)) return true;
          }
        return false;
      };
      let canvasStroke = 0;
      let svgStroke = 0;
      let mismatched = 0;
      let recoloured = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          if (solid(screen, i)) {
            canvasStroke++;
            if (!near(rendered, x, y)) mismatched++;
          }
          if (solid(screen, i) && solid(rendered, i)) {
            const d = Math.max(
              Math.abs(screen[4 * i] - rendered[4 * i]),
              Math.abs(screen[4 * i + 1] - rendered[4 * i + 1]),
              Math.abs(screen[4 * i + 2] - rendered[4 * i + 2]),
            );
            if (d > 48) recoloured++;
          }
          if (solid(rendered, i)) {
            svgStroke++;
            if (!near(screen, x, y)) mismatched++;
          }
        }
      return {
        canvasStroke,
        svgStroke,
        mismatched,
        fraction: mismatched / Math.max(1, canvasStroke + svgStroke),
        recoloured,
      };
    },
    { svg, origin: transform.origin, zoom: transform.zoom, radius },
  );
}

function group(svg: XmlElement, id: string): XmlElement {
  const g = findAll(svg, 'g').find((e) => e.getAttribute('id') === id);
  if (!g) throw new Error(`the SVG has no <g id="${id}">`);
  return g;
}

describe('SVG export', () => {
  it('renders in Chromium like the canvas, with exact primitives at true size', async () => {
    const drawing = everyCurveKind();
    expect(new Set(drawing.curves.map((c) => c.kind))).toEqual(
      new Set(['segment', 'bar', 'circle', 'arc', 'ellipse', 'bezier', 'spline', 'equation']),
    );
    const editor = await openEditor({ drawing, width: 1200, height: 800 });
    const { page, session, fileUi } = editor;
    const out = join(e2eDirs().tmp, 'every-kind.svg');
    rmSync(out, { force: true });
    try {
      const transform = await canvasTransform(page);
      // The canvas shows the drawing at its saved view, the zoom the exporter converts stroke widths with.
      expect(transform.zoom).toBeCloseTo(drawing.view.zoom, 9);
      expect(transform.zoomY).toBeCloseTo(drawing.view.zoom, 9);

      fileUi.savePaths.push(out);
      await editor.menu('file:export');
      await page.locator('.export-dialog [data-action="export"]').click();
      await expect.poll(() => existsSync(out)).toBe(true);
      const exported = readFileSync(out, 'utf8');
      expect(exported).toBe(exportSvg(session.drawing)); // the app's exporter, its default options
      expect(fileUi.errors).toEqual([]);

      // The exporter with the canvas's own stroke (its pixel widths at this zoom) draws what the canvas draws.
      const atCanvas = { strokeWidth: CURVE_STROKE.width / transform.zoom };
      const svg = exportSvg(session.drawing, atCanvas);
      const same = await compareWithCanvas(page, svg);
      expect(same.canvasStroke).toBeGreaterThan(3000);
      expect(same.svgStroke / same.canvasStroke).toBeGreaterThan(0.9);
      expect(same.svgStroke / same.canvasStroke).toBeLessThan(1.1);
      expect(same.fraction).toBeLessThan(0.005);
      expect(same.recoloured).toBeLessThan(0.005 * same.canvasStroke);
      const strict = await compareWithCanvas(page, svg, 0);
      expect(strict.fraction).toBeLessThan(0.01);

      // The comparison can fail: the same drawing 1 mm off, or one curve changed, is seen.
      const shifted = structuredClone(session.drawing);
      const move = (p: number[]) => {
        p[0] += 1;
        p[1] += 1;
      };
      for (const c of shifted.curves) {
        if (c.kind === 'segment') [c.a, c.b].forEach(move);
        else if (c.kind === 'bezier' || c.kind === 'spline') c.points.forEach(move);
        else if (c.kind === 'equation') {
          c.params.cx += 1;
          c.params.cy += 1;
        } else if ('center' in c) move(c.center);
      }
      for (const t of shifted.traces) for (let i = 0; i < 2 * t.points.length; i++) t.points.xy[i] += 1;
      const off = await compareWithCanvas(page, exportSvg(shifted, atCanvas));
      expect(off.fraction).toBeGreaterThan(0.5);
      const bent = structuredClone(session.drawing);
      const ellipse = bent.curves.find((c) => c.kind === 'ellipse')!;
      if (ellipse.kind === 'ellipse') ellipse.rotation += 0.2;
      const wrong = await compareWithCanvas(page, exportSvg(bent, atCanvas));
      expect(wrong.fraction).toBeGreaterThan(10 * Math.max(same.fraction, 0.001));

      // The document: true size in mm, one <g> per curve with its id, exact primitives.
      const root = parseSvg(exported);
      expect(root.localName).toBe('svg');
      const box = root.getAttribute('viewBox')!.split(' ').map(Number);
      expect(root.getAttribute('width')).toMatch(/^[\d.]+mm$/);
      expect(root.getAttribute('height')).toMatch(/^[\d.]+mm$/);
      expect(parseFloat(root.getAttribute('width')!)).toBeCloseTo(box[2], 3);
      expect(parseFloat(root.getAttribute('height')!)).toBeCloseTo(box[3], 3);
      const groups = findAll(root, 'g').filter((g) => g.hasAttribute('data-kind'));
      expect(groups.map((g) => g.getAttribute('id'))).toEqual(session.drawing.curves.map((c) => c.id));
      for (const curve of session.drawing.curves) {
        const g = group(root, curve.id);
        expect(g.getAttribute('data-kind')).toBe(curve.kind);
        const paths = findAll(g, 'path');
        expect(paths).toHaveLength(1);
        const ops = parsePathData(paths[0].getAttribute('d')!).map((c) => c.op);
        expect(ops[0]).toBe('M');
        const body = new Set(ops.slice(1).filter((op) => op !== 'Z'));
        switch (curve.kind) {
          case 'segment':
          case 'bar':
            expect(ops).toEqual(['M', 'L']);
            break;
          case 'circle':
          case 'ellipse':
            expect(body).toEqual(new Set(['A']));
            expect(ops.at(-1)).toBe('Z');
            break;
          case 'arc':
            expect(body).toEqual(new Set(['A']));
            expect(ops.at(-1)).not.toBe('Z');
            break;
          case 'bezier':
            expect(ops).toEqual(['M', 'C']);
            break;
          case 'spline':
            expect(body).toEqual(new Set(['C']));
            expect(ops.filter((op) => op === 'C').length).toBe(
              curve.closed ? curve.points.length : curve.points.length - 1,
            );
            expect(ops.at(-1) === 'Z').toBe(curve.closed);
            break;
          case 'equation':
            // No exact form: sampled (within 0.1 px), closed like its definition.
            expect(body).toEqual(new Set(['L']));
            expect(ops.at(-1)).toBe('Z');
            break;
        }
      }
      // No construction glyphs by default; the trace is a path.
      expect(findAll(root, 'g').some((g) => g.getAttribute('class') === 'construction')).toBe(false);
      const traces = findAll(root, 'g').find((g) => g.getAttribute('class') === 'traces')!;
      expect(findAll(traces, 'path').map((p) => p.getAttribute('id'))).toEqual(
        session.drawing.traces.map((t) => t.id),
      );
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('matches the canvas on a HiDPI screen too (device pixel ratio 2)', async () => {
    const editor = await openEditor({
      drawing: everyCurveKind(),
      width: 1200,
      height: 800,
      deviceScaleFactor: 2,
    });
    try {
      // The canvas draws at twice the pixels; the SVG is rendered into the same backing size.
      const atCanvas = { strokeWidth: CURVE_STROKE.width / editor.session.drawing.view.zoom };
      const same = await compareWithCanvas(editor.page, exportSvg(editor.session.drawing, atCanvas));
      expect(same.canvasStroke).toBeGreaterThan(4 * 3000);
      expect(same.svgStroke / same.canvasStroke).toBeGreaterThan(0.9);
      expect(same.svgStroke / same.canvasStroke).toBeLessThan(1.1);
      expect(same.fraction).toBeLessThan(0.005);
      expect(same.recoloured).toBeLessThan(0.005 * same.canvasStroke);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
