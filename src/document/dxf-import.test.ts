import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Vec2 } from '../shared/drawing';
import { IMPORT_UNITS } from '../shared/import-choices';
import { dxfQuestion, importDxf } from './dxf-import';
import { SPLINE_TOLERANCE } from './dxf-import/spline';
import { ARC_TOLERANCE } from './import-geometry/curves';
import { importFormatFor } from './import-formats';
import { ImportError, summaryLine, type ImportedRecords } from './svg-import';
import { dxfText, entity, line, type DxfParts, type Entity } from './test-support/dxf-text';

const kinds = (r: ImportedRecords) => r.curves.map((c) => c.kind);
const at = (c: Curve, u: number): Vec2 => curvePoint(c, emptyDrawing(), u);
const mm = (entities: Entity[], more: Partial<DxfParts> = {}) =>
  importDxf(dxfText({ insunits: 4, entities, ...more }));

function expectClose(p: ArrayLike<number>, q: ArrayLike<number>, tol = 1e-12) {
  expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeLessThanOrEqual(tol);
}

function only<K extends Curve['kind']>(r: ImportedRecords, kind: K): Extract<Curve, { kind: K }> {
  expect(kinds(r)).toEqual([kind]);
  return r.curves[0] as Extract<Curve, { kind: K }>;
}

const lw = (points: [number, number, number?][], flags = 0, ...more: [number, number][]) =>
  entity(
    'LWPOLYLINE',
    [90, points.length],
    [70, flags],
    ...more,
    ...points.flatMap(([x, y, b]) => [[10, x], [20, y], ...(b ? [[42, b]] : [])] as [number, number][]),
  );

describe('units and y', () => {
  it('a LINE in a millimetre file: y negated (DXF y points up, the drawing’s down)', () => {
    const s = only(mm([line([1, 2], [30, -4])]), 'segment');
    expect(s.a).toEqual([1, -2]);
    expect(s.b).toEqual([30, 4]);
  });

  it('an inch file is read in inches, whatever the user chose', () => {
    const text = dxfText({ insunits: 1, entities: [line([0, 0], [2, 1])] });
    expect(dxfQuestion(text)).toBeNull();
    const s = only(importDxf(text, { units: 'm' }), 'segment');
    expect(s.b).toEqual([50.8, -25.4]);
  });

  it('a unitless file (no $INSUNITS, or 0) asks, and is read in each unit the user may choose (mm by default)', () => {
    for (const insunits of [undefined, 0]) {
      const text = dxfText({ insunits, entities: [line([0, 0], [1, 0])] });
      expect(dxfQuestion(text)).toBe('units');
      expect(importFormatFor('x.DXF').question!(text)).toBe('units');
      expect(only(importDxf(text), 'segment').b).toEqual([1, 0]);
      for (const unit of IMPORT_UNITS)
        expect(only(importDxf(text, { units: unit.id }), 'segment').b[0]).toBe(unit.mm);
    }
  });

  it('feet, metres and US survey feet by their $INSUNITS codes', () => {
    const x = (insunits: number) =>
      only(importDxf(dxfText({ insunits, entities: [line([0, 0], [1, 0])] })), 'segment').b[0];
    expect([x(2), x(6), x(21)]).toEqual([304.8, 1000, 1_200_000 / 3937]);
  });
});

