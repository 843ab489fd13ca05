// The DXF export read back by an independent reader (ezdxf, test-support/dxf-reading.ts): its audit finds no error,
// its header says millimetres, and every entity's geometry as ezdxf reads and evaluates it is the drawing's own, as
// the engine evaluates it, to 1e-9 mm.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import type { Curve, Drawing, Vec2 } from '../shared/drawing';
import { DXF_LAYERS } from '../shared/dxf-options';
import { trailFromPoints, trailPoints } from '../shared/trail';
import { dxfCurveEntity } from './dxf-curves';
import { exportDxf } from './dxf-export';
import { readWithEzdxf, type EzdxfEntity } from './test-support/dxf-reading';
import { exampleDrawings, validFixtures } from './test-support/fixtures';
import { loadDrawingFile } from './file-io';
import { parseDrawingText } from './validate';

const TOL = 1e-9;
const flip = (p: Vec2): Vec2 => [p[0], -p[1]];
const dist = (p: Vec2, q: Vec2) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Every curve kind (the all-kinds fixture), and the forms an exporter may get wrong: a counter-clockwise arc, an
 * arc and a circle of negative radius (as the engine leaves them in memory), a tall ellipse; a coloured trace. */
function everyKind(): Drawing {
  const d = parseDrawingText(
    readFileSync(
      validFixtures().find((f) => f.endsWith('all-kinds.curvewright'))!,
      'utf8',
    ),
  );
  const more: Curve[] = [
    { kind: 'arc', id: 'a2', center: [-30, 40], radius: 12, start: 2.5, sweep: -4 },
    { kind: 'arc', id: 'a3', center: [-60, 40], radius: -9, start: -1, sweep: 5.5 },
    { kind: 'circle', id: 'c2', center: [-90, 10], radius: -4 },
    { kind: 'ellipse', id: 'e2', center: [-40, -40], rx: 6, ry: 15, rotation: -2.2 },
    {
      kind: 'spline',
      id: 'sp3',
      points: [
        [0, -50],
        [10, -60],
        [25, -45],
        [30, -70],
        [50, -52],
      ],
      closed: false,
    },
  ];
  d.curves.push(...more);
  d.traces.push({
    id: 't2',
    point: { curve: 'p1', anchor: 'center' },
    points: trailFromPoints([
      [0, 0],
      [1.5, -2.25],
      [3, 0.125],
    ]),
    color: '#ff8000',
  });
  return d;
}

function expectNear(actual: Vec2 | undefined, expected: Vec2, what: string) {
  expect(actual, what).toBeDefined();
  expect(dist(actual!, expected), `${what}: ${actual} vs ${expected}`).toBeLessThan(TOL);
}

/** Checks one curve's entity as ezdxf reads it against the curve as the engine evaluates it. */
function checkCurve(curve: Curve, drawing: Drawing, e: EzdxfEntity) {
  const at = (u: number) => flip(curvePoint(curve, drawing, u));
  const what = `${curve.id} (${e.type})`;
  expect(e.layer).toBe(DXF_LAYERS.geometry);
  switch (e.type) {
    case 'POINT':
      expectNear(e.at, at(0), what);
      return;
    case 'LINE':
      expectNear(e.start, at(0), what);
      expectNear(e.end, at(1), what);
      return;
    case 'CIRCLE':
      // Every point of the curve is on the circle.
      for (let k = 0; k < 8; k++) expect(Math.abs(dist(at(k / 8), e.center!) - e.radius!)).toBeLessThan(TOL);
      return;
    case 'ARC': {
      if (curve.kind !== 'arc') throw new Error(`${what}: an ARC for a ${curve.kind}`);
      // DXF's arc runs counter-clockwise from start to end: a clockwise sweep on screen starts at u = 1.
      const [first, last] = curve.sweep > 0 ? [at(1), at(0)] : [at(0), at(1)];
      expectNear(e.startPoint, first, `${what} start`);
      expectNear(e.endPoint, last, `${what} end`);
      // The side it takes: its middle, counter-clockwise halfway, is the curve's.
      const span = (((e.endAngle! - e.startAngle!) % 360) + 360) % 360;
      const mid = ((e.startAngle! + span / 2) * Math.PI) / 180;
      expectNear(
        [e.center![0] + e.radius! * Math.cos(mid), e.center![1] + e.radius! * Math.sin(mid)],
        at(0.5),
        what,
      );
      return;
    }
    case 'ELLIPSE': {
      if (curve.kind !== 'ellipse') throw new Error(`${what}: an ELLIPSE for a ${curve.kind}`);
      expect(e.ratio).toBeLessThanOrEqual(1);
      expect([e.startParam, e.endParam]).toEqual([0, 2 * Math.PI]);
      // Each point ezdxf evaluates is on the drawing's ellipse: its distance from it (F − 1)/|∇F|, F the implicit form.
      const c = Math.cos(curve.rotation);
      const s = Math.sin(curve.rotation);
      for (const p of e.samples!) {
        const [dx, dy] = [p[0] - curve.center[0], -p[1] - curve.center[1]];
        const x = c * dx + s * dy;
        const y = -s * dx + c * dy;
        const f = (x / curve.rx) ** 2 + (y / curve.ry) ** 2;
        const grad = Math.hypot((2 * x) / curve.rx ** 2, (2 * y) / curve.ry ** 2);
        expect(Math.abs(f - 1) / grad, what).toBeLessThan(TOL);
      }
      return;
    }
    case 'SPLINE':
      // The B-spline's parameter is the curve's u: ezdxf's own evaluation at u is the engine's point at u.
      expect(e.degree).toBe(3);
      expect(e.params!.length).toBeGreaterThan(5);
      e.params!.forEach((u, i) => expectNear(e.samples![i], at(u), `${what} at u = ${u}`));
      return;
    case 'LWPOLYLINE': {
      const ours = dxfCurveEntity(curve, drawing);
      if (ours.type !== 'LWPOLYLINE') throw new Error(`${what}: an LWPOLYLINE for a ${ours.type}`);
      expect(e.closed).toBe(ours.closed);
      expect(e.points).toHaveLength(ours.points.length);
      e.points!.forEach((p, i) => expectNear(p, ours.points[i], `${what} vertex ${i}`));
      return;
    }
    default:
      throw new Error(`${what}: unexpected entity`);
  }
}

