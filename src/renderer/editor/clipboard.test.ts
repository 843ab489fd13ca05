import { describe, expect, it } from 'vitest';
import { trailFromPoints } from '../../shared/trail';
import { checkReferences } from '../../shared/references';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { translateCurve } from '../../shared/rigid-move';
import { copyRecords, pasteCommand, type IdPrefix } from './clipboard';

function linkage(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'crank', kind: 'bar', center: [5, 0], angle: 0, length: 10 },
    { id: 'rod', kind: 'segment', a: [10, 0], b: [30, 10] },
    { id: 'wheel', kind: 'circle', center: [50, 0], radius: 8 },
  );
  d.constraints.push(
    { id: 'pivot', kind: 'pin', point: { curve: 'crank', anchor: 'start' }, at: [0, 0] },
    {
      id: 'joint',
      kind: 'attach',
      a: { curve: 'crank', anchor: 'end' },
      b: { curve: 'rod', anchor: 'start' },
    },
    { id: 'touch', kind: 'on-curve', point: { curve: 'rod', anchor: 'end' }, curve: 'wheel', s: 0.5 },
  );
  d.springs.push({
    id: 'sp',
    a: { curve: 'crank', anchor: 'end' },
    b: { curve: 'rod', anchor: 'end' },
    stiffness: 1,
    rest: 3,
  });
  d.traces.push({ id: 'tr', point: { curve: 'rod', anchor: 'end' }, points: trailFromPoints([[1, 2]]) });
  return d;
}

/** Fresh ids as the editor's IdSource gives them: prefix and a counter. */
function ids(): (prefix: IdPrefix) => string {
  let n = 100;
  return (prefix) => `${prefix}${n++}`;
}

describe('copying records', () => {
  it('takes the selected curves and what lies wholly among them, nothing that reaches outside', () => {
    const copied = copyRecords(linkage(), ['crank', 'rod'])!;
    expect(copied.curves.map((c) => c.id)).toEqual(['crank', 'rod']);
    // The bead on the wheel reaches outside the copy; the pin refers to the crank alone, so it comes.
    expect(copied.constraints.map((k) => k.id)).toEqual(['pivot', 'joint']);
    expect(copied.springs.map((s) => s.id)).toEqual(['sp']);
    expect(copied.traces.map((t) => t.id)).toEqual(['tr']);
    expect(copied.traces[0].points.length).toBe(0); // the trail stays behind: a paste starts it empty
  });

  it('copies nothing without a curve, and is a copy (later edits do not reach it)', () => {
    const d = linkage();
    expect(copyRecords(d, ['joint'])).toBeNull();
    const copied = copyRecords(d, ['wheel'])!;
    (d.curves[2] as { radius: number }).radius = 99;
    expect((copied.curves[0] as { radius: number }).radius).toBe(8);
  });
});

describe('pasting records', () => {
  it('gives fresh ids, renames every reference, and moves the copy and its pins by the offset', () => {
    const d = linkage();
    const command = pasteCommand(copyRecords(d, ['crank', 'rod'])!, d, ids(), [10, 10]);
    expect(command.curves!.map((c) => c.id)).toEqual(['c100', 'c101']);
    expect(command.curves![0]).toMatchObject({ kind: 'bar', center: [15, 10], angle: 0, length: 10 });
    expect(command.curves![1]).toMatchObject({ kind: 'segment', a: [20, 10], b: [40, 20] });
    expect(command.constraints).toEqual([
      { id: 'k102', kind: 'pin', point: { curve: 'c100', anchor: 'start' }, at: [10, 10] },
      {
        id: 'k103',
        kind: 'attach',
        a: { curve: 'c100', anchor: 'end' },
        b: { curve: 'c101', anchor: 'start' },
      },
    ]);
    expect(command.springs).toEqual([
      {
        id: 's104',
        a: { curve: 'c100', anchor: 'end' },
        b: { curve: 'c101', anchor: 'end' },
        stiffness: 1,
        rest: 3,
      },
    ]);
    expect(command.traces).toEqual([{ id: 't105', point: { curve: 'c101', anchor: 'end' }, points: [] }]);
    // The pasted drawing holds together as a file must (ids unique, references to existing curves).
    const pasted = structuredClone(d);
    for (const list of ['curves', 'constraints', 'springs', 'traces'] as const)
      (pasted[list] as unknown[]).push(...(command[list] ?? []));
    expect(() => checkReferences(pasted)).not.toThrow();
  });

  it('renames a curve named in a constraint field that lists curves (on-curve)', () => {
    const d = linkage();
    const command = pasteCommand(copyRecords(d, ['rod', 'wheel'])!, d, ids(), [0, 0]);
    expect(command.constraints).toEqual([
      { id: 'k102', kind: 'on-curve', point: { curve: 'c100', anchor: 'end' }, curve: 'c101', s: 0.5 },
    ]);
  });

  it('pastes a named dimension without its name (names are unique), keeping its expression', () => {
    const d = linkage();
    d.constraints.push({
      id: 'r',
      kind: 'radius',
      curve: 'wheel',
      radius: 8,
      name: 'rim',
      expression: '= 8',
    });
    const command = pasteCommand(copyRecords(d, ['wheel'])!, d, ids(), [0, 0]);
    expect(command.constraints).toEqual([
      { id: 'k101', kind: 'radius', curve: 'c100', radius: 8, expression: '= 8' },
    ]);
  });

  it('brings an equation definition the drawing lacks, and reuses one it has', () => {
    const d = emptyDrawing();
    d.equations.push({
      id: 'eq',
      name: 'ring',
      x: 'cx + cos(u)',
      y: 'cy + sin(u)',
      u0: 0,
      u1: 6.28,
      params: [
        { name: 'cx', value: 0, free: true },
        { name: 'cy', value: 0, free: true },
      ],
    } as never);
    d.curves.push({ id: 'e', kind: 'equation', definition: 'eq', params: { cx: 1, cy: 2 } });
    const copied = copyRecords(d, ['e'])!;
    expect(copied.equations.map((e) => e.id)).toEqual(['eq']);
    expect(pasteCommand(copied, d, ids(), [5, 5]).equations).toBeUndefined();
    const elsewhere = emptyDrawing();
    const command = pasteCommand(copied, elsewhere, ids(), [5, 5]);
    expect(command.equations?.map((e) => e.id)).toEqual(['eq']);
    expect(command.curves![0]).toMatchObject({ params: { cx: 6, cy: 7 } });
  });
});

describe('translating a curve record', () => {
  it('moves every kind by the vector, its shape unchanged', () => {
    const by: [number, number] = [3, -4];
    expect(translateCurve({ id: 'p', kind: 'point', at: [1, 1] }, by)).toEqual({
      id: 'p',
      kind: 'point',
      at: [4, -3],
    });
    expect(
      translateCurve({ id: 'e', kind: 'ellipse', center: [0, 0], rx: 5, ry: 2, rotation: 1 }, by),
    ).toEqual({ id: 'e', kind: 'ellipse', center: [3, -4], rx: 5, ry: 2, rotation: 1 });
    expect(
      translateCurve(
        {
          id: 's',
          kind: 'spline',
          points: [
            [0, 0],
            [1, 1],
            [2, 0],
          ],
          closed: false,
        },
        by,
      ),
    ).toEqual({
      id: 's',
      kind: 'spline',
      points: [
        [3, -4],
        [4, -3],
        [5, -4],
      ],
      closed: false,
    });
  });
});
