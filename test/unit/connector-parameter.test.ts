// The Plot panel's reading of a connector as a u (src/shared/connector-parameter.ts) is the engine's own: for every
// curve kind and anchor, the point at that u is where the engine puts the connector.
import { describe, expect, it } from 'vitest';
import { curveGeometry } from '../../src/engine/pure';
import { connectorParameter } from '../../src/shared/connector-parameter';
import { CURVE_KINDS, emptyDrawing, type Anchor, type Curve } from '../../src/shared/drawing';
import { presetDefinition } from '../../src/engine/expr';

const drawing = emptyDrawing();
const cycloid = presetDefinition('preset-cycloid')!;
drawing.equations.push(cycloid);
const CURVES: Record<(typeof CURVE_KINDS)[number], Curve> = {
  point: { kind: 'point', id: 'p', at: [1, 2] },
  segment: { kind: 'segment', id: 's', a: [0, 0], b: [10, 4] },
  bar: { kind: 'bar', id: 'b', center: [3, 1], angle: 0.4, length: 12 },
  circle: { kind: 'circle', id: 'c', center: [0, 0], radius: 5 },
  arc: { kind: 'arc', id: 'a', center: [0, 0], radius: 5, start: 0.2, sweep: 2 },
  ellipse: { kind: 'ellipse', id: 'e', center: [0, 0], rx: 5, ry: 3, rotation: 0.3 },
  bezier: {
    kind: 'bezier',
    id: 'z',
    points: [
      [0, 0],
      [3, 5],
      [7, 5],
      [10, 0],
    ],
  },
  spline: {
    kind: 'spline',
    id: 'l',
    points: [
      [0, 0],
      [5, 3],
      [10, 0],
    ],
    closed: false,
  },
  equation: { kind: 'equation', id: 'q', definition: cycloid.id, params: { cx: 0, cy: 0, rot: 0.1 } },
};

describe("a connector's u", () => {
  it.each(CURVE_KINDS)('is where the engine puts the anchor, for a %s', (kind) => {
    const geometry = curveGeometry(CURVES[kind], drawing);
    for (const anchor of ['start', 'end', 'center'] as Anchor[]) {
      const connector = { curve: CURVES[kind].id, anchor };
      const u = connectorParameter(kind, connector);
      if (u === null) {
        expect(kind, anchor).toMatch(/circle|arc|ellipse/);
        expect(anchor).toBe('center');
        continue;
      }
      const at = geometry.point(u);
      const expected = geometry.connectorPoint(connector);
      expect(Math.hypot(at[0] - expected[0], at[1] - expected[1]), `${kind} ${anchor}`).toBeLessThan(1e-12);
    }
    expect(connectorParameter(kind, { curve: 'x', u: 0.3 })).toBe(0.3);
  });
});
