import { describe, expect, it } from 'vitest';
import { displayName, displayNames, generatedNames, subjectName } from './display-names';
import { emptyDrawing } from './drawing';

function drawing() {
  const d = emptyDrawing();
  d.curves.push(
    { kind: 'bar', id: 'c1', center: [0, 0], angle: 0, length: 10 },
    { kind: 'bar', id: 'c2', center: [0, 0], angle: 0, length: 10, name: 'crank' },
    { kind: 'circle', id: 'c3', center: [0, 0], radius: 5 },
    { kind: 'bar', id: 'c4', center: [0, 0], angle: 0, length: 10 },
  );
  const end = { curve: 'c1', anchor: 'start' } as const;
  d.constraints.push(
    { kind: 'pin', id: 'k1', point: end, at: [0, 0] },
    { kind: 'distance', id: 'distance17', a: end, b: end, length: 1 },
    { kind: 'pin', id: 'k9', point: end, at: [1, 0] },
    { kind: 'pin', id: 'pivot', point: end, at: [2, 0] },
    { kind: 'point-line-distance', id: 'k3', point: end, line: 'c1', distance: 2 },
  );
  d.springs.push({ id: 's1', a: end, b: end, stiffness: 1, rest: 0 });
  return d;
}

describe('display names', () => {
  it('number each kind in drawing order, and a curve named by the user reads its name', () => {
    const names = displayNames(drawing());
    expect(names.get('c1')).toBe('bar 1');
    expect(names.get('c2')).toBe('crank');
    expect(names.get('c3')).toBe('circle 1');
    // A named curve keeps its number: renaming bar 2 does not renumber bar 3.
    expect(names.get('c4')).toBe('bar 3');
    expect(generatedNames(drawing()).get('c2')).toBe('bar 2');
    expect(names.get('k1')).toBe('pin 1');
    expect(names.get('distance17')).toBe('distance 1');
    expect(names.get('k9')).toBe('pin 2');
    expect(names.get('k3')).toBe('point-line distance 1');
    expect(names.get('s1')).toBe('spring 1');
    // An id someone chose as a name is kept; it still holds its number's slot.
    expect(names.get('pivot')).toBe('pivot');
    expect(generatedNames(drawing()).get('pivot')).toBe('pin 3');
    expect(displayName(drawing(), 'nowhere')).toBe('nowhere');
  });

  it('read a lone letter as an id, not a name the user chose', () => {
    const d = drawing();
    d.curves.push({ kind: 'bar', id: 'b', center: [0, 0], angle: 0, length: 10 });
    expect(displayNames(d).get('b')).toBe('bar 4');
  });

  it('say a name the user gave with "the" as a subject, a generated one without', () => {
    expect(subjectName(drawing(), 'c2')).toBe('the crank');
    expect(subjectName(drawing(), 'pivot')).toBe('the pivot');
    expect(subjectName(drawing(), 'c1')).toBe('bar 1');
    expect(subjectName(drawing(), 'k3')).toBe('point-line distance 1');
    expect(subjectName(drawing(), 'nowhere')).toBe('nowhere');
  });

  it('name point sets by their own name and attractors by their kind: fit, snake, target', () => {
    const d = drawing();
    d.pointSets = [{ id: 'p1', name: 'Scan', points: [[0, 0]] }];
    const pull = { on: true, strength: 1 };
    d.attractors = [
      { id: 'a1', kind: 'points', ...pull, curves: ['c1'], data: 'p1', loss: 'squared' },
      { id: 'a2', kind: 'target', ...pull, point: { curve: 'c1', u: 0 }, at: [0, 0] },
      { id: 'a3', kind: 'points', ...pull, curves: ['c1'], data: 'p1', loss: 'huber' },
      { id: 'a4', kind: 'edges', ...pull, curves: ['c1'], image: 'i', range: 2 },
    ];
    const names = displayNames(d);
    expect(['p1', 'a1', 'a2', 'a3', 'a4'].map((id) => names.get(id))).toEqual([
      'Scan',
      'fit 1',
      'target 1',
      'fit 2',
      'snake 1',
    ]);
  });
});
