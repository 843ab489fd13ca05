import { describe, expect, it } from 'vitest';
import { curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Vec2 } from '../shared/drawing';
import { ImportError, importSvg, summaryLine, type ImportedRecords } from './svg-import';
import { ARC_TOLERANCE, arcPieces } from './import-geometry/curves';
import { joinEnds } from './import-geometry/joins';

/** An SVG document whose user unit is 1 mm (a 100 mm square page), around `body`. */
const mmSvg = (body: string, root = 'width="100mm" height="100mm" viewBox="0 0 100 100"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

const kinds = (r: ImportedRecords) => r.curves.map((c) => c.kind);
const at = (c: Curve, u: number): Vec2 => curvePoint(c, emptyDrawing(), u);

function expectClose(p: ArrayLike<number>, q: ArrayLike<number>, tol = 1e-12) {
  expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeLessThanOrEqual(tol);
}

function only<K extends Curve['kind']>(r: ImportedRecords, kind: K): Extract<Curve, { kind: K }> {
  expect(kinds(r)).toEqual([kind]);
  return r.curves[0] as Extract<Curve, { kind: K }>;
}

/** Each curve's start and end, in order. */
const ends = (r: ImportedRecords) => r.curves.map((c) => [at(c, 0), at(c, 1)]);

describe('paths', () => {
  it('M L H V, absolute and relative, end where SVG says; Z closes with a segment and an attachment', () => {
    const r = importSvg(mmSvg('<path d="M10 10 L20 10 h5 V20 v5 H10 l0 -5 Z"/>'));
    expect(kinds(r)).toEqual(Array(7).fill('segment'));
    const corners: Vec2[] = [
      [10, 10],
      [20, 10],
      [25, 10],
      [25, 20],
      [25, 25],
      [10, 25],
      [10, 20],
      [10, 10],
    ];
    ends(r).forEach(([a, b], i) => {
      expectClose(a, corners[i]);
      expectClose(b, corners[i + 1]);
    });
    expect(r.constraints).toHaveLength(7);
    // The last end (Z's, at the start) is attached to the first curve's start.
    expect(r.constraints).toContainEqual({
      kind: 'attach',
      id: expect.any(String),
      a: { curve: 'c1', anchor: 'start' },
      b: { curve: 'c7', anchor: 'end' },
    });
  });

  it("after Z, a relative command starts from the closed subpath's first point", () => {
    const r = importSvg(mmSvg('<path d="M10 10 l10 0 l0 10 z l 5 5"/>'));
    expectClose(ends(r)[3][0], [10, 10]);
    expectClose(ends(r)[3][1], [15, 15]);
  });

  it('arcs with flags run together ("a1 1 0 00 1 1"), relative, circular: exact arcs', () => {
    const r = importSvg(mmSvg('<path d="M10 10a10 10 0 00 10 10"/>'));
    const arc = only(r, 'arc');
    // sweep-flag 0: the short way, counter-clockwise on screen (negative sweep in y-down drawing).
    expect(arc.radius).toBeCloseTo(10, 12);
    expectClose(arc.center, [20, 10], 1e-12);
    expect(arc.sweep).toBeCloseTo(-Math.PI / 2, 12);
    expectClose(at(arc, 0), [10, 10]);
    expectClose(at(arc, 1), [20, 20]);
    // large-arc 1, sweep 1: the long way round the other centre.
    const long = only(importSvg(mmSvg('<path d="m10 10a10 10 0 1110 10"/>')), 'arc');
    expectClose(long.center, [20, 10], 1e-12);
    expect(long.sweep).toBeCloseTo((3 * Math.PI) / 2, 12);
  });

  it('radii too small are scaled up until the arc fits (a half circle)', () => {
    const arc = only(importSvg(mmSvg('<path d="M0 50 A1 1 0 0 1 20 50"/>')), 'arc');
    expect(arc.radius).toBeCloseTo(10, 12);
    expectClose(arc.center, [10, 50], 1e-12);
    expectClose(at(arc, 0.5), [10, 40], 1e-12);
  });

  it('consecutive arcs of one circle are one arc; a closed full turn is a circle', () => {
    const arc = only(importSvg(mmSvg('<path d="M30 20 A10 10 0 0 1 20 30 A10 10 0 0 1 10 20"/>')), 'arc');
    expect(arc.sweep).toBeCloseTo(Math.PI, 12);
    const circle = only(
      importSvg(mmSvg('<path d="M30 20 A10 10 0 0 1 10 20 A10 10 0 0 1 30 20 Z"/>')),
      'circle',
    );
    expect(circle.radius).toBeCloseTo(10, 12);
    expectClose(circle.center, [20, 20], 1e-12);
  });

  it('Q is raised exactly to C; T and S reflect the previous control point', () => {
    const r = importSvg(
      mmSvg('<path d="M0 0 Q 30 30 60 0 T 120 0 C 130 -10 140 -10 150 0 S 170 10 180 0 S 200 0 210 0"/>'),
    );
    expect(kinds(r)).toEqual(['bezier', 'bezier', 'bezier', 'bezier', 'bezier']);
    const [q, t, , s, afterS] = r.curves as Extract<Curve, { kind: 'bezier' }>[];
    expect(q.points).toEqual([
      [0, 0],
      [20, 20],
      [40, 20],
      [60, 0],
    ]);
    // T's control point is (30, 30) mirrored about (60, 0): (90, −30), raised: (80, −20) and (100, −20).
    expect(t.points[1][0]).toBeCloseTo(80, 12);
    expect(t.points[1][1]).toBeCloseTo(-20, 12);
    expect(t.points[2][0]).toBeCloseTo(100, 12);
    expect(t.points[2][1]).toBeCloseTo(-20, 12);
    // S's first control point mirrors the cubic's second, (140, −10), about (150, 0); then the S's own, about (180, 0).
    expect(s.points).toEqual([
      [150, 0],
      [160, 10],
      [170, 10],
      [180, 0],
    ]);
    expect(afterS.points).toEqual([
      [180, 0],
      [190, -10],
      [200, 0],
      [210, 0],
    ]);
    // The quadratic's own points lie on the cubic: at t = ½ the quadratic is at (30, 15).
    expectClose(at(q, 0.5), [30, 15], 1e-12);
  });

  it('an elliptical arc becomes Béziers within ARC_TOLERANCE of its size', () => {
    const r = importSvg(mmSvg('<path d="M10 50 A40 20 30 0 1 70 50"/>'));
    expect(r.curves.every((c) => c.kind === 'bezier')).toBe(true);
    // The true ellipse: centre and angles from SVG's own arithmetic; every Bézier sample lies on it.
    const phi = Math.PI / 6;
    let worst = 0;
    const first = r.curves[0] as Extract<Curve, { kind: 'bezier' }>;
    const last = r.curves[r.curves.length - 1] as Extract<Curve, { kind: 'bezier' }>;
    expect(first.points[0]).toEqual([10, 50]);
    expectClose(last.points[3], [70, 50], 1e-12);
    // Centre: the ellipse through both ends is symmetric about their midpoint's normal; find it from the curve.
    const samples = r.curves.flatMap((c) => Array.from({ length: 21 }, (_, i) => at(c, i / 20)));
    // Fit: the ellipse x'²/40² + y'²/20² = 1 in its frame, about an unknown centre: solve for it from two samples.
    const implicit = (p: Vec2, c: Vec2) => {
      const dx = p[0] - c[0];
      const dy = p[1] - c[1];
      const x = dx * Math.cos(phi) + dy * Math.sin(phi);
      const y = -dx * Math.sin(phi) + dy * Math.cos(phi);
      return Math.sqrt((x / 40) ** 2 + (y / 20) ** 2);
    };
    // The centre as SVG computes it (F.6.5), written out for this arc.
    const center = svgArcCenter([10, 50], [70, 50], 40, 20, phi, false, true);
    for (const p of samples) worst = Math.max(worst, Math.abs(implicit(p, center) - 1) * 20);
    expect(worst).toBeLessThanOrEqual(ARC_TOLERANCE * 40);
    expect(worst).toBeGreaterThan(0); // Béziers, not the ellipse itself
  });

  it('the quarter-circle error bound the piece count rests on holds for shorter pieces too', () => {
    for (const theta of [Math.PI / 2, 0.5, 0.1]) {
      const k = (4 / 3) * Math.tan(theta / 4);
      let worst = 0;
      for (let i = 0; i <= 1000; i++) {
        const t = i / 1000;
        const s = 1 - t;
        const x =
          s ** 3 +
          3 * s * s * t +
          3 * s * t * t * (Math.cos(theta) + k * Math.sin(theta)) +
          t ** 3 * Math.cos(theta);
        const y =
          3 * s * s * t * k +
          3 * s * t * t * (Math.sin(theta) - k * Math.cos(theta)) +
          t ** 3 * Math.sin(theta);
        worst = Math.max(worst, Math.abs(Math.hypot(x, y) - 1));
      }
      expect(worst).toBeLessThanOrEqual(2.7253e-4 * (theta / (Math.PI / 2)) ** 6 * 1.0001);
    }
    expect(arcPieces(Math.PI / 2)).toBe(3);
  });
});

/** SVG's arc centre (implementation notes F.6.5), independently of the importer. */
function svgArcCenter(
  p0: Vec2,
  p1: Vec2,
  rx: number,
  ry: number,
  phi: number,
  fa: boolean,
  fs: boolean,
): Vec2 {
  const [c, s] = [Math.cos(phi), Math.sin(phi)];
  const dx = (p0[0] - p1[0]) / 2;
  const dy = (p0[1] - p1[1]) / 2;
  const x1 = c * dx + s * dy;
  const y1 = -s * dx + c * dy;
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const k = (fa === fs ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  return [c * cx1 - s * cy1 + (p0[0] + p1[0]) / 2, s * cx1 + c * cy1 + (p0[1] + p1[1]) / 2];
}

describe('shapes', () => {
  it('line, polyline, polygon', () => {
    expect(ends(importSvg(mmSvg('<line x1="1" y1="2" x2="3" y2="4"/>')))).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
    ]);
    const poly = importSvg(mmSvg('<polyline points="0,0 10,0 10,10"/><polygon points="20 0 30 0 30 10"/>'));
    expect(kinds(poly)).toEqual(Array(5).fill('segment'));
    // polyline: 1 join; polygon: 3 joins (closed).
    expect(poly.constraints).toHaveLength(4);
  });

  it('a rounded rect is four segments and four quarter arcs, all joined', () => {
    const r = importSvg(mmSvg('<rect x="10" y="20" width="40" height="30" rx="5"/>'));
    expect(kinds(r)).toEqual(['segment', 'arc', 'segment', 'arc', 'segment', 'arc', 'segment', 'arc']);
    expect(r.constraints).toHaveLength(8);
    const arcs = r.curves.filter((c) => c.kind === 'arc');
    expect(arcs.map((a) => [a.center, a.radius, a.sweep])).toEqual([
      [[45, 25], 5, Math.PI / 2],
      [[45, 45], 5, Math.PI / 2],
      [[15, 45], 5, Math.PI / 2],
      [[15, 25], 5, Math.PI / 2],
    ]);
    // rx alone sets ry too, clamped to half a side: rx 100 on a 40 × 30 rect is 20 × 15, elliptical corners.
    // The sides shrink to nothing and the four corners are one ellipse's quarters, joined: that ellipse.
    const big = only(importSvg(mmSvg('<rect width="40" height="30" rx="100"/>')), 'ellipse');
    expect(big).toMatchObject({ center: [20, 15], rx: 20, ry: 15 });
    expect(Math.cos(big.rotation)).toBeCloseTo(1, 12);
    // rx and ry unequal: the corners are elliptical arcs, as Béziers.
    const oval = importSvg(mmSvg('<rect width="40" height="30" rx="4" ry="2"/>'));
    expect(new Set(kinds(oval))).toEqual(new Set(['segment', 'bezier']));
    expect(oval.constraints).toHaveLength(oval.curves.length);
  });

  it('circle and ellipse; zero size draws nothing', () => {
    expect(only(importSvg(mmSvg('<circle cx="5" cy="6" r="2"/>')), 'circle')).toMatchObject({
      center: [5, 6],
      radius: 2,
    });
    expect(only(importSvg(mmSvg('<ellipse cx="5" cy="6" rx="4" ry="2"/>')), 'ellipse')).toMatchObject({
      center: [5, 6],
      rx: 4,
      ry: 2,
      rotation: 0,
    });
    const none = importSvg(mmSvg('<circle r="0"/><rect width="0" height="5"/>'));
    expect(none.curves).toEqual([]);
    expect(summaryLine(none.summary)).toBe('imported nothing; skipped: 2 empty');
  });
});