describe('arcs, circles, ellipses', () => {
  it('CIRCLE and ARC: counter-clockwise in DXF, the same points in the drawing', () => {
    const r = mm([
      entity('CIRCLE', [10, 5], [20, 5], [40, 2]),
      entity('ARC', [10, 0], [20, 0], [40, 10], [50, 0], [51, 90]),
    ]);
    expect(kinds(r)).toEqual(['circle', 'arc']);
    expect(r.curves[0]).toMatchObject({ center: [5, -5], radius: 2 });
    const a = r.curves[1];
    const ends = [at(a, 0), at(a, 1)].sort((p, q) => p[0] - q[0]);
    expectClose(ends[0], [0, -10]);
    expectClose(ends[1], [10, 0]);
    expectClose(at(a, 0.5), [10 * Math.SQRT1_2, -10 * Math.SQRT1_2]);
  });

  it('an ARC seen from below (extrusion −z) is mirrored in x; a circle and an ellipse tilted out of the plane are skipped and counted', () => {
    const r = mm([
      entity('ARC', [10, 3], [20, 0], [40, 1], [50, 0], [51, 90], [210, 0], [220, 0], [230, -1]),
      entity('CIRCLE', [10, 0], [20, 0], [40, 1], [210, 1], [220, 0], [230, 0]),
      entity('ELLIPSE', [10, 0], [20, 0], [11, 2], [21, 0], [40, 0.5], [210, 0], [220, 1], [230, 1]),
    ]);
    const a = only(r, 'arc');
    expect(a.center[0]).toBeCloseTo(-3, 12);
    const ends = [at(a, 0), at(a, 1)].sort((p, q) => p[0] - q[0]);
    expectClose(ends[0], [-4, 0]);
    expectClose(ends[1], [-3, -1]);
    expect(r.summary.skipped).toEqual({ 'not in the drawing plane': 2 });
  });

  it('a full ELLIPSE is an ellipse; a circular one a circle; a circular elliptical arc an arc', () => {
    const r = mm([
      entity('ELLIPSE', [10, 1], [20, 2], [11, 0], [21, 6], [40, 0.5], [41, 0], [42, 2 * Math.PI]),
      entity('ELLIPSE', [10, 0], [20, 0], [11, 3], [21, 4], [40, 1], [41, 0], [42, 2 * Math.PI]),
      entity('ELLIPSE', [10, 0], [20, 0], [11, 3], [21, 4], [40, 1], [41, 0], [42, 1]),
    ]);
    expect(kinds(r)).toEqual(['ellipse', 'circle', 'arc']);
    expect(r.curves[0]).toMatchObject({ center: [1, -2], rx: 6, ry: 3 });
    expect(r.curves[1]).toMatchObject({ radius: 5 });
    const arc = r.curves[2] as Extract<Curve, { kind: 'arc' }>;
    expect(Math.abs(arc.sweep)).toBeCloseTo(1, 12);
  });

  it('an elliptical arc becomes Béziers on the ellipse within ARC_TOLERANCE of its major semi-axis', () => {
    const r = mm([entity('ELLIPSE', [10, 0], [20, 0], [11, 20], [21, 0], [40, 0.25], [41, 0.3], [42, 2.5])]);
    expect(new Set(kinds(r))).toEqual(new Set(['bezier']));
    let worst = 0;
    for (const c of r.curves)
      for (let i = 0; i <= 20; i++) {
        const [x, y] = at(c, i / 20);
        worst = Math.max(worst, Math.abs(Math.hypot(x / 20, y / 5) - 1) * 5);
      }
    expect(worst).toBeLessThanOrEqual(ARC_TOLERANCE * 20);
    expect(worst).toBeGreaterThan(0);
    // Its ends are the parameters' points, y negated; the pieces are joined end to end.
    expectClose(at(r.curves[0], 0), [20 * Math.cos(0.3), -5 * Math.sin(0.3)], 1e-12);
    expect(r.summary.attachments).toBe(r.curves.length - 1);
  });
});

