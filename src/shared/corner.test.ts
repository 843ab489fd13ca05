import { describe, expect, it } from 'vitest';
import { cornerAt, cornerCommand, cornerOfSelection, defaultCornerSize } from './corner';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from './drawing';
import type { AddCommand, BatchCommand, SetCommand } from './edit-commands';

/** An L: c1 from (−40, 0) to the corner (0, 0), c2 from the corner up at `degrees` from c1's way back. */
function corner(degrees = 90): Drawing {
  const d = emptyDrawing();
  const rad = (degrees * Math.PI) / 180;
  d.curves.push(
    { kind: 'segment', id: 'c1', a: [-40, 0], b: [0, 0] },
    { kind: 'segment', id: 'c2', a: [0, 0], b: [-30 * Math.cos(rad), -30 * Math.sin(rad)] },
  );
  d.constraints.push({
    kind: 'attach',
    id: 'k1',
    a: { curve: 'c1', anchor: 'end' },
    b: { curve: 'c2', anchor: 'start' },
  });
  return d;
}

const ids = () => {
  let n = 0;
  return (prefix: string) => `${prefix}${++n + 10}`;
};

const dist = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('corners', () => {
  it('are found by their attachment, their two segments, or a click near them', () => {
    const d = corner();
    expect(cornerOfSelection(d, ['k1'])?.joint).toBe('k1');
    expect(cornerOfSelection(d, ['c2', 'c1'])?.joint).toBe('k1');
    expect(cornerOfSelection(d, ['c1'])).toBeNull();
    expect(cornerAt(d, [0.5, -0.5], 1)?.joint).toBe('k1');
    expect(cornerAt(d, [3, 3], 1)).toBeNull();
  });

  it.each([90, 60, 120])(
    'a fillet at %i°: both lines trimmed to the arc, which is tangent to both there',
    (deg) => {
      const d = corner(deg);
      const c = cornerOfSelection(d, ['k1'])!;
      const made = cornerCommand('fillet', c, 5, d, ids()) as BatchCommand;
      expect(made.label).toBe('Fillet');
      expect(made.commands[0]).toEqual({ type: 'delete', ids: ['k1'] });
      const sets = made.commands.filter((x): x is SetCommand => x.type === 'set');
      const t1: Vec2 = [sets[0].value as number, sets[1].value as number];
      const t2: Vec2 = [sets[2].value as number, sets[3].value as number];
      expect(sets.map((s) => `${s.id}.${s.field}`)).toEqual(['c1.bx', 'c1.by', 'c2.ax', 'c2.ay']);
      const add = made.commands.at(-1) as AddCommand;
      const arc = add.curves![0] as Extract<Curve, { kind: 'arc' }>;
      const onArc = (angle: number): Vec2 => [
        arc.center[0] + arc.radius * Math.cos(angle),
        arc.center[1] + arc.radius * Math.sin(angle),
      ];
      expect(dist(onArc(arc.start), t1)).toBeLessThan(1e-12);
      expect(dist(onArc(arc.start + arc.sweep), t2)).toBeLessThan(1e-12);
      // Tangent: the radius at each end is square to its line; the arc takes the short way (π − the corner's angle).
      const r1 = [t1[0] - arc.center[0], t1[1] - arc.center[1]];
      expect(Math.abs(r1[0] * 1 + r1[1] * 0)).toBeLessThan(1e-12); // c1 runs along x
      expect(Math.abs(Math.abs(arc.sweep) - (Math.PI - (deg * Math.PI) / 180))).toBeLessThan(1e-12);
      expect(add.constraints!.map((k) => k.kind)).toEqual([
        'attach',
        'attach',
        'tangent',
        'tangent',
        'radius',
      ]);
    },
  );

  it('a chamfer: both lines cut back by the distance, joined by a segment', () => {
    const d = corner();
    const made = cornerCommand('chamfer', cornerOfSelection(d, ['k1'])!, 4, d, ids()) as BatchCommand;
    const add = made.commands.at(-1) as AddCommand;
    expect(add.curves).toEqual([{ kind: 'segment', id: 'c11', a: [-4, 0], b: [expect.closeTo(0, 12), -4] }]);
    expect(add.constraints!.map((k) => k.kind)).toEqual(['attach', 'attach']);
  });

  it('refuses, in words, what cannot be rounded', () => {
    const d = corner();
    const c = cornerOfSelection(d, ['k1'])!;
    expect(cornerCommand('fillet', c, 35, d, ids())).toBe('c2 is too short for that');
    expect(cornerCommand('fillet', c, 0, d, ids())).toBe('the radius must be more than 0');
    d.constraints.push({ kind: 'pin', id: 'k2', point: { curve: 'c1', anchor: 'end' }, at: [0, 0] });
    d.constraints.push({ kind: 'length', id: 'k3', curve: 'c2', length: 30 });
    expect(cornerCommand('fillet', c, 5, d, ids(), (id) => `<${id}>`)).toBe(
      '<k2>, <k3> would hold the corner as it is: delete them first',
    );
    expect(cornerCommand('fillet', cornerOfSelection(corner(180), ['k1'])!, 5, d, ids())).toBe(
      'the two lines are in line: there is no corner',
    );
  });

  it('starts the size field at a round size that trims a quarter of the shorter line at most', () => {
    const d = corner();
    const c = cornerOfSelection(d, ['k1'])!;
    expect(defaultCornerSize('fillet', c)).toBe(5); // a quarter of 30 is 7.5: at 90°, a radius of 7.5 → 5
    expect(defaultCornerSize('chamfer', c)).toBe(5);
  });
});