describe('transforms and units', () => {
  it('nested groups compose their transforms (translate, scale, rotate about a centre, matrix)', () => {
    const r = importSvg(
      mmSvg(
        '<g transform="translate(10,20)"><g transform="rotate(90 5 5) scale(2)"><line x1="0" y1="0" x2="1" y2="0" transform="matrix(1 0 0 1 1 0)"/></g></g>',
      ),
    );
    // (1,0)→(2,0): scaled (4,0), rotated 90° about (5,5): (10, 4)… then translated (20, 24).
    const [[a, b]] = ends(r);
    expectClose(a, [10 + 10, 20 + 2 - 0], 1e-12);
    expectClose(b, [10 + 10, 20 + 4], 1e-12);
  });

  it('a circle under rotation and uniform scale stays an arc or circle; under a mirror it sweeps the other way', () => {
    const arc = only(
      importSvg(mmSvg('<path transform="rotate(30) scale(2)" d="M10 0 A10 10 0 0 1 0 10"/>')),
      'arc',
    );
    expect(arc.radius).toBeCloseTo(20, 12);
    expectClose(at(arc, 0), [20 * Math.cos(Math.PI / 6), 20 * Math.sin(Math.PI / 6)], 1e-12);
    const mirrored = only(
      importSvg(mmSvg('<path transform="scale(-1 1)" d="M10 0 A10 10 0 0 1 0 10"/>')),
      'arc',
    );
    expect(mirrored.sweep).toBeCloseTo(-Math.PI / 2, 12);
    expectClose(at(mirrored, 1), [0, 10], 1e-12);
  });

  it('an ellipse under a skew is the exact ellipse of the same points', () => {
    const e = only(
      importSvg(mmSvg('<ellipse cx="0" cy="0" rx="4" ry="2" transform="skewX(30)"/>')),
      'ellipse',
    );
    // Every point of the skewed ellipse lies on the imported one, and its area is kept (a skew keeps areas).
    expect(e.rx * e.ry).toBeCloseTo(8, 12);
    for (let i = 0; i < 12; i++) {
      const t = (i / 12) * 2 * Math.PI;
      const p: Vec2 = [4 * Math.cos(t) + Math.tan(Math.PI / 6) * 2 * Math.sin(t), 2 * Math.sin(t)];
      const x = p[0] * Math.cos(e.rotation) + p[1] * Math.sin(e.rotation);
      const y = -p[0] * Math.sin(e.rotation) + p[1] * Math.cos(e.rotation);
      expect((x / e.rx) ** 2 + (y / e.ry) ** 2).toBeCloseTo(1, 12);
    }
  });

  it('a circular arc under a non-uniform scale becomes Béziers', () => {
    const r = importSvg(mmSvg('<path transform="scale(2 1)" d="M10 0 A10 10 0 0 1 0 10"/>'));
    expect(new Set(kinds(r))).toEqual(new Set(['bezier']));
  });

  it.each([
    ['width="100mm" height="50mm" viewBox="0 0 200 100"', 0.5],
    ['width="10cm" height="5cm" viewBox="0 0 100 50"', 1],
    ['width="4in" height="2in" viewBox="0 0 4 2"', 25.4],
    ['width="72pt" height="72pt" viewBox="0 0 1 1"', 25.4],
    ['width="6pc" height="6pc" viewBox="0 0 1 1"', 25.4],
    ['width="96px" height="96px" viewBox="0 0 1 1"', 25.4],
    ['width="96" height="96" viewBox="0 0 1 1"', 25.4],
    ['', 25.4 / 96],
    ['width="50mm" height="50mm"', 25.4 / 96],
  ])('root %s: one user unit is %f mm', (root, mm) => {
    const [[, b]] = ends(importSvg(mmSvg('<line x1="0" y1="0" x2="1" y2="1"/>', root)));
    expect(b[0]).toBeCloseTo(mm, 12);
    expect(b[1]).toBeCloseTo(mm, 12);
  });

  it('preserveAspectRatio centres a viewBox of another proportion; lengths in elements take their units', () => {
    // 100 × 50 mm showing a 10 × 10 box: scale 5, centred along x (25 mm each side).
    const [[a]] = ends(
      importSvg(
        mmSvg('<line x1="0" y1="0" x2="1" y2="0"/>', 'width="100mm" height="50mm" viewBox="0 0 10 10"'),
      ),
    );
    expectClose(a, [25, 0], 1e-12);
    const [[, b]] = ends(
      importSvg(
        mmSvg(
          '<line x1="0" y1="0" x2="10mm" y2="1in"/>',
          'width="100mm" height="100mm" viewBox="0 0 100 100"',
        ),
      ),
    );
    // A 100 mm page of 100 user units: 1 user unit = 1 mm, and 10mm inside is 10 × 96/25.4 px = 37.8 user units.
    expectClose(b, [(10 * 96) / 25.4, 96], 1e-9);
  });
});