describe('polylines', () => {
  it('bulges: +1 a half circle counter-clockwise in DXF, −1 clockwise, 0.5 a smaller arc; zero a segment', () => {
    const r = mm([
      lw([
        [0, 0, 1],
        [10, 0, -1],
        [20, 0, 0.5],
        [30, 0],
        [40, 0],
      ]),
    ]);
    expect(kinds(r)).toEqual(['arc', 'arc', 'arc', 'segment']);
    const [a, b, c] = r.curves as Extract<Curve, { kind: 'arc' }>[];
    expect(a).toMatchObject({ radius: 5 });
    // CCW from (0,0) to (10,0) in DXF passes below the chord: y −5 there, +5 in the drawing.
    expectClose(at(a, 0.5), [5, 5]);
    expectClose(at(b, 0.5), [15, -5]);
    // Bulge 0.5: included angle 4 atan 0.5, radius c (1 + b²) / 4b = 6.25, sagitta c b / 2 = 2.5.
    expect(c.radius).toBeCloseTo(6.25, 12);
    expect(Math.abs(c.sweep)).toBeCloseTo(4 * Math.atan(0.5), 12);
    expectClose(at(c, 0.5), [25, 2.5]);
    expect(r.summary.attachments).toBe(3);
  });

  it('a closed LWPOLYLINE closes with its last piece and one more attachment; an open one does not', () => {
    const square: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const closed = mm([lw(square, 1)]);
    expect(kinds(closed)).toEqual(Array(4).fill('segment'));
    expect(closed.summary.attachments).toBe(4);
    const open = mm([lw(square, 0)]);
    expect(kinds(open)).toHaveLength(3);
    expect(open.summary.attachments).toBe(2);
  });

  it('a 2-D POLYLINE with VERTEXes and bulges, closed; a 3-D one is counted and left out', () => {
    const vertex = (x: number, y: number, bulge = 0) => entity('VERTEX', [10, x], [20, y], [42, bulge]);
    const r = mm([
      entity('POLYLINE', [66, 1], [70, 1]),
      vertex(0, 0, 1),
      vertex(2, 0),
      vertex(2, 2),
      entity('SEQEND'),
      entity('POLYLINE', [66, 1], [70, 8]),
      vertex(0, 0),
      vertex(5, 5),
      entity('SEQEND'),
    ]);
    expect(kinds(r)).toEqual(['arc', 'segment', 'segment']);
    expect(r.summary.attachments).toBe(3);
    expect(r.summary.skipped).toEqual({ 'POLYLINE (3-D or mesh)': 1 });
  });
});

describe('blocks', () => {
  it('nested INSERTs: base point, rotation, a mirroring scale, the insertion point, composed', () => {
    const r = mm([entity('INSERT', [2, 'B'], [10, 100], [20, 0], [41, -2])], {
      blocks: [
        { name: 'A', base: [1, 0], entities: [line([1, 0], [2, 0])] },
        { name: 'B', entities: [entity('INSERT', [2, 'a'], [10, 10], [20, 0], [50, 90])] },
      ],
    });
    const s = only(r, 'segment');
    // In B: A's line from its base point, turned 90° → (0,0)–(0,1), at (10,0): (10,0)–(10,1). In the model: x
    // scaled by −2 → (−20,0)–(−20,1), at (100,0): (80,0)–(80,1); the drawing's y is −y.
    expectClose(s.a, [80, 0]);
    expectClose(s.b, [80, -1]);
  });

  it('a non-uniform scale makes a circle an ellipse and an arc Béziers; an array repeats the block', () => {
    const r = mm(
      [entity('INSERT', [2, 'C'], [10, 0], [20, 0], [41, 2], [42, 1], [70, 2], [71, 3], [44, 100], [45, 50])],
      {
        blocks: [
          {
            name: 'C',
            entities: [
              entity('CIRCLE', [10, 0], [20, 0], [40, 1]),
              entity('ARC', [10, 0], [20, 0], [40, 1], [50, 0], [51, 90]),
            ],
          },
        ],
      },
    );
    expect(r.summary.curves.ellipse).toBe(6);
    expect(r.summary.curves.bezier).toBeGreaterThanOrEqual(6);
    const ellipses = r.curves.filter((c) => c.kind === 'ellipse');
    expect(ellipses.map((e) => e.center)).toEqual([
      [0, 0],
      [0, -50],
      [0, -100],
      [100, 0],
      [100, -50],
      [100, -100],
    ]);
    expect(ellipses[0]).toMatchObject({ rx: 2, ry: 1 });
  });

  it('an INSERT of a missing block, or of a block that inserts itself, is refused naming it', () => {
    expect(() => mm([entity('INSERT', [5, '2F'], [2, 'nope'], [10, 0], [20, 0])])).toThrow(
      new ImportError('INSERT (handle 2F): its block "nope" is not in the file'),
    );
    expect(() =>
      mm([entity('INSERT', [2, 'L'], [10, 0], [20, 0])], {
        blocks: [{ name: 'L', entities: [entity('INSERT', [5, 'A1'], [2, 'L'], [10, 1], [20, 0])] }],
      }),
    ).toThrow(new ImportError('INSERT (handle A1) in block "L": its block "L" inserts itself'));
  });
});

