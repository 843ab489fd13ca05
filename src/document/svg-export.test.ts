import { readFileSync } from 'node:fs';
import { trailPoints } from '../shared/trail';
import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import type { Path } from '../shared/primitives';
import { CURVE_STROKE, POINT_RADIUS } from '../shared/style';
import { validFixtures } from './test-support/fixtures';
import { exportSvg } from './svg-export';
import { addPathBounds, pathToSvgD } from './svg-path';
import { emptyBounds } from '../shared/bounds';
import { findAll, parsePathData, parseSvg, type XmlElement } from './test-support/svg-reading';
import { parseDrawingText } from './validate';

const allKinds = parseDrawingText(
  readFileSync(
    validFixtures().find((f) => f.endsWith('all-kinds.curvewright'))!,
    'utf8',
  ),
);

function curveGroup(svg: XmlElement, id: string): { kind: string; d: string } {
  const g = findAll(svg, 'g').find((e) => e.getAttribute('id') === id);
  if (!g) throw new Error(`no <g id="${id}">`);
  const paths = findAll(g, 'path');
  expect(paths).toHaveLength(1);
  return { kind: g.getAttribute('data-kind')!, d: paths[0].getAttribute('d')! };
}

function curve(d: Drawing, id: string): Curve {
  return d.curves.find((c) => c.id === id)!;
}

function expectNear(p: ArrayLike<number>, q: ArrayLike<number>, tol = 2e-4) {
  expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeLessThan(tol);
}

/** The end point of every command of a path, in order. */
function endPoints(d: string): Vec2[] {
  return parsePathData(d)
    .filter((c) => c.op !== 'Z')
    .map((c) => [c.args[c.args.length - 2], c.args[c.args.length - 1]]);
}

describe('path data', () => {
  it('lines, cubics, polylines and closing', () => {
    const path: Path = {
      start: [0, -0],
      segments: [
        { type: 'line', to: [10, 0.12345678901234] },
        { type: 'cubic', c1: [11, 1], c2: [12, 2], to: [13, 3] },
        {
          type: 'polyline',
          points: [
            [14, 4],
            [15, 5],
          ],
        },
      ],
      closed: true,
    };
    expect(pathToSvgD(path)).toBe('M 0 0 L 10 0.123456789 C 11 1 12 2 13 3 L 14 4 15 5 Z');
  });

  it('a full circle is three 120° arcs, sweeping the right way, ending where it started', () => {
    const circle = (r: number, sweep: number): Path => ({
      start: [r, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: r, ry: r, rotation: 0, start: 0, sweep }],
      closed: true,
    });
    const d = pathToSvgD(circle(10, 2 * Math.PI));
    expect(d).toBe(
      'M 10 0 A 10 10 0 0 1 -5 8.6602540378 A 10 10 0 0 1 -5 -8.6602540378 A 10 10 0 0 1 10 0 Z',
    );
    // Negative sweep: flag 0, the mirror image.
    expect(pathToSvgD(circle(10, -2 * Math.PI))).toBe(
      'M 10 0 A 10 10 0 0 0 -5 -8.6602540378 A 10 10 0 0 0 -5 8.6602540378 A 10 10 0 0 0 10 0 Z',
    );
    // A negative radius (the engine allows it): the same points as the signed parametrisation, |r| for SVG, and
    // the direction flips back because the parametrisation is mirrored twice (x and y): same as +r rotated by π.
    expect(pathToSvgD(circle(-10, 2 * Math.PI))).toBe(
      'M -10 0 A 10 10 0 0 1 5 -8.6602540378 A 10 10 0 0 1 5 8.6602540378 A 10 10 0 0 1 -10 0 Z',
    );
  });

  it('an ellipse arc with one negative radius sweeps the other way; huge sweeps stay a few pieces', () => {
    const d = pathToSvgD({
      start: [-4, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: -4, ry: 2, rotation: Math.PI / 2, start: 0, sweep: 1 }],
      closed: false,
    });
    // rotation π/2: the point at t is (−ry sin t, rx cos t) = (−2 sin 1, −4 cos 1).
    expect(d).toBe(
      `A 4 2 90 0 0 ${(-2 * Math.sin(1)).toFixed(10)} ${(-4 * Math.cos(1)).toFixed(10)}`.replace(
        /^/,
        'M -4 0 ',
      ),
    );
    const many = pathToSvgD({
      start: [1, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: 1, ry: 1, rotation: 0, start: 0, sweep: 1e6 }],
      closed: false,
    });
    const arcs = parsePathData(many).filter((c) => c.op === 'A');
    expect(arcs.length).toBeLessThanOrEqual(6);
    const end = arcs[arcs.length - 1].args.slice(5);
    expectNear(end, [Math.cos(1e6), Math.sin(1e6)]);
  });

  it('bounds are exact for arcs and cubics', () => {
    const b = emptyBounds();
    addPathBounds(b, {
      start: [3, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: 3, ry: 3, rotation: 0, start: 0, sweep: Math.PI / 2 }],
      closed: false,
    });
    expect(b.map((v) => +v.toFixed(12))).toEqual([0, 0, 3, 3]);
    const c = emptyBounds();
    addPathBounds(
      c,
      { start: [0, 0], segments: [{ type: 'cubic', c1: [0, 4], c2: [4, 4], to: [4, 0] }], closed: false },
      0.5,
    );
    // The cubic's top is at t = ½: y = 3.
    expect(c).toEqual([-0.5, -0.5, 4.5, 3.5]);
  });
});

