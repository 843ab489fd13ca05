// DXF files the project did not write (made by ezdxf from test/fixtures/dxf/make-corpus.py: R12 with POLYLINEs,
// nested, mirrored and arrayed blocks and no units; R2000 with ellipses, splines, bulges, an arc and an elliptical
// arc seen from below, a non-uniform insert; an inch file) imported and checked against ezdxf's own reading of them
// (test/support/dxf-points.py): every point ezdxf evaluates on a curve lies on an imported curve, and every
// imported curve holds some of those points — to 1e-6 mm where the import is exact, and within the stated
// tolerance (1e-6 of the entity's size) for the elliptical arcs and the rational or degree-4 splines it
// approximates with Béziers.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Vec2 } from '../shared/drawing';
import { importDxf } from './dxf-import';
import { DXF_UNITS } from './dxf-import/units';
import { ARC_TOLERANCE } from './import-geometry/curves';
import { summaryLine } from './svg-import';

const TOL = 1e-6;
const CORPUS = new URL('../../test/fixtures/dxf/', import.meta.url);
const READER = fileURLToPath(new URL('../../test/support/dxf-points.py', import.meta.url));

interface EzdxfPoints {
  insunits: number;
  entities: { type: string; points: Vec2[]; exact?: boolean }[];
}

const drawing = emptyDrawing();
const dist = (p: Vec2, q: Vec2) => Math.hypot(p[0] - q[0], p[1] - q[1]);
const SAMPLES = 128;

/** A curve's samples, for a first guess of the nearest point; refined by golden-section search. */
function sampled(c: Curve) {
  const xy = new Float64Array(2 * (SAMPLES + 1));
  for (let i = 0; i <= SAMPLES; i++) xy.set(curvePoint(c, drawing, i / SAMPLES), 2 * i);
  const coarse = (p: Vec2) => {
    let best = Infinity;
    let at = 0;
    for (let i = 0; i <= SAMPLES; i++) {
      const d = Math.hypot(xy[2 * i] - p[0], xy[2 * i + 1] - p[1]);
      if (d < best) [best, at] = [d, i];
    }
    return { best, at };
  };
  const exact = (p: Vec2) => {
    const { at } = coarse(p);
    const f = (u: number) => dist(curvePoint(c, drawing, u), p);
    let [a, b] = [Math.max(0, (at - 1) / SAMPLES), Math.min(1, (at + 1) / SAMPLES)];
    const g = (Math.sqrt(5) - 1) / 2;
    for (let k = 0; k < 60; k++) {
      const [x1, x2] = [b - g * (b - a), a + g * (b - a)];
      if (f(x1) < f(x2)) b = x2;
      else a = x1;
    }
    return Math.min(f((a + b) / 2), f(0), f(1));
  };
  return { coarse, exact };
}

/** The smallest exact distance among the three nearest by samples. */
function nearest<T>(items: T[], coarse: (t: T) => number, exact: (t: T) => number): number {
  return Math.min(
    ...items
      .map((t) => ({ t, d: coarse(t) }))
      .sort((x, y) => x.d - y.d)
      .slice(0, 3)
      .map(({ t }) => exact(t)),
  );
}

const cases: [string, string][] = [
  [
    'r12-blocks.dxf',
    'imported 11 segments, 11 arcs, 9 circles, 2 points and 12 attachments; skipped: 1 TEXT',
  ],
  [
    'r2000-curves.dxf',
    'imported 2 ellipses, 86 Béziers, 5 arcs, 2 segments and 83 attachments; skipped: 1 SPLINE (fit points only), 1 HATCH, 1 MTEXT',
  ],
  ['r2000-inches.dxf', 'imported 6 segments, 6 arcs, 2 circles and 12 attachments'],
];

describe('a corpus of DXF files ezdxf wrote, against ezdxf’s reading', () => {
  it.each(cases)(
    '%s: every point ezdxf finds is on the import, every imported curve on ezdxf’s',
    (file, summary) => {
      const path = fileURLToPath(new URL(file, CORPUS));
      const records = importDxf(readFileSync(path, 'utf8'));
      expect(summaryLine(records.summary)).toBe(summary);
      const reading = JSON.parse(
        execFileSync('/usr/bin/python3', [READER, path, '65'], { encoding: 'utf8' }),
      ) as EzdxfPoints;
      const mm = reading.insunits ? DXF_UNITS[reading.insunits].mm : 1;
      const points = reading.entities.flatMap((e) => {
        const ps = e.points.map(([x, y]): Vec2 => [x * mm, -y * mm]);
        const xs = ps.map((p) => p[0]);
        const ys = ps.map((p) => p[1]);
        const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
        const tol = e.exact === false ? Math.max(TOL, ARC_TOLERANCE * size) : TOL;
        return ps.map((p) => ({ p, tol }));
      });
      expect(points.length).toBeGreaterThan(300);
      const curves = records.curves.map((c) => ({ c, ...sampled(c) }));
      for (const { p, tol } of points)
        expect(
          nearest(
            curves,
            (c) => c.coarse(p).best,
            (c) => c.exact(p),
          ),
        ).toBeLessThanOrEqual(tol);
      for (const c of curves)
        expect(
          Math.min(...points.map(({ p, tol }) => (c.coarse(p).best < 1 ? c.exact(p) - tol : Infinity))),
        ).toBeLessThanOrEqual(0);
    },
  );
});