/** Cox–de Boor: the B-spline's point at u, from its basis functions (independent of the import's blossoming). */
function deBoor(p: number, knots: number[], ctrl: Vec2[], u: number, weights?: number[]): Vec2 {
  const n = ctrl.length;
  const basis = (i: number, k: number): number => {
    if (k === 0) {
      const last = u === knots[n] && i === n - 1 - [...knots.slice(0, n)].reverse().findIndex((t) => t < u);
      return (knots[i] <= u && u < knots[i + 1]) || (last && knots[i] < knots[i + 1]) ? 1 : 0;
    }
    const left = knots[i + k] > knots[i] ? ((u - knots[i]) / (knots[i + k] - knots[i])) * basis(i, k - 1) : 0;
    const right =
      knots[i + k + 1] > knots[i + 1]
        ? ((knots[i + k + 1] - u) / (knots[i + k + 1] - knots[i + 1])) * basis(i + 1, k - 1)
        : 0;
    return left + right;
  };
  let [x, y, w] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const b = basis(i, p) * (weights?.[i] ?? 1);
    [x, y, w] = [x + b * ctrl[i][0], y + b * ctrl[i][1], w + b];
  }
  return [x / w, -y / w];
}

const spline = (p: number, knots: number[], ctrl: Vec2[], weights: number[] = [], flags = 8) =>
  entity(
    'SPLINE',
    [70, flags],
    [71, p],
    [72, knots.length],
    [73, ctrl.length],
    ...knots.map((k): [number, number] => [40, k]),
    ...weights.map((k): [number, number] => [41, k]),
    ...ctrl.flatMap(([x, y]): [number, number][] => [
      [10, x],
      [20, y],
    ]),
  );

/** The distance from p to the curve f(u), u in [0, 1]: the nearest of 400 samples refined by golden section. */
function distanceTo(f: (u: number) => Vec2, p: Vec2): number {
  const d = (u: number) => Math.hypot(f(u)[0] - p[0], f(u)[1] - p[1]);
  let best = 0;
  for (let i = 1; i <= 400; i++) if (d(i / 400) < d(best / 400)) best = i;
  let [a, b] = [Math.max(0, (best - 1) / 400), Math.min(1, (best + 1) / 400)];
  for (let k = 0; k < 60; k++) {
    const [x1, x2] = [b - 0.618 * (b - a), a + 0.618 * (b - a)];
    if (d(x1) < d(x2)) b = x2;
    else a = x1;
  }
  return d((a + b) / 2);
}

/** Every imported piece's points within `tol` of the curve f, the first piece starting and the last ending where it does. */
function expectNear(r: ImportedRecords, f: (u: number) => Vec2, tol: number) {
  expectClose(at(r.curves[0], 0), f(0), 1e-12);
  expectClose(at(r.curves[r.curves.length - 1], 1), f(1), 1e-12);
  let worst = 0;
  for (const c of r.curves) for (let k = 0; k <= 8; k++) worst = Math.max(worst, distanceTo(f, at(c, k / 8)));
  expect(worst).toBeLessThanOrEqual(tol);
  expect(r.summary.attachments).toBe(r.curves.length - 1);
}

