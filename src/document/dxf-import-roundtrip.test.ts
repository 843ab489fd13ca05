// Importing what the DXF export wrote gives the drawing's geometry back to 1e-9 mm, kind by kind: a bar comes back
// as a segment, a Catmull–Rom spline as its Béziers (the export's SPLINE has double knots at the joins), an arc
// clockwise on screen as the same arc run the other way (DXF's arcs run one way), an equation curve as the
// segments of the export's polyline; the construction and traces layers and the dimensions are left out.

import { describe, expect, it } from 'vitest';
import { curvePath, curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import { DXF_EQUATION_TOLERANCE_MM } from '../shared/dxf-options';
import type { CubicSegment } from '../shared/primitives';
import { exportDxf } from './dxf-export';
import { importDxf } from './dxf-import';
import { drawingOfImported } from './import-merge';
import { allKindsDrawing, dist, importedByOriginal, offEllipse } from './test-support/import-checks';

const TOL = 1e-9;
const allKinds = allKindsDrawing();
const at = (c: Curve, d: Drawing, u: number): Vec2 => curvePoint(c, d, u);

const drawing: Drawing = {
  ...allKinds,
  curves: [
    ...allKinds.curves,
    // Arcs the other way round, of a negative radius, and an ellipse taller than wide.
    { kind: 'arc', id: 'x1', center: [-30, 12.5], radius: 7.25, start: 2.5, sweep: -4 },
    { kind: 'arc', id: 'x2', center: [-60, -12.5], radius: -3, start: -1, sweep: 1.5 },
    { kind: 'ellipse', id: 'x3', center: [-90, 40], rx: 4, ry: 11, rotation: -0.7 },
  ],
};

describe('round trip through our own DXF export', () => {
  const dxf = exportDxf(drawing, { construction: true, dimensions: true });
  const back = importDxf(dxf);
  const imported = emptyDrawing();
  imported.curves = back.curves;

  /** The imported curves each original became, in order (the export writes one entity per curve, in order). */
  const byOriginal = importedByOriginal(drawing.curves, back.curves, (c) =>
    c.kind === 'spline'
      ? curvePath(c, drawing).segments.length
      : c.kind === 'equation'
        ? curvePath(c, drawing, DXF_EQUATION_TOLERANCE_MM).segments.flatMap((s) =>
            s.type === 'polyline' ? s.points : [],
          ).length + (curvePath(c, drawing).closed ? 1 : 0)
        : 1,
  );

  it('comes back kind for kind; construction, traces and dimensions left out', () => {
    expect(
      drawing.curves.map((c) => [...new Set(byOriginal.get(c.id)!.map((k) => k.kind))].join('+')),
    ).toEqual([
      'point',
      'segment',
      'segment',
      'circle',
      'arc',
      'ellipse',
      'bezier',
      'bezier',
      'bezier',
      'segment',
      'arc',
      'arc',
      'ellipse',
    ]);
    expect(back.summary.skipped).toMatchObject({ 'on layer traces': 1, DIMENSION: expect.any(Number) });
    expect(back.summary.skipped['on layer construction']).toBeGreaterThan(0);
  });

  it('every curve is where it was, to 1e-9 mm', () => {
    for (const c of drawing.curves) {
      const got = byOriginal.get(c.id)!;
      const g = got[0];
      switch (c.kind) {
        case 'point':
        case 'segment':
        case 'bar':
        case 'bezier':
          for (const u of [0, 0.25, 0.5, 1])
            expect(dist(at(c, drawing, u), at(g, imported, u))).toBeLessThan(TOL);
          break;
        case 'circle':
          if (g.kind !== 'circle') throw new Error(`circle came back as ${g.kind}`);
          expect(dist(g.center, c.center)).toBeLessThan(TOL);
          expect(Math.abs(g.radius - c.radius)).toBeLessThan(TOL);
          break;
        case 'arc': {
          // The same points; run the other way when the original was clockwise on screen.
          const reversed = dist(at(c, drawing, 0), at(g, imported, 0)) > TOL;
          for (const u of [0, 0.3, 0.5, 1])
            expect(dist(at(c, drawing, u), at(g, imported, reversed ? 1 - u : u))).toBeLessThan(TOL);
          break;
        }
        case 'ellipse': {
          if (g.kind !== 'ellipse') throw new Error(`ellipse came back as ${g.kind}`);
          expect(dist(g.center, c.center)).toBeLessThan(TOL);
          expect(Math.abs(g.rx * g.ry - c.rx * c.ry)).toBeLessThan(TOL * 100);
          expect(Math.abs(Math.max(g.rx, g.ry) - Math.max(c.rx, c.ry))).toBeLessThan(TOL);
          for (let i = 0; i < 16; i++) expect(offEllipse(g, at(c, drawing, i / 16))).toBeLessThan(TOL);
          break;
        }
        case 'spline': {
          const cubics = curvePath(c, drawing).segments as CubicSegment[];
          expect(got).toHaveLength(cubics.length);
          let start = curvePath(c, drawing).start;
          cubics.forEach((s, i) => {
            const b = got[i];
            if (b.kind !== 'bezier') throw new Error('a spline piece is not a Bézier');
            expect(dist(b.points[0], start)).toBeLessThan(TOL);
            expect(dist(b.points[1], s.c1)).toBeLessThan(TOL);
            expect(dist(b.points[2], s.c2)).toBeLessThan(TOL);
            expect(dist(b.points[3], s.to)).toBeLessThan(TOL);
            start = s.to;
          });
          break;
        }
        case 'equation': {
          const path = curvePath(c, drawing, DXF_EQUATION_TOLERANCE_MM);
          const points = [
            path.start,
            ...path.segments.flatMap((s) => (s.type === 'polyline' ? s.points : [])),
          ];
          if (path.closed) points.push(path.start);
          got.forEach((s, i) => {
            expect(dist(at(s, imported, 0), points[i])).toBeLessThan(TOL);
            expect(dist(at(s, imported, 1), points[i + 1])).toBeLessThan(TOL);
          });
          break;
        }
      }
    }
  });

  it('a closed spline comes back closed by attachments; the records make one valid drawing', () => {
    const sp2 = byOriginal.get('sp2')!.map((c) => c.id);
    const joins = back.constraints.filter((k) => sp2.includes(k.a.curve) && sp2.includes(k.b.curve));
    expect(joins).toHaveLength(sp2.length);
    expect(drawingOfImported(back, 'all kinds').curves).toHaveLength(back.curves.length);
  });
});
