import { describe, expect, it } from 'vitest';
import { fieldUnit } from './field-units';
import { CURVE_STATE_LAYOUT } from './drawing';
import { CONSTRAINT_FIELD_SCHEMAS } from './edit-commands';
import { degrees, formatQuantity, formatShown, formatValue, radians, toRecord, toShown } from './units';

describe('units', () => {
  it('shows angles in degrees and takes degrees back to radians; other units as stored', () => {
    expect(toShown('angle', Math.PI / 6)).toBeCloseTo(30, 12);
    expect(toRecord('angle', 30)).toBeCloseTo(Math.PI / 6, 15);
    expect(toRecord('angle', toShown('angle', 1.234))).toBeCloseTo(1.234, 15);
    expect(degrees(radians(47))).toBeCloseTo(47, 12);
    for (const unit of ['mm', 'rpm', 'stiffness', 'none'] as const) {
      expect(toShown(unit, 12.5)).toBe(12.5);
      expect(toRecord(unit, 12.5)).toBe(12.5);
    }
  });

  it('rounds to the display precision: a zero angle reads 0, never an exponent or -0', () => {
    expect(formatValue('angle', 5.942e-13)).toBe('0');
    expect(formatValue('angle', -5.942e-13)).toBe('0');
    expect(formatQuantity('angle', 5.942e-13)).toBe('0°');
    expect(formatQuantity('angle', Math.PI / 3)).toBe('60°');
    expect(formatQuantity('mm', 25.00000001)).toBe('25 mm');
    expect(formatQuantity('mm', 1 / 3)).toBe('0.333 mm');
    expect(formatQuantity('rpm', 60)).toBe('60 rpm');
    expect(formatQuantity('stiffness', 2)).toBe('2 N/mm');
    expect(formatQuantity('none', 0.123456)).toBe('0.1235');
    expect(formatShown(-0.001)).toBe('0');
  });

  it('gives every settable field a unit: angles for what turns, rpm, N/mm, mm for the rest', () => {
    expect(fieldUnit({ curve: 'bar' }, 'angle')).toBe('angle');
    expect(fieldUnit({ curve: 'bar' }, 'length')).toBe('mm');
    expect(fieldUnit({ curve: 'arc' }, 'start')).toBe('angle');
    expect(fieldUnit({ curve: 'arc' }, 'sweep')).toBe('angle');
    expect(fieldUnit({ curve: 'ellipse' }, 'rotation')).toBe('angle');
    expect(fieldUnit({ curve: 'circle' }, 'radius')).toBe('mm');
    expect(fieldUnit({ curve: 'equation' }, 'cx')).toBe('none');
    expect(fieldUnit({ constraint: 'angle' }, 'angle')).toBe('angle');
    expect(fieldUnit({ constraint: 'motor' }, 'angle')).toBe('angle');
    expect(fieldUnit({ constraint: 'motor' }, 'rpm')).toBe('rpm');
    expect(fieldUnit({ constraint: 'on-curve' }, 's')).toBe('none');
    expect(fieldUnit({ constraint: 'pin' }, 'x')).toBe('mm');
    expect(fieldUnit('spring', 'stiffness')).toBe('stiffness');
    expect(fieldUnit('spring', 'rest')).toBe('mm');
    // Every coordinate-like state field is in mm: none is mistaken for an angle.
    for (const [kind, names] of Object.entries(CURVE_STATE_LAYOUT))
      for (const name of names)
        if (!['angle', 'start', 'sweep', 'rotation'].includes(name))
          expect(fieldUnit({ curve: kind as 'point' }, name)).toBe('mm');
    expect(Object.keys(CONSTRAINT_FIELD_SCHEMAS.angle)).toContain('angle');
  });
});
