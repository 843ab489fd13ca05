import { describe, expect, it } from 'vitest';
import type { Connector, Constraint, Curve, Vec2 } from './drawing';
import {
  layoutSketchGlyphs,
  MAX_SLIDES,
  sketchGlyphAnchors,
  type GlyphGeometry,
} from './sketch-glyph-layout';
import { GLYPH_STYLE } from './style';

const S = GLYPH_STYLE.sketch;

/** Where connectors are on segments (u along a → b) and circles (u: angle 2πu from +x, y down), written out. */
function geometry(curves: Curve[]): GlyphGeometry {
  const byId = new Map(curves.map((c) => [c.id, c]));
  const locate = (c: Connector): Vec2 | null => {
    const curve = byId.get(c.curve);
    const u = c.u ?? (c.anchor === 'end' ? 1 : 0);
    if (curve?.kind === 'segment')
      return [curve.a[0] + u * (curve.b[0] - curve.a[0]), curve.a[1] + u * (curve.b[1] - curve.a[1])];
    if (curve?.kind === 'circle') {
      if (c.anchor === 'center') return curve.center;
      const t = 2 * Math.PI * u;
      return [curve.center[0] + curve.radius * Math.cos(t), curve.center[1] + curve.radius * Math.sin(t)];
    }
    return null;
  };
  return { locate, kindOf: (id) => byId.get(id)?.kind };
}

const seg = (id: string, a: Vec2, b: Vec2): Curve => ({ id, kind: 'segment', a, b });
const circle = (id: string, center: Vec2, radius: number): Curve => ({ id, kind: 'circle', center, radius });
const start = (curve: string): Connector => ({ curve, anchor: 'start' });
const end = (curve: string): Connector => ({ curve, anchor: 'end' });
/** A box's half size in px for a text of n characters. */
const halfPx = (n: number): Vec2 => [(S.charWidth * n) / 2 + S.padding, S.fontSize / 2 + S.padding];

function close(p: Vec2, q: Vec2) {
  expect(p[0]).toBeCloseTo(q[0], 9);
  expect(p[1]).toBeCloseTo(q[1], 9);
}

describe('sketchGlyphAnchors', () => {
  const g = geometry([
    seg('h', [0, 0], [10, 0]),
    seg('v', [0, 0], [0, 10]),
    seg('far', [20, 20], [30, 30]),
    circle('big', [0, 0], 5),
    circle('out', [8, 0], 3),
    circle('in', [2, 0], 3),
  ]);
  const anchors = (k: Constraint) => sketchGlyphAnchors(k as never, g, 0.5);

  it('stands H across its line (up), V across its line (right), at their middles', () => {
    const [h] = anchors({ id: 'k', kind: 'horizontal', a: start('h'), b: end('h') });
    close(h.at, [5, 0]);
    close(h.away, [0, -1]);
    const [v] = anchors({ id: 'k', kind: 'vertical', a: start('v'), b: end('v') });
    close(v.at, [0, 5]);
    close(v.away, [1, 0]);
  });

  it('puts perpendicular outside the corner where the segments meet, else at each middle', () => {
    const corner = anchors({ id: 'k', kind: 'perpendicular', lines: ['h', 'v'] });
    expect(corner).toHaveLength(1);
    close(corner[0].at, [0, 0]);
    close(corner[0].away, [-Math.SQRT1_2, -Math.SQRT1_2]);
    const apart = anchors({ id: 'k', kind: 'perpendicular', lines: ['h', 'far'] });
    expect(apart.map((a) => a.at)).toEqual([
      [5, 0],
      [25, 25],
    ]);
  });

  it('puts tangent at the contact: the curve point at s, or on the line of centres', () => {
    const [line] = anchors({ id: 'k', kind: 'tangent', curves: ['h', 'big'], s: 0.25 });
    close(line.at, [0, 5]); // a quarter turn, y down
    close(line.away, [0, 1]); // outward from the circle
    const [outside] = anchors({ id: 'k', kind: 'tangent', curves: ['big', 'out'], internal: false });
    close(outside.at, [5, 0]);
    close(outside.away, [-1, 0]); // into the bigger circle
    const [inside] = anchors({ id: 'k', kind: 'tangent', curves: ['in', 'big'], internal: true });
    close(inside.at, [5, 0]);
    close(inside.away, [1, 0]); // outside both
  });

  it('marks symmetric on the mirror line with a tick on each point, midpoint at its point', () => {
    const [sym] = anchors({ id: 'k', kind: 'symmetric', a: end('h'), b: end('v'), line: 'far' });
    close(sym.at, [5, 5]); // the chord (10,0)–(0,10) crosses the diagonal line there
    const d = Math.SQRT1_2 * 0.5;
    expect(sym.ticks).toHaveLength(2);
    close(sym.ticks![0][0], [10 - d, -d]);
    close(sym.ticks![0][1], [10 + d, d]);
    const [mid] = anchors({ id: 'k', kind: 'midpoint', point: end('v'), line: 'h' });
    close(mid.at, [0, 10]);
    close(mid.away, [0, -1]);
    const [conc] = anchors({ id: 'k', kind: 'concentric', curves: ['in', 'big'] });
    close(conc.at, [2, 0]);
  });
});