describe('attachments, names and what is skipped', () => {
  it('ends that meet across elements are attached; names come from ids a person chose', () => {
    const r = importSvg(
      mmSvg(
        '<line id="arm" x1="0" y1="0" x2="10" y2="0"/><path id="path3717" d="M10 0 L 10 10"/><g id="crank"><line x1="50" y1="0" x2="60" y2="0"/></g>',
      ),
    );
    expect(r.curves.map((c) => c.name)).toEqual(['arm', undefined, 'crank']);
    expect(r.constraints).toEqual([
      { kind: 'attach', id: 'k1', a: { curve: 'c1', anchor: 'end' }, b: { curve: 'c2', anchor: 'start' } },
    ]);
    const several = importSvg(mmSvg('<polyline id="outline" points="0 0 1 0 1 1"/>'));
    expect(several.curves.map((c) => c.name)).toEqual(['outline 1', 'outline 2']);
  });

  it('ends farther apart than 1e-9 of the drawing are not attached', () => {
    const r = importSvg(
      mmSvg('<line x1="0" y1="0" x2="50" y2="0"/><line x1="50" y1="1e-6" x2="100" y2="0"/>'),
    );
    expect(r.constraints).toEqual([]);
    const near = importSvg(
      mmSvg('<line x1="0" y1="0" x2="50" y2="0"/><line x1="50" y1="1e-8" x2="100" y2="0"/>'),
    );
    expect(near.constraints).toHaveLength(1);
  });

  it('text, images, use, defs, clips and styles are skipped and counted, never an error', () => {
    const r = importSvg(
      mmSvg(
        '<style>.a{}</style><defs><path d="M0 0 L 1 1"/></defs><text>hi</text><text>ho</text><image href="x.png"/><use href="#a"/>' +
          '<g clip-path="url(#c)"><line x2="5" style="stroke:red"/></g><title>t</title><foo:bar xmlns:foo="urn:x"/><g display="none"><line x2="1"/></g>',
      ),
    );
    expect(kinds(r)).toEqual(['segment']);
    expect(summaryLine(r.summary)).toBe(
      'imported 1 segment; skipped: 1 defs, 2 text, 1 image, 1 use, 1 clip-path, 1 hidden, styles',
    );
  });
});

