// Parameters and expressions in the session (issue 31): editing a parameter moves the dimensions that use it and
// the geometry with them, as one undoable edit; an impossible value is refused naming the parameter; a used
// parameter is not deleted; what is saved opens equal, and a file's stored values give way to its expressions.

import { describe, expect, it } from 'vitest';
import { fourBar } from '../engine/test-support/drawings';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { serializeDrawing } from '../document/serialize';
import { parseDrawingText } from '../document/validate';
import { testClock } from '../shared/test-support/clock';
import { Session } from './session';

/** A segment from the origin along x, its length a distance dimension driven by `= 2*p1` (p1 = 5 mm). */
function drivenSegment(): Drawing {
  const d = emptyDrawing();
  d.curves.push({ kind: 'segment', id: 's', a: [0, 0], b: [10, 0] });
  d.constraints.push(
    { kind: 'pin', id: 'k0', point: { curve: 's', anchor: 'start' }, at: [0, 0] },
    { kind: 'horizontal', id: 'h', a: { curve: 's', anchor: 'start' }, b: { curve: 's', anchor: 'end' } },
    {
      kind: 'distance',
      id: 'k1',
      a: { curve: 's', anchor: 'start' },
      b: { curve: 's', anchor: 'end' },
      length: 10,
      expression: '= 2*p1',
    },
  );
  d.parameters = [{ id: 'p', name: 'p1', value: 5, unit: 'mm' }];
  return d;
}

const segmentEnd = (s: Session) => (s.drawing.curves[0] as { b: [number, number] }).b;
const distance = (s: Session) => (s.drawing.constraints[2] as { length: number }).length;

describe('a parameter edit', () => {
  it('moves the dimension and the geometry; one undo puts all back', () => {
    const session = new Session({ clock: testClock(), drawing: drivenSegment() });
    session.edit({ type: 'parameter', id: 'p', value: 8 });
    expect(session.drawing.parameters![0].value).toBe(8);
    expect(distance(session)).toBe(16);
    expect(segmentEnd(session)[0]).toBeCloseTo(16, 9);
    expect(segmentEnd(session)[1]).toBeCloseTo(0, 9);
    session.undo();
    expect(session.drawing.parameters![0].value).toBe(5);
    expect(distance(session)).toBe(10);
    expect(segmentEnd(session)[0]).toBeCloseTo(10, 9);
    session.redo();
    expect(distance(session)).toBe(16);
  });

  it('sets a dimension from an expression over a named dimension, and clears it', () => {
    const session = new Session({ clock: testClock(), drawing: drivenSegment() });
    session.edit({ type: 'rename', id: 'k1', name: 'width' });
    session.edit({
      type: 'add',
      parameters: [{ id: 'q', name: 'half', value: 0, unit: 'mm', expression: 'width/2' }],
    });
    expect(session.drawing.parameters![1].value).toBe(5);
    session.edit({ type: 'expression', id: 'k1', expression: '= p1 + 1' });
    expect(distance(session)).toBe(6);
    expect(session.drawing.parameters![1].value).toBe(3);
    session.edit({ type: 'expression', id: 'k1', expression: '' });
    expect(session.drawing.constraints[2]).not.toHaveProperty('expression');
    expect(() => session.edit({ type: 'rename', id: 'k1', name: 'two words' })).toThrow(
      /^rename k1\.name: expected a parameter name/,
    );
  });

  it('an unknown name is refused at its column, nothing applied', () => {
    const session = new Session({ clock: testClock(), drawing: drivenSegment() });
    const before = structuredClone(session.drawing);
    expect(() => session.edit({ type: 'expression', id: 'k1', expression: '= 2*crank' })).toThrow(
      'expression k1.expression: unknown name "crank" at column 5',
    );
    expect(session.drawing).toEqual(before);
  });

  it('a value outside its bounds is refused naming the parameter', () => {
    const d = drivenSegment();
    d.parameters![0].max = 20;
    const session = new Session({ clock: testClock(), drawing: d });
    expect(() => session.edit({ type: 'parameter', id: 'p', value: 30 })).toThrow(
      'parameter "p1".value: 30 mm is above its maximum 20 mm',
    );
  });

  it('a value the constraints cannot meet is refused naming the parameter and its value', () => {
    const d = fourBar(0.5);
    d.constraints = d.constraints.filter((k) => k.kind !== 'motor');
    d.constraints.push({ kind: 'length', id: 'k9', curve: 'crank', length: 1, expression: 'r' });
    d.parameters = [{ id: 'p', name: 'r', value: 1, unit: 'mm' }];
    const session = new Session({ clock: testClock(), drawing: d });
    const before = structuredClone(session.drawing);
    expect(() => session.edit({ type: 'parameter', id: 'p', value: 200 })).toThrow(
      /^r 200 mm: the constraints cannot all be met: /,
    );
    expect(session.drawing).toEqual(before);
    session.edit({ type: 'parameter', id: 'p', value: 1.5 });
    expect(session.drawing.curves.find((c) => c.id === 'crank')).toMatchObject({ length: 1.5 });
  });

  it('deleting a parameter an expression uses is refused naming the user; with its user it goes', () => {
    const session = new Session({ clock: testClock(), drawing: drivenSegment() });
    expect(() => session.edit({ type: 'delete', ids: ['p'] })).toThrow(
      'delete: parameter "p1" is used by distance 1',
    );
    session.edit({ type: 'delete', ids: ['p', 'k1'] });
    expect(session.drawing).not.toHaveProperty('parameters');
  });
});

describe('parameters in the file', () => {
  it('save → open gives the drawing back equal', () => {
    const session = new Session({ clock: testClock(), drawing: drivenSegment() });
    session.edit({ type: 'parameter', id: 'p', value: 7 });
    const text = serializeDrawing(session.drawing);
    expect(text).toContain('"expression": "= 2*p1"');
    expect(parseDrawingText(text)).toEqual(session.drawing);
  });

  it("a stored value that disagrees with its expression opens as the expression's", () => {
    const d = drivenSegment();
    d.parameters![0].value = 6;
    const opened = parseDrawingText(serializeDrawing(d));
    expect(opened.constraints[2]).toMatchObject({ length: 12 });
  });

  it('a drawing without parameters is written as before', () => {
    const d = drivenSegment();
    delete d.parameters;
    delete (d.constraints[2] as { expression?: string }).expression;
    expect(serializeDrawing(d)).not.toMatch(/parameters|expression/);
  });
});