describe('layoutSketchGlyphs', () => {
  const mmPerPx = 0.5;

  it('places each box its gap off the geometry, across a line, and numbers the equals', () => {
    const g = geometry([seg('a', [0, 0], [40, 0]), seg('b', [0, 20], [0, 60]), seg('c', [100, 0], [140, 0])]);
    const glyphs = layoutSketchGlyphs(
      [
        { id: 'h', kind: 'horizontal', a: start('a'), b: end('a') },
        { id: 'v', kind: 'vertical', a: start('b'), b: end('b') },
        { id: 'e', kind: 'equal', curves: ['a', 'b'] },
        { id: 'e2', kind: 'equal', curves: ['c', 'a'] },
      ],
      g,
      mmPerPx,
    );
    expect(glyphs.map((x) => [x.id, x.text])).toEqual([
      ['h', 'H'],
      ['v', 'V'],
      ['e', '=1'],
      ['e', '=1'],
      ['e2', '=2'],
      ['e2', '=2'],
    ]);
    const [h, v] = glyphs;
    close(h.at, [20, -(S.gap + halfPx(1)[1]) * mmPerPx]);
    close(h.half, [halfPx(1)[0] * mmPerPx, halfPx(1)[1] * mmPerPx]);
    close(v.at, [(S.gap + halfPx(1)[0]) * mmPerPx, 40]);
    close(glyphs[4].at, [120, -(S.gap + halfPx(2)[1]) * mmPerPx]); // alone on c
  });

  it('spreads glyphs on one spot into a column away from the geometry, no two boxes overlapping', () => {
    const g = geometry([seg('a', [0, 0], [40, 0]), seg('b', [0, 10], [40, 10])]);
    const ks: Constraint[] = [
      { id: 'h', kind: 'horizontal', a: start('a'), b: end('a') },
      { id: 'p', kind: 'parallel', lines: ['a', 'b'] },
      { id: 'e', kind: 'equal', curves: ['a', 'b'] },
    ];
    const glyphs = layoutSketchGlyphs(ks, g, mmPerPx).filter((x) => x.anchor[1] === 0);
    expect(glyphs.map((x) => x.id)).toEqual(['h', 'p', 'e']);
    const first = -(S.gap + halfPx(1)[1]) * mmPerPx;
    const step = (2 * halfPx(1)[1] + S.gap) * mmPerPx; // one box and a gap
    close(glyphs[0].at, [20, first]);
    close(glyphs[1].at, [20, first - step]);
    close(glyphs[2].at, [20, first - 2 * step]);
    for (const x of glyphs)
      for (const y of glyphs)
        if (x !== y)
          expect(
            Math.abs(x.at[0] - y.at[0]) >= x.half[0] + y.half[0] ||
              Math.abs(x.at[1] - y.at[1]) >= x.half[1] + y.half[1],
          ).toBe(true);
  });

  it('stops sliding after MAX_SLIDES boxes', () => {
    const g = geometry([seg('a', [0, 0], [40, 0])]);
    const ks: Constraint[] = Array.from({ length: MAX_SLIDES + 3 }, (_, i) => ({
      id: `h${i}`,
      kind: 'horizontal' as const,
      a: start('a'),
      b: end('a'),
    }));
    const ys = layoutSketchGlyphs(ks, g, 1).map((x) => x.at[1]);
    const first = -(S.gap + halfPx(1)[1]);
    const step = 2 * halfPx(1)[1] + S.gap;
    expect(ys.slice(0, MAX_SLIDES + 1)).toEqual(
      Array.from({ length: MAX_SLIDES + 1 }, (_, i) => first - i * step),
    );
    expect(ys.slice(MAX_SLIDES + 1)).toEqual([first - MAX_SLIDES * step, first - MAX_SLIDES * step]);
  });
});