describe('exportSvg', () => {
  const svg = parseSvg(exportSvg(allKinds));
  const margin = 5;
  // The default stroke (0.25 mm), whatever the view's zoom; the screen's other widths in proportion to it.
  const strokeMm = 0.25;
  const mmPerPx = strokeMm / CURVE_STROKE.width;

  it('true size: width and height in mm equal to the viewBox, fitted to the drawing plus the margin', () => {
    expect(svg.localName).toBe('svg');
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const [x, y, w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect(svg.getAttribute('width')).toBe(`${w}mm`);
    expect(svg.getAttribute('height')).toBe(`${h}mm`);
    // Every point of every curve lies inside the box less the margin, and the box is tight around them.
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const c of allKinds.curves) {
      for (let i = 0; i <= 400; i++) {
        const [px, py] = curvePoint(c, allKinds, i / 400);
        minX = Math.min(minX, px);
        minY = Math.min(minY, py);
        maxX = Math.max(maxX, px);
        maxY = Math.max(maxY, py);
      }
    }
    for (const t of allKinds.traces)
      for (const [px, py] of trailPoints(t.points)) {
        minX = Math.min(minX, px);
        minY = Math.min(minY, py);
        maxX = Math.max(maxX, px);
        maxY = Math.max(maxY, py);
      }
    const slack = strokeMm / 2 + 0.01;
    expect(x + margin).toBeGreaterThan(minX - slack - 1e-3);
    expect(x + margin).toBeLessThan(minX);
    expect(y + margin).toBeLessThan(minY);
    expect(y + margin).toBeGreaterThan(minY - slack - 1e-3);
    expect(x + w - margin).toBeGreaterThan(maxX);
    expect(x + w - margin).toBeLessThan(maxX + slack + 1e-3);
    expect(y + h - margin).toBeGreaterThan(maxY);
    expect(y + h - margin).toBeLessThan(maxY + slack + 1e-3);
  });

  it('one <g> per curve carrying its id, in drawing order, with the screen stroke', () => {
    const curves = findAll(svg, 'g').find((g) => g.getAttribute('class') === 'curves')!;
    expect(Array.from(curves.children, (g) => g.getAttribute('id'))).toEqual(
      allKinds.curves.map((c) => c.id),
    );
    expect(curves.getAttribute('stroke')).toBe(CURVE_STROKE.color);
    expect(Number(curves.getAttribute('stroke-width'))).toBeCloseTo(strokeMm, 4);
    expect(curves.getAttribute('fill')).toBe('none');
    expect(findAll(svg, 'title')[0].textContent).toBe('Every kind of curve and constraint');
  });

  it('a point curve is a filled dot of the canvas’s size where it is, not a bare "M x y" that draws nothing', () => {
    const g = findAll(svg, 'g').find((e) => e.getAttribute('id') === 'p1')!;
    expect(g.getAttribute('data-kind')).toBe('point');
    expect(findAll(g, 'path')).toHaveLength(0);
    const [dot] = findAll(g, 'circle');
    const p1 = curve(allKinds, 'p1');
    if (p1.kind !== 'point') throw new Error('p1 is not a point');
    expect([Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))]).toEqual(p1.at);
    expect(Number(dot.getAttribute('r'))).toBeCloseTo(POINT_RADIUS * mmPerPx, 4);
    expect(dot.getAttribute('fill')).toBe(CURVE_STROKE.color);
  });

  it('circles and ellipses are A arcs, closed with Z, on the curve', () => {
    const circle = curveGroup(svg, 'c1');
    const ops = parsePathData(circle.d).map((c) => c.op);
    expect(ops).toEqual(['M', 'A', 'A', 'A', 'Z']);
    for (const cmd of parsePathData(circle.d).filter((c) => c.op === 'A')) {
      expect(cmd.args.slice(0, 2)).toEqual([15, 15]);
      expect(Math.hypot(cmd.args[5] - 100, cmd.args[6] - 40)).toBeCloseTo(15, 3);
    }
    const ellipse = parsePathData(curveGroup(svg, 'e1').d);
    expect(ellipse[1].args.slice(0, 3)).toEqual([25, 10, +((0.3 * 180) / Math.PI).toFixed(10)]);
    expect(ellipse[ellipse.length - 1].op).toBe('Z');
  });

  it('an arc is A commands from its start to its end point', () => {
    const arc = curve(allKinds, 'a1');
    const cmds = parsePathData(curveGroup(svg, 'a1').d);
    expect(cmds.map((c) => c.op)).toEqual(['M', 'A']); // sweep 2 rad < 120°? no: 2 rad ≈ 115°, one piece
    expectNear(cmds[0].args, curvePoint(arc, allKinds, 0));
    expectNear(cmds[1].args.slice(5), curvePoint(arc, allKinds, 1));
    expect(cmds[1].args.slice(0, 5)).toEqual([20, 20, 0, 0, 1]);
  });

  it('a Bézier is one C with its own control points; splines are C runs through their points', () => {
    const bezier = parsePathData(curveGroup(svg, 'z1').d);
    expect(bezier).toEqual([
      { op: 'M', args: [0, 120] },
      { op: 'C', args: [20, 90, 50, 150, 80, 120] },
    ]);
    const open = curve(allKinds, 'sp1');
    const spline = parsePathData(curveGroup(svg, 'sp1').d);
    expect(spline.map((c) => c.op)).toEqual(['M', 'C', 'C', 'C']);
    expect(endPoints(curveGroup(svg, 'sp1').d)).toEqual(open.kind === 'spline' ? open.points : []);
    const closed = parsePathData(curveGroup(svg, 'sp2').d);
    expect(closed.map((c) => c.op)).toEqual(['M', 'C', 'C', 'C', 'Z']);
  });

  it('segments and bars are lines; only the equation curve is sampled, within 0.1 px', () => {
    expect(parsePathData(curveGroup(svg, 's1').d).map((c) => c.op)).toEqual(['M', 'L']);
    expect(parsePathData(curveGroup(svg, 'b1').d).map((c) => c.op)).toEqual(['M', 'L']);
    const eq = curve(allKinds, 'q1');
    const cmds = parsePathData(curveGroup(svg, 'q1').d);
    expect(cmds[0].op).toBe('M');
    expect(cmds[1].op).toBe('L');
    expectNear(cmds[0].args, curvePoint(eq, allKinds, 0));
    // Every sampled vertex lies on the curve: the nearest of many exact points is within the tolerance.
    const pts: Vec2[] = [];
    for (let i = 0; i <= 4000; i++) pts.push(curvePoint(eq, allKinds, i / 4000));
    const tol = 0.1 * mmPerPx;
    const verts = cmds[1].args;
    expect(verts.length).toBeGreaterThan(40);
    for (let i = 0; i < verts.length; i += 2) {
      const nearest = Math.min(...pts.map((p) => Math.hypot(p[0] - verts[i], p[1] - verts[i + 1])));
      expect(nearest).toBeLessThan(tol + 0.02);
    }
  });

  it('traces are paths; construction glyphs are off by default and on with the option', () => {
    const trace = findAll(svg, 'path').find((p) => p.getAttribute('id') === 't1')!;
    expect(trace.getAttribute('d')).toBe('M 1 2 L 3.5 4.25 -6 0.007');
    expect(findAll(svg, 'g').some((g) => g.getAttribute('class') === 'construction')).toBe(false);
    const full = parseSvg(exportSvg(allKinds, { includeConstruction: true }));
    const construction = findAll(full, 'g').find((g) => g.getAttribute('class') === 'construction')!;
    const classes = Array.from(construction.children, (c) => c.getAttribute('class'));
    expect(classes).toEqual(['pin', 'attach', 'bead', 'distance', 'motor', 'motor', 'spring']);
    // The attachment dot sits at its connector.
    const dot = construction.children[1]!;
    const at = curvePoint(curve(allKinds, 's1'), allKinds, 1);
    expectNear([Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))], at);
  });

  it('margin and stroke width options; an empty drawing is still a valid page', () => {
    const tight = parseSvg(exportSvg(allKinds, { margin: 0, strokeWidth: 1 }));
    const loose = parseSvg(exportSvg(allKinds, { margin: 10, strokeWidth: 1 }));
    const wt = Number(tight.getAttribute('viewBox')!.split(' ')[2]);
    const wl = Number(loose.getAttribute('viewBox')!.split(' ')[2]);
    expect(wl - wt).toBeCloseTo(20, 3);
    const curves = findAll(tight, 'g').find((g) => g.getAttribute('class') === 'curves')!;
    expect(curves.getAttribute('stroke-width')).toBe('1');
    const empty = parseSvg(exportSvg(emptyDrawing()));
    expect(empty.getAttribute('width')).toBe('11mm');
    expect(empty.getAttribute('viewBox')).toBe('-5.5 -5.5 11 11');
  });

  it('the stroke does not depend on the zoom the drawing was left at', () => {
    const zoomedIn = structuredClone(allKinds);
    zoomedIn.view.zoom *= 6;
    expect(exportSvg(zoomedIn)).toBe(exportSvg(allKinds));
    const thick = parseSvg(exportSvg(zoomedIn, { strokeWidth: 0.5 }));
    const curves = findAll(thick, 'g').find((g) => g.getAttribute('class') === 'curves')!;
    expect(curves.getAttribute('stroke-width')).toBe('0.5');
  });

  it('ids and titles are escaped', () => {
    const d = emptyDrawing();
    d.meta.title = 'Tom & Jerry <"cat">';
    d.curves.push({ kind: 'segment', id: 'a<b>&"c"', a: [0, 0], b: [1, 0] });
    const out = parseSvg(exportSvg(d));
    expect(findAll(out, 'title')[0].textContent).toBe('Tom & Jerry <"cat">');
    expect(curveGroup(out, 'a<b>&"c"').kind).toBe('segment');
  });
});
