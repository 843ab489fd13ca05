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
});
