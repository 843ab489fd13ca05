import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Parameter } from '../../shared/drawing';
import { newParameter, parameterUnitEdit, parameterValueEdit } from './parameter-commands';

const tilt: Parameter = { id: 'v1', name: 'tilt', value: Math.PI / 6, unit: 'deg' };

describe('the Parameters panel’s edits', () => {
  it('names a new parameter p1, p2 … past the names taken, 10 mm', () => {
    const d = emptyDrawing();
    d.parameters = [{ id: 'v1', name: 'p1', value: 1, unit: 'mm' }];
    d.constraints.push({ kind: 'radius', id: 'k', curve: 'c', radius: 1, name: 'p2' });
    expect(newParameter(d, 'v2')).toEqual({ id: 'v2', name: 'p3', value: 10, unit: 'mm' });
  });

  it('sends a typed value in the unit shown, an "=" as an expression, and says what is not a number', () => {
    const edit = parameterValueEdit(tilt, ' 45 ');
    expect(edit).toMatchObject({ type: 'parameter', id: 'v1' });
    expect((edit as { value: number }).value).toBeCloseTo(Math.PI / 4, 12);
    expect(parameterValueEdit(tilt, '= 2*a')).toEqual({ type: 'parameter', id: 'v1', expression: '= 2*a' });
    expect(parameterValueEdit(tilt, 'abc')).toBe('tilt must be a number or "= expression", not "abc"');
  });

  it('keeps the number shown when the unit changes', () => {
    const edit = parameterUnitEdit(tilt, 'mm');
    expect(edit).toMatchObject({ unit: 'mm' });
    expect((edit as { value: number }).value).toBeCloseTo(30, 12);
    expect(parameterUnitEdit({ ...tilt, expression: 'a' }, 'mm')).toEqual({
      type: 'parameter',
      id: 'v1',
      unit: 'mm',
    });
  });
});
