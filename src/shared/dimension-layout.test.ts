import { describe, expect, it } from 'vitest';
import type { Connector, Vec2 } from './drawing';
import {
  dimensionGeometry,
  distanceToDimension,
  layoutDimension,
  measuredValue,
  type DimensionLayout,
  type Locate,
} from './dimension-layout';
import type { DimensionConstraint } from './dimension-value';
import { DIMENSION_STYLE as S } from './style';

const mmPerPx = 0.5;
const px = (n: number) => n * mmPerPx;

/** Connectors of a few made-up curves: s (segment), l1/l2 (lines), c (circle), a (arc). */
const places: Record<string, Partial<Record<string, Vec2>>> = {
  s: { start: [0, 0], end: [40, 0] },
  l1: { start: [0, 0], end: [10, 0] },
  l2: { start: [0, 0], end: [0, 10] },
  c: { center: [5, 5], u0: [15, 5], 'u0.5': [-5, 5] },
  a: { center: [0, 0], u0: [10, 0], 'u0.5': [0, 10] },
};
const locate: Locate = (c: Connector) => places[c.curve]?.[c.anchor ?? `u${c.u}`] ?? null;

function layout(k: DimensionConstraint, away: Vec2 | null = null): DimensionLayout {
  const g = dimensionGeometry(k, locate);
  if (!g) throw new Error('no geometry');
  return layoutDimension(k, g, { mmPerPx, away });
}

const close = (p: Vec2, q: Vec2) => {
  expect(p[0]).toBeCloseTo(q[0], 9);
  expect(p[1]).toBeCloseTo(q[1], 9);
};

describe('linear dimensions', () => {
  const length: DimensionConstraint = { id: 'k', kind: 'length', curve: 's', length: 40 };

  it('stand off the segment on the side away from the drawing, the value beyond the dimension line', () => {
    // The drawing's centre below the segment (y down): the dimension goes above, at y = -offset.
    const out = layout(length, [20, 30]);
    const lineY = -px(S.offset);
    const dimensionLine = out.lines.find(([p, q]) => p[1] === q[1])!;
    close(dimensionLine[0], [0, lineY]);
    close(dimensionLine[1], [40, lineY]);
    close(out.at, [20, lineY - out.half[1] - px(S.textGap)]);
    expect(out.text).toBe('40');
    // Extension lines from a gap above each end to past the dimension line; an arrow at each end pointing out.
    const extensions = out.lines.filter(([p, q]) => p[0] === q[0]);
    expect(extensions.map(([p, q]) => [p, q])).toEqual([
      [
        [0, -px(S.extensionGap)],
        [0, lineY - px(S.extensionOvershoot)],
      ],
      [
        [40, -px(S.extensionGap)],
        [40, lineY - px(S.extensionOvershoot)],
      ],
    ]);
    expect(out.arrows.map((a) => a[0])).toEqual([
      [0, lineY],
      [40, lineY],
    ]);
    expect(out.arrows[0][1][0]).toBeCloseTo(px(S.arrowLength), 12); // pointing left: the base is to its right
    // The centre above instead: the dimension goes below.
    expect(layout(length, [20, -30]).at[1]).toBeGreaterThan(0);
  });

  it('follows the dragged label: the dimension line moves to its offset, and reaches out to it', () => {
    const out = layout({ ...length, label: [50, -10] }, [20, 30]);
    const at: Vec2 = [20 + 50, -px(S.offset) - out.half[1] - px(S.textGap) - 10];
    close(out.at, at);
    const lineY = at[1] + out.half[1] + px(S.textGap);
    const dimensionLine = out.lines.find(([p, q]) => p[1] === q[1])!;
    close(dimensionLine[0], [0, lineY]);
    close(dimensionLine[1], [at[0] + out.half[0], lineY]);
  });

  it('a point to line distance runs from the point to its foot, the foot extended from the line', () => {
    const k: DimensionConstraint = {
      id: 'k',
      kind: 'point-line-distance',
      point: { curve: 'l2', anchor: 'end' },
      line: 's',
      distance: 10,
    };
    const g = dimensionGeometry(k, locate)!;
    expect(g).toMatchObject({ type: 'linear', a: [0, 10], b: [0, 0] });
    expect(measuredValue(g)).toBe(10);
  });
});