describe('splines', () => {
  /** Each imported piece against the spline at the same parameter of its knot span. */
  function expectSpans(r: ImportedRecords, p: number, knots: number[], ctrl: Vec2[], tol = 1e-12) {
    const spans = [];
    for (let i = p; i < ctrl.length; i++) if (knots[i] < knots[i + 1]) spans.push([knots[i], knots[i + 1]]);
    expect(r.curves).toHaveLength(spans.length);
    spans.forEach(([a, b], i) => {
      for (let k = 0; k <= 8; k++)
        expectClose(at(r.curves[i], k / 8), deBoor(p, knots, ctrl, a + ((b - a) * k) / 8), tol);
    });
    expect(r.summary.attachments).toBe(spans.length - 1);
  }

  it('degree 3 with a double and a triple interior knot: exact Béziers, one per span, joined', () => {
    const knots = [0, 0, 0, 0, 1, 1, 2, 3, 3, 3, 4, 4, 4, 4];
    const ctrl: Vec2[] = [
      [0, 0],
      [1, 3],
      [3, 4],
      [4, 1],
      [6, 0],
      [7, 2],
      [8, 5],
      [10, 4],
      [11, 1],
      [13, 0],
    ];
    const r = mm([spline(3, knots, ctrl)]);
    expect(new Set(kinds(r))).toEqual(new Set(['bezier']));
    expectSpans(r, 3, knots, ctrl);
  });

  it('degree 2 with a double knot, unclamped degree 3, and degree 1 (segments): exact', () => {
    const knots2 = [0, 0, 0, 1, 2, 2, 3, 3, 3];
    const ctrl2: Vec2[] = [
      [0, 0],
      [2, 3],
      [4, 0],
      [6, 3],
      [8, 0],
      [10, 2],
    ];
    expectSpans(mm([spline(2, knots2, ctrl2)]), 2, knots2, ctrl2);
    const knotsU = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const ctrlU: Vec2[] = [
      [0, 0],
      [2, 5],
      [5, 6],
      [8, 2],
      [9, -3],
    ];
    expectSpans(mm([spline(3, knotsU, ctrlU)]), 3, knotsU, ctrlU);
    const r1 = mm([
      spline(
        1,
        [0, 0, 1, 2, 2],
        [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
      ),
    ]);
    expect(kinds(r1)).toEqual(['segment', 'segment']);
  });

  it('a rational quarter circle is an exact arc; another rational spline and one of degree 5 are cubic pieces within SPLINE_TOLERANCE', () => {
    const quarter = mm([
      spline(
        2,
        [0, 0, 0, 1, 1, 1],
        [
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        [1, Math.SQRT1_2, 1],
        12,
      ),
    ]);
    const arc = only(quarter, 'arc');
    expectClose(arc.center, [0, 0]);
    expect(arc.radius).toBeCloseTo(10, 12);
    expect(Math.abs(arc.sweep)).toBeCloseTo(Math.PI / 2, 12);

    const conicCtrl: Vec2[] = [
      [0, 0],
      [10, 10],
      [20, 0],
    ];
    const conic = mm([spline(2, [0, 0, 0, 1, 1, 1], conicCtrl, [1, 3, 1], 12)]);
    expect(new Set(kinds(conic))).toEqual(new Set(['bezier']));
    expectNear(conic, (u) => deBoor(2, [0, 0, 0, 1, 1, 1], conicCtrl, u, [1, 3, 1]), SPLINE_TOLERANCE * 20);

    const knots = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    const ctrl: Vec2[] = [
      [0, 0],
      [1, 4],
      [3, -2],
      [5, 5],
      [7, -1],
      [9, 2],
    ];
    const r = mm([spline(5, knots, ctrl)]);
    expect(new Set(kinds(r))).toEqual(new Set(['bezier']));
    expectNear(r, (u) => deBoor(5, knots, ctrl, u), SPLINE_TOLERANCE * 9);
  });

  it('a spline of fit points only is counted and left out; bad knots are refused naming the entity', () => {
    const fit = entity(
      'SPLINE',
      [70, 8],
      [71, 3],
      [74, 3],
      [11, 0],
      [21, 0],
      [11, 1],
      [21, 1],
      [11, 2],
      [21, 0],
    );
    expect(mm([fit]).summary.skipped).toEqual({ 'SPLINE (fit points only)': 1 });
    expect(() =>
      mm([
        spline(
          3,
          [0, 0, 0, 1, 1, 1],
          [
            [0, 0],
            [1, 1],
            [2, 0],
            [3, 1],
          ],
        ),
      ]),
    ).toThrow(/^SPLINE on line \d+: it has 6 knots \(group 40\), not 8/);
  });
});

describe('what is left out, and what is refused', () => {
  it('text, hatches and the like are counted in the summary, never an error', () => {
    const r = mm([
      entity('TEXT', [1, 'hello']),
      entity('MTEXT', [1, 'x']),
      entity('TEXT', [1, 'b']),
      entity('HATCH'),
      line([0, 0], [1, 0]),
      entity('POINT', [10, 3], [20, 4]),
    ]);
    expect(summaryLine(r.summary)).toBe('imported 1 segment and 1 point; skipped: 2 TEXT, 1 MTEXT, 1 HATCH');
    expect(r.curves[1]).toMatchObject({ kind: 'point', at: [3, -4] });
  });

  it('our own export’s construction and traces layers are counted and left out', () => {
    const r = mm([
      line([0, 0], [1, 0], [8, 'construction']),
      line([0, 0], [1, 1], [8, 'traces']),
      line([0, 0], [2, 2]),
    ]);
    expect(kinds(r)).toEqual(['segment']);
    expect(r.summary.skipped).toEqual({ 'on layer construction': 1, 'on layer traces': 1 });
  });

  it('entities on a layer that is off or frozen are counted as hidden and left out', () => {
    const r = mm(
      [
        line([0, 0], [1, 0], [8, 'Off']),
        line([0, 0], [2, 0], [8, 'ice']),
        line([0, 0], [3, 0], [8, 'shown']),
      ],
      {
        layers: [
          { name: 'off', flags: 0, color: -7 },
          { name: 'ICE', flags: 1, color: 7 },
          { name: 'shown', flags: 0, color: 7 },
        ],
      },
    );
    expect(kinds(r)).toEqual(['segment']);
    expect(r.curves[0]).toMatchObject({ b: [3, 0] });
    expect(r.summary.skipped).toEqual({ hidden: 2 });
  });

  const refused = (text: string) => {
    try {
      importDxf(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      return (error as Error).message;
    }
    throw new Error('imported');
  };

  it('one line naming the entity, or the line of the file, and what is wrong', () => {
    expect(refused('<svg/>')).toBe('line 1: expected a group code (a whole number), got "<svg/>"');
    expect(refused('0\nLINE\n')).toBe('not a DXF file: it does not begin with a SECTION');
    expect(refused('AutoCAD Binary DXF\r\n\u001a\u0000')).toMatch(
      /^this is a binary DXF file, which is not supported/,
    );
    const good = dxfText({ insunits: 4, entities: [line([0, 0], [1, 0])] });
    expect(refused(good.replace('\n10\n', '\n1x\n'))).toMatch(
      /^line \d+: expected a group code \(a whole number\), got "1x"$/,
    );
    expect(refused(good.slice(0, good.indexOf('EOF') - 12))).toBe(
      'the file ends inside its ENTITIES section: it is cut short',
    );
    expect(
      refused(dxfText({ insunits: 4, entities: [entity('LINE', [5, '1F'], [10, 0], [20, 0], [11, 1])] })),
    ).toBe("LINE (handle 1F): its end's y (group 21) is missing");
    expect(refused(dxfText({ insunits: 4, entities: [line([0, 0], [Number.NaN, 0])] }))).toMatch(
      /^LINE on line \d+: group 11 \(line \d+\) is "NaN", not a number$/,
    );
    expect(refused(dxfText({ insunits: 4, entities: [line([0, 0], [2e9, 0])] }))).toMatch(
      /^LINE on line \d+: its segment's b is beyond ±1e9 mm$/,
    );
    expect(refused(dxfText({ insunits: 7, entities: [line([0, 0], [2000, 0])] }))).toMatch(/beyond ±1e9 mm$/);
    expect(refused(dxfText({ insunits: 99, entities: [] }))).toMatch(
      /\$INSUNITS is "99", which is no DXF unit$/,
    );
  });
});
