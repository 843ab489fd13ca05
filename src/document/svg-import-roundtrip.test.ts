// Importing what the SVG export wrote gives the drawing's geometry back to 1e-9 mm, kind by kind (a spline comes
// back as its Béziers, an equation curve as the segments of its sampled polyline); and imported records merge
// into a drawing that the loader's own check accepts.

import { describe, expect, it } from 'vitest';
import { curvePath, curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import type { CubicSegment } from '../shared/primitives';
import { CURVE_STROKE } from '../shared/style';
import { DEFAULT_STROKE_MM } from '../shared/svg-options';
import { drawingOfImported, importAddCommand, withImported } from './import-merge';
import { exportSvg } from './svg-export';
import { importSvg } from './svg-import';
import { allKindsDrawing, dist, importedByOriginal, offEllipse } from './test-support/import-checks';

const TOL = 1e-9;
const allKinds = allKindsDrawing();
const at = (c: Curve, d: Drawing, u: number): Vec2 => curvePoint(c, d, u);

describe('round trip through our own SVG export', () => {
  const drawing: Drawing = { ...allKinds, traces: allKinds.traces };
  const svg = exportSvg(drawing);
  const back = importSvg(svg);
  const imported = emptyDrawing();
  imported.curves = back.curves;

  /** The imported curves one original became, in order (the export writes one <g> per curve, in order). */
  const byOriginal = importedByOriginal(drawing.curves, back.curves, (c, i) =>
    // An equation curve (the fixture's last) is sampled: the rest of the segments are its.
    c.kind === 'spline'
      ? curvePath(c, drawing).segments.length
      : c.kind === 'equation'
        ? back.curves.length - i
        : 1,
  );

  it('comes back kind for kind: a point, a bar, exact circles, arcs, ellipses and Béziers', () => {
    expect(
      drawing.curves.map((c) =>
        byOriginal
          .get(c.id)!
          .map((k) => k.kind)
          .join('+'),
      ),
    ).toEqual([
      'point',
      'segment',
      'bar',
      'circle',
      'arc',
      'ellipse',
      'bezier',
      'bezier+bezier+bezier',
      'bezier+bezier+bezier',
      expect.stringMatching(/^segment(\+segment)+$/),
    ]);
    expect(back.summary.skipped).toEqual({ trace: 1 });
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
          // Same kind, same record: compare points along it.
          for (const u of [0, 0.25, 0.5, 1])
            expect(dist(at(c, drawing, u), at(g, imported, u))).toBeLessThan(TOL);
          break;
        case 'circle':
          expect(g).toMatchObject({ kind: 'circle' });
          if (g.kind !== 'circle') break;
          expect(dist(g.center, c.center)).toBeLessThan(TOL);
          expect(Math.abs(g.radius - c.radius)).toBeLessThan(TOL);
          break;
        case 'arc':
          for (const u of [0, 0.3, 1]) expect(dist(at(c, drawing, u), at(g, imported, u))).toBeLessThan(TOL);
          break;
        case 'ellipse': {
          if (g.kind !== 'ellipse') throw new Error(`ellipse came back as ${g.kind}`);
          expect(dist(g.center, c.center)).toBeLessThan(TOL);
          expect(Math.abs(g.rx * g.ry - c.rx * c.ry)).toBeLessThan(TOL * 100);
          for (let i = 0; i < 16; i++) expect(offEllipse(g, at(c, drawing, i / 16))).toBeLessThan(TOL);
          break;
        }
        case 'spline': {
          const cubics = curvePath(c, drawing).segments as CubicSegment[];
          cubics.forEach((s, i) => {
            const b = got[i];
            if (b.kind !== 'bezier') throw new Error('a spline piece is not a Bézier');
            expect(dist(b.points[1], s.c1)).toBeLessThan(TOL);
            expect(dist(b.points[2], s.c2)).toBeLessThan(TOL);
            expect(dist(b.points[3], s.to)).toBeLessThan(TOL);
          });
          break;
        }
        case 'equation': {
          // Sampled as the export samples it: the segments run through the polyline's points.
          const path = curvePath(c, drawing, (0.1 * DEFAULT_STROKE_MM) / CURVE_STROKE.width);
          const points = [
            path.start,
            ...path.segments.flatMap((s) => (s.type === 'polyline' ? s.points : [])),
          ];
          if (path.closed) points.push(path.start); // its Z
          expect(got).toHaveLength(points.length - 1);
          got.forEach((s, i) => {
            expect(dist(at(s, imported, 0), points[i])).toBeLessThan(TOL);
            expect(dist(at(s, imported, 1), points[i + 1])).toBeLessThan(TOL);
          });
          break;
        }
      }
    }
  });

  it('a closed spline and the equation curve are closed by attachments; everything is one valid drawing', () => {
    const merged = drawingOfImported(back, 'all kinds');
    expect(merged.curves).toHaveLength(back.curves.length);
    // sp2 (closed, 3 pieces) has 3 joins; sp1 (open) 2.
    const sp2 = byOriginal.get('sp2')!.map((c) => c.id);
    const joins = back.constraints.filter((k) => sp2.includes(k.a.curve) && sp2.includes(k.b.curve));
    expect(joins).toHaveLength(3);
  });
});

describe('merging imported records', () => {
  const records = importSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10mm" height="10mm"><polyline id="edge" points="0 0 5 0 5 5"/></svg>',
  );

  it('into a drawing: fresh ids, references renamed, names kept unique, the original untouched', () => {
    const base = emptyDrawing();
    base.curves = [
      { kind: 'segment', id: 'c1', name: 'edge 1', a: [0, 0], b: [1, 1] },
      { kind: 'segment', id: 'c3', a: [0, 0], b: [1, 1] },
    ];
    base.constraints = [{ kind: 'pin', id: 'k1', point: { curve: 'c1', anchor: 'start' }, at: [0, 0] }];
    const add = importAddCommand(base, records);
    expect(add.curves!.map((c) => [c.id, c.name])).toEqual([
      ['c2', 'edge 1 (2)'],
      ['c4', 'edge 2'],
    ]);
    expect(add.constraints).toEqual([
      { kind: 'attach', id: 'k2', a: { curve: 'c2', anchor: 'end' }, b: { curve: 'c4', anchor: 'start' } },
    ]);
    const merged = withImported(base, records);
    expect(merged.curves).toHaveLength(4);
    expect(base.curves).toHaveLength(2);
    // The records given are not changed either: importing them twice gives the same.
    expect(records.curves.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('as a new drawing, titled, its view on the curves', () => {
    const d = drawingOfImported(records, 'edge');
    expect(d.meta.title).toBe('edge');
    expect(d.view.center).toEqual([2.5, 2.5]);
  });
});