describe('bad input: one line naming where, nothing imported', () => {
  it.each([
    ['not xml at all', /^not valid XML: /],
    ['<svg><g></svg>', /^not valid XML: .* at line 1, column/],
    ['<html xmlns="http://www.w3.org/1999/xhtml"/>', /^the root element is <html>, not <svg>/],
    [mmSvg('\n<path d="M0 0"/>\n<path d="M 0 0 L 1 x"/>'), /^path #2 \(line 3\): bad path data: /],
    [
      mmSvg('<path id="edge" d="M0 0 A 1 1 0 2 1 1 1"/>'),
      /^path "edge" \(line 1\): bad path data: Expected a flag/,
    ],
    [mmSvg('<circle r="big"/>'), /^circle #1 \(line 1\): r: expected a length, got "big"/],
    [mmSvg('<circle r="-1"/>'), /^circle #1 \(line 1\): r: must not be negative/],
    [mmSvg('<g transform="rotate(1 2)"><line x2="1"/></g>'), /^g #1 \(line 1\): bad transform rotate\(1 2\)/],
    [
      mmSvg('<line x2="1e300" transform="scale(1e10)"/>'),
      /^line #1 \(line 1\): its segment's b is not a finite number/,
    ],
    [mmSvg('<line x2="1e10"/>'), /^line #1 \(line 1\): its segment's b is beyond ±1e9 mm/],
    ['<svg xmlns="http://www.w3.org/2000/svg" width="-5mm"/>', /^svg #1 \(line 1\): width: must be positive/],
    [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 1"/>',
      /^svg #1 \(line 1\): viewBox: expected four numbers/,
    ],
  ])('%s', (text, message) => {
    let thrown: unknown;
    try {
      importSvg(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ImportError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toMatch(/\n/);
  });
});

describe('joining ends', () => {
  it('joins ends far out beside a small tolerance, and the search ends (past 2⁵³ cells x + 1 is x)', () => {
    let k = 0;
    const far: Vec2 = [1e300, 0];
    const joins = joinEnds(
      [
        { kind: 'segment', id: 'c1', a: far, b: far },
        { kind: 'segment', id: 'c2', a: far, b: [5, 0] },
      ],
      1e-9,
      () => `k${++k}`,
    );
    expect(joins.map((j) => [j.a, j.b])).toEqual([
      [
        { curve: 'c1', anchor: 'start' },
        { curve: 'c1', anchor: 'end' },
      ],
      [
        { curve: 'c1', anchor: 'start' },
        { curve: 'c2', anchor: 'start' },
      ],
    ]);
  });
});

describe('<use>: its target drawn where the use stands', () => {
  const BOLT = '<defs><path id="bolt" d="M 0 0 L 4 0"/></defs>';

  it('a path in defs, by href and by xlink:href, at x and y, after the use transform', () => {
    const r = importSvg(
      mmSvg(
        `${BOLT}<use href="#bolt" x="10" y="20"/>` +
          '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#bolt" transform="rotate(90)" x="5"/>',
      ),
    );
    expect(kinds(r)).toEqual(['segment', 'segment']);
    expect(ends(r)[0]).toEqual([
      [10, 20],
      [14, 20],
    ]);
    // transform then translate(x, y): (5, 0) and (9, 0) turned a quarter turn about the origin.
    expectClose(ends(r)[1][0], [0, 5]);
    expectClose(ends(r)[1][1], [0, 9]);
    expect(r.curves.map((c) => c.name)).toEqual(['bolt', 'bolt']);
    expect(summaryLine(r.summary)).toBe('imported 2 segments; skipped: 1 defs');
  });

  it('a group keeps its own transform; a symbol is fitted into the use’s width and height by its viewBox', () => {
    const r = importSvg(
      mmSvg(
        '<defs><g id="pair" transform="translate(1 0)"><line x2="2"/><line y2="2"/></g>' +
          '<symbol id="s" viewBox="0 0 10 10"><line x1="0" y1="5" x2="10" y2="5"/></symbol></defs>' +
          '<use href="#pair" x="50"/><use href="#s" x="20" y="30" width="40" height="40"/>',
      ),
    );
    expect(ends(r).slice(0, 2)).toEqual([
      [
        [51, 0],
        [53, 0],
      ],
      [
        [51, 0],
        [51, 2],
      ],
    ]);
    // The symbol's 10 × 10 box into 40 × 40 at (20, 30): its line at y 5 spans x 20 … 60 at y 50.
    expectClose(ends(r)[2][0], [20, 50]);
    expectClose(ends(r)[2][1], [60, 50]);
  });

  it('a use inside its own target is circular: skipped and counted, not followed for ever', () => {
    const r = importSvg(mmSvg('<g id="loop"><line x2="3"/><use href="#loop" x="10"/></g>'));
    // The group once, its use drawn once more (a copy of the group shifted 10), whose own use is the circle.
    expect(kinds(r)).toEqual(['segment', 'segment']);
    expect(summaryLine(r.summary)).toBe('imported 2 segments; skipped: 1 use (circular)');
  });

  it('nested uses that multiply past the limit are one line, nothing imported', () => {
    // Each level uses the one below ten times: 10⁶ lines through <use>.
    let defs = '<line id="l0" x2="1"/>';
    for (let level = 1; level <= 6; level++)
      defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    const svg = mmSvg(`<defs>${defs}</defs><use href="#l6"/>`);
    expect(() => importSvg(svg)).toThrow(ImportError);
    expect(() => importSvg(svg)).toThrow(
      /^use #\d+ \(line 1\): draws more than 100,000 elements through <use>/,
    );
  });
});