describe('radius and diameter', () => {
  it('a circle: a leader from the centre up and right, one arrow on the rim', () => {
    const k: DimensionConstraint = { id: 'k', kind: 'radius', curve: 'c', radius: 10 };
    const g = dimensionGeometry(k, locate)!;
    expect(g).toEqual({ type: 'radial', center: [5, 5], radius: 10, toward: null });
    const out = layout(k);
    expect(out.text).toBe('R 10');
    const w: Vec2 = [Math.SQRT1_2, -Math.SQRT1_2];
    close(out.arrows[0][0], [5 + 10 * w[0], 5 + 10 * w[1]]);
    expect(out.arrows).toHaveLength(1);
    close(out.lines[0][0], [5, 5]);
    // Its label dragged to the left of the circle: the leader turns to it, the arrow on the left of the rim.
    const moved = layout({ ...k, label: [-30 - out.at[0] + 5, 5 - out.at[1]] });
    close(moved.at, [-25, 5]);
    close(moved.arrows[0][0], [-5, 5]);
    close(moved.lines[0][1], [-25 + moved.half[0] + px(S.textGap), 5]);
  });

  it('an arc: towards its middle; a diameter from rim to rim with two arrows', () => {
    const k: DimensionConstraint = { id: 'k', kind: 'radius', curve: 'a', radius: 10, diameter: true };
    const out = layout(k);
    expect(out.text).toBe('⌀ 20');
    close(out.arrows[0][0], [0, 10]);
    close(out.arrows[1][0], [0, -10]);
    close(out.lines[0][0], [0, -10]);
    expect(out.at[0]).toBeCloseTo(0, 12);
    expect(out.at[1]).toBeGreaterThan(10 + px(S.offset));
  });
});

describe('angles', () => {
  it('between two lines: an arc around where they meet, sweeping the measured angle', () => {
    const k: DimensionConstraint = { id: 'k', kind: 'angle', lines: ['l1', 'l2'], angle: Math.PI / 2 };
    const g = dimensionGeometry(k, locate)!;
    expect(g).toMatchObject({ type: 'angular', vertex: [0, 0], start: 0 });
    expect(measuredValue(g)).toBeCloseTo(Math.PI / 2, 15);
    const out = layout(k);
    expect(out.text).toBe('90°');
    expect(out.arcs).toHaveLength(1);
    const arc = out.arcs[0];
    expect(arc.sweep).toBeCloseTo(Math.PI / 2, 15);
    close(out.arrows[0][0], [arc.radius, 0]);
    close(out.arrows[1][0], [0, arc.radius]);
    // The arc (radius 18 mm here) is past both 10 mm lines: each joined to it by an extension line.
    expect(arc.radius).toBeGreaterThan(10);
    expect(out.lines).toHaveLength(2);
  });

  it('of one line: from the horizontal, drawn from the line start', () => {
    const k: DimensionConstraint = {
      id: 'k',
      kind: 'angle',
      lines: ['l2'],
      angle: Math.PI / 2,
      reference: true,
    };
    const out = layout(k);
    expect(out.text).toBe('(90°)');
    close(out.lines[0][0], [0, 0]);
    expect(out.lines[0][1][1]).toBe(0);
  });
});

describe('picking', () => {
  it('is 0 on the text, the distance to the nearest line elsewhere', () => {
    const out = layout({ id: 'k', kind: 'length', curve: 's', length: 40 }, [20, 30]);
    expect(distanceToDimension(out, out.at)).toBe(0);
    const lineY = -px(S.offset);
    expect(distanceToDimension(out, [10, lineY + 1])).toBeCloseTo(1, 12);
    expect(distanceToDimension(out, [20, 30])).toBeGreaterThan(20);
  });
});
