// A curve's main value (src/shared/main-value.ts) set through the session, as the double-click's inline editor
// sends it: the value read back is the value set, and a refused one leaves the curve as it was.
import { describe, expect, it } from 'vitest';
import type { Curve } from '../shared/drawing';
import { mainValue } from '../shared/main-value';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';

const curves: Curve[] = [
  { id: 'ring', kind: 'circle', center: [0, 0], radius: 5 },
  { id: 'bow', kind: 'arc', center: [20, 0], radius: 4, start: 0, sweep: 2 },
  { id: 'link', kind: 'bar', center: [0, 30], angle: 0.5, length: 12 },
  { id: 'line', kind: 'segment', a: [40, 0], b: [43, 4] },
  { id: 'oval', kind: 'ellipse', center: [0, 60], rx: 9, ry: 3, rotation: 0 },
];

function session(): Session {
  const s = new Session({ clock: testClock() });
  s.edit({ type: 'add', curves: structuredClone(curves) });
  return s;
}
const byId = (s: Session, id: string) => s.drawing.curves.find((c) => c.id === id)!;

describe("a curve's main value", () => {
  it('reads the value of each kind that has one, and none of the others', () => {
    expect(curves.map((c) => mainValue(c))).toEqual([
      { field: 'radius', value: 5 },
      { field: 'radius', value: 4 },
      { field: 'length', value: 12 },
      { field: 'length', value: 5 },
      { field: 'rx', value: 9 },
    ]);
    expect(mainValue({ id: 'p', kind: 'point', at: [0, 0] })).toBeNull();
  });

  it('set through the session, reads back as set; a segment keeps its start and direction', () => {
    const s = session();
    for (const c of curves) s.edit({ type: 'set', id: c.id, field: mainValue(c)!.field, value: 7.5 });
    for (const c of curves) expect(mainValue(byId(s, c.id))!.value).toBeCloseTo(7.5, 9);
    const line = byId(s, 'line') as { a: number[]; b: number[] };
    expect(line.a).toEqual([40, 0]);
    expect(line.b[0]).toBeCloseTo(40 + 0.6 * 7.5, 9);
    expect(line.b[1]).toBeCloseTo(0.8 * 7.5, 9);
  });

  it('a value out of range is refused by the session, the curve unchanged', () => {
    const s = session();
    expect(() => s.edit({ type: 'set', id: 'line', field: 'length', value: -10 })).toThrow(/line\.length/);
    expect(byId(s, 'line')).toEqual(curves[3]);
  });
});