describe('DXF export read by ezdxf', () => {
  const drawing = everyKind();
  const reading = readWithEzdxf(exportDxf(drawing), 13);

  it('passes the audit, in millimetres, with its four layers', () => {
    expect(reading.audit.errors).toEqual([]);
    expect(reading.audit.fixes).toEqual([]);
    expect(reading.header.insunits).toBe(4);
    expect(reading.header.measurement).toBe(1);
    expect(reading.layers).toEqual(expect.arrayContaining(Object.values(DXF_LAYERS)));
  });

  it('has one entity per curve, in order, whose geometry is the curve to 1e-9 mm', () => {
    const kinds = reading.entities.filter((e) => e.layer === DXF_LAYERS.geometry);
    expect(kinds.map((e) => e.type)).toEqual([
      'POINT',
      'LINE',
      'LINE',
      'CIRCLE',
      'ARC',
      'ELLIPSE',
      'SPLINE',
      'SPLINE',
      'SPLINE',
      'LWPOLYLINE',
      'ARC',
      'ARC',
      'CIRCLE',
      'ELLIPSE',
      'SPLINE',
    ]);
    drawing.curves.forEach((curve, i) => checkCurve(curve, drawing, kinds[i]));
  });

  it('writes each trace as an LWPOLYLINE of its points, in its own colour if it has one', () => {
    const traces = reading.entities.filter((e) => e.layer === DXF_LAYERS.traces);
    expect(traces).toHaveLength(drawing.traces.length);
    drawing.traces.forEach((trace, i) => {
      const e = traces[i];
      expect(e.type).toBe('LWPOLYLINE');
      expect(e.closed).toBe(false);
      const points = trailPoints(trace.points).map(flip);
      expect(e.points).toHaveLength(points.length);
      e.points!.forEach((p, k) => expectNear(p, points[k], `${trace.id} point ${k}`));
    });
    expect(traces[0].trueColor).toBeUndefined();
    expect(traces[1].trueColor).toBe(0xff8000);
  });

  it('leaves the construction and dimension layers empty unless asked', () => {
    const layers = new Set(reading.entities.map((e) => e.layer));
    expect(layers.has(DXF_LAYERS.construction)).toBe(false);
    expect(layers.has(DXF_LAYERS.dimensions)).toBe(false);
  });

  it('draws the construction when asked: pins, attachments, beads, motors as points, distances and springs as lines', () => {
    const withConstruction = readWithEzdxf(exportDxf(drawing, { construction: true }));
    expect(withConstruction.audit.errors).toEqual([]);
    const marks = withConstruction.entities.filter((e) => e.layer === DXF_LAYERS.construction);
    // all-kinds: pin k1, attach k2, bead k3, distance k4, motors m1 (bar) and m2 (pivot), then spring sp-1.
    expect(marks.map((e) => e.type)).toEqual(['POINT', 'POINT', 'POINT', 'LINE', 'POINT', 'POINT', 'LINE']);
    expectNear(marks[0].at, [10, -20], 'pin');
    const b1 = drawing.curves.find((c) => c.id === 'b1')!;
    expectNear(marks[4].at, flip(curvePoint(b1, drawing, 0.5)), 'motor m1 at its bar');
  });

  it('writes each dimension as a DIMENSION of its kind, with its picture in its block, measuring what the drawing does', () => {
    const d = everyKind();
    d.constraints.push(
      { kind: 'length', id: 'L1', curve: 's1', length: 41.23 },
      { kind: 'radius', id: 'R1', curve: 'c1', radius: 15 },
      { kind: 'radius', id: 'D1', curve: 'a1', radius: 20, diameter: true },
      { kind: 'angle', id: 'A1', lines: ['s1', 'b1'], angle: 0.3, reference: true },
      { kind: 'angle', id: 'A2', lines: ['s1'], angle: -0.2 },
      {
        kind: 'point-line-distance',
        id: 'P1',
        point: { curve: 'p1', anchor: 'center' },
        line: 's1',
        distance: 10,
      },
    );
    const read = readWithEzdxf(exportDxf(d, { dimensions: true }));
    expect(read.audit).toEqual({ errors: [], fixes: [] });
    const dims = read.entities.filter((e) => e.layer === DXF_LAYERS.dimensions);
    const point = (id: string, u: number) =>
      curvePoint(
        d.curves.find((c) => c.id === id)!,
        d,
        u,
      );
    const deg = (rad: number) => (Math.abs(rad) * 180) / Math.PI;
    const [a, b] = [point('a1', 0), point('e1', 0.5)];
    const bar = d.curves.find((c) => c.id === 'b1')!;
    const barAngle = bar.kind === 'bar' ? bar.angle : NaN;
    // What each measures, from the drawing's own numbers: the distance k4 (all-kinds), the segment s1 (0,0)–(40,10),
    // the circle c1 (r 15), the arc a1 (r 20) as a diameter, s1 against the bar b1, s1 from the horizontal, and the
    // point p1 (10, 20) from the line of s1.
    const expected = [
      { dimtype: 0, text: '42.5', measurement: dist(a, b) },
      { dimtype: 0, text: '41.23', measurement: Math.hypot(40, 10) },
      { dimtype: 4, text: 'R 15', measurement: 15 },
      { dimtype: 3, text: '⌀ 40', measurement: 40 },
      {
        dimtype: 5,
        text: `(${deg(barAngle - Math.atan2(10, 40)).toFixed(2)}°)`,
        measurement: deg(barAngle - Math.atan2(10, 40)),
      },
      { dimtype: 5, text: '11.46°', measurement: deg(Math.atan2(10, 40)) },
      { dimtype: 0, text: '10', measurement: Math.abs(40 * 20 - 10 * 10) / Math.hypot(40, 10) },
    ];
    expect(dims.map((e) => ({ dimtype: e.dimtype, text: e.text }))).toEqual(
      expected.map(({ dimtype, text }) => ({ dimtype, text })),
    );
    dims.forEach((e, i) => {
      expect(e.type).toBe('DIMENSION');
      expect(Math.abs(e.measurement! - expected[i].measurement), `${e.text}: ${e.measurement}`).toBeLessThan(
        TOL,
      );
      // Its picture: lines, arrowheads (outlined and filled), and its value.
      expect(e.blockEntities).toEqual(expect.arrayContaining(['LINE', 'LWPOLYLINE', 'HATCH', 'MTEXT']));
    });
    // The definition points are where the drawing's points are.
    expectNear(dims[0].defpoint2, flip(a), 'distance from');
    expectNear(dims[0].defpoint3, flip(b), 'distance to');
    expectNear(dims[2].defpoint, [100, -40], 'radius centre');
    expect(Math.abs(dist(dims[2].defpoint4!, [100, -40]) - 15)).toBeLessThan(TOL);
    expectNear(dims[5].defpoint4, [0, 0], 'angle vertex');
  });

  it('leaves out a dimension whose references cannot be located, and no other', () => {
    const d = everyKind();
    d.constraints.push(
      { kind: 'length', id: 'L1', curve: 'gone', length: 5 },
      { kind: 'radius', id: 'R1', curve: 'c1', radius: 15 },
    );
    const dims = readWithEzdxf(exportDxf(d, { dimensions: true })).entities.filter(
      (e) => e.layer === DXF_LAYERS.dimensions,
    );
    expect(dims.map((e) => e.text)).toEqual(['42.5', 'R 15']);
  });

  it('refuses a trace with a point that is not a number, naming it, rather than write NaN', () => {
    const d = everyKind();
    d.traces[0].points.xy[1] = Number.NaN;
    expect(() => exportDxf(d)).toThrow('cannot write trace 1 to DXF: a point of it is not a finite number');
  });

  it('exports every shipped example, dimensions and construction too, with nothing for the audit to fix', async () => {
    const examples = exampleDrawings();
    expect(examples.length).toBeGreaterThan(0);
    for (const file of examples) {
      const example = await loadDrawingFile(file);
      const read = readWithEzdxf(exportDxf(example, { dimensions: true, construction: true }), 3);
      expect(read.audit, file).toEqual({ errors: [], fixes: [] });
      expect(
        read.entities.filter((e) => e.layer === DXF_LAYERS.geometry),
        file,
      ).toHaveLength(example.curves.length);
    }
  });
});
