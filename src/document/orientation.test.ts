import { describe, expect, it } from 'vitest';
import { emptyTrail } from '../shared/trail';
import { connectorPoint, curvePoint } from '../engine';
import { emptyDrawing, type Connector, type Drawing } from '../shared/drawing';
import { withPositiveSizes } from '../shared/positive-sizes';
import { parseDrawingText } from './validate';
import { serializeDrawing } from './serialize';

function insideOut(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { kind: 'circle', id: 'c', center: [10, 20], radius: -5 },
    { kind: 'arc', id: 'a', center: [0, 0], radius: -8, start: 0.3, sweep: 1.9 },
    { kind: 'ellipse', id: 'e2', center: [5, 5], rx: -6, ry: -3, rotation: 0.2 },
    { kind: 'ellipse', id: 'ex', center: [-5, 5], rx: -6, ry: 3, rotation: 0.4 },
    { kind: 'ellipse', id: 'ey', center: [5, -5], rx: 6, ry: -3, rotation: -0.7 },
    { kind: 'segment', id: 's', a: [0, 0], b: [1, 1] },
  );
  const onEach = (id: string, n: number): Connector[] => [
    { curve: id, anchor: 'start' },
    { curve: id, anchor: 'end' },
    { curve: id, anchor: 'center' },
    ...Array.from({ length: n }, (_, i) => ({ curve: id, u: i / (n - 1) })),
  ];
  let k = 0;
  for (const id of ['c', 'a', 'e2', 'ex', 'ey']) {
    for (const point of onEach(id, 7))
      d.constraints.push({ kind: 'pin', id: `pin${k++}`, point, at: [0, 0] });
    for (const s of [0, 0.1, 0.5, 0.9, 1])
      d.constraints.push({ kind: 'on-curve', id: `bead${k++}`, point: { curve: 's', u: 0 }, curve: id, s });
    d.springs.push({
      id: `spring${k++}`,
      a: { curve: id, u: 0.3 },
      b: { curve: 's', u: 1 },
      stiffness: 1,
      rest: 0,
    });
    d.traces.push({ id: `trace${k++}`, point: { curve: id, anchor: 'end' }, points: emptyTrail() });
  }
  d.constraints.push({
    kind: 'motor',
    id: 'motor',
    point: { curve: 'c', u: 0.2 },
    pivot: { curve: 'c', anchor: 'center' },
    rpm: 1,
    angle: 0,
    running: false,
  });
  return d;
}

/** Every connector of the drawing, and every bead as the point it is at, in drawing order. */
function materialPoints(d: Drawing): [number, number][] {
  const out: [number, number][] = [];
  const at = (c: Connector) => out.push(connectorPoint(c, d));
  for (const c of d.constraints) {
    if (c.kind === 'pin') at(c.point);
    if (c.kind === 'on-curve')
      out.push(
        curvePoint(
          d.curves.find((x) => x.id === c.curve)!,
          d,
          c.s,
        ),
      );
    if (c.kind === 'motor') {
      at(c.point!);
      at(c.pivot!);
    }
  }
  for (const s of d.springs) {
    at(s.a);
    if (s.b) at(s.b);
  }
  for (const t of d.traces) at(t.point);
  return out;
}

describe('negative radii are saved as their positive equivalent', () => {
  it('every material point and bead stays where it was; the input is untouched', () => {
    const d = insideOut();
    const before = structuredClone(d);
    const fixed = withPositiveSizes(d);
    expect(d).toEqual(before);
    const sizes = fixed.curves.flatMap((c) =>
      c.kind === 'circle' || c.kind === 'arc' ? [c.radius] : c.kind === 'ellipse' ? [c.rx, c.ry] : [],
    );
    expect(sizes).toEqual([5, 8, 6, 3, 6, 3, 6, 3]);
    const was = materialPoints(d);
    const now = materialPoints(fixed);
    expect(now).toHaveLength(was.length);
    now.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(was[i][0], 12);
      expect(p[1]).toBeCloseTo(was[i][1], 12);
    });
    // Whole curves too: the same set of points (sampled densely on the new parametrisation, found on the old).
    for (let i = 0; i < d.curves.length; i++) {
      for (let j = 0; j <= 8; j++) {
        const p = curvePoint(fixed.curves[i], fixed, j / 8);
        const nearest = Math.min(
          ...Array.from({ length: 801 }, (_, k) => {
            const q = curvePoint(d.curves[i], d, k / 800);
            return Math.hypot(q[0] - p[0], q[1] - p[1]);
          }),
        );
        expect(nearest).toBeLessThan(0.05);
      }
    }
  });

  it('a drawing with a negative radius saves and reopens; zero is refused', () => {
    const d = insideOut();
    const reopened = parseDrawingText(serializeDrawing(d));
    expect(reopened).toEqual(withPositiveSizes(d));
    const zero = emptyDrawing();
    zero.curves.push({ kind: 'circle', id: 'c', center: [0, 0], radius: 0 });
    expect(() => serializeDrawing(zero)).toThrow('curves[0].radius: expected a positive number, got 0');
  });

  it('leaves a drawing without negative sizes as it is', () => {
    const d = emptyDrawing();
    d.curves.push({ kind: 'circle', id: 'c', center: [0, 0], radius: 2 });
    expect(withPositiveSizes(d)).toBe(d);
  });
});
