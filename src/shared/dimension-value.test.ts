import { describe, expect, it } from 'vitest';
import type { Constraint } from './drawing';
import { DIMENSION_KINDS } from './dimensions';
import { constraintVariants } from './records';
import {
  dimensionField,
  dimensionText,
  formatShown,
  isDimension,
  recordValueOf,
  shownValue,
  type DimensionConstraint,
} from './dimension-value';

const at = { curve: 'c', anchor: 'start' } as const;
const distance: DimensionConstraint = { id: 'd', kind: 'distance', a: at, b: at, length: 25 };
const radius: DimensionConstraint = { id: 'r', kind: 'radius', curve: 'c', radius: 12.5 };
const angle: DimensionConstraint = { id: 'g', kind: 'angle', lines: ['l'], angle: -Math.PI / 6 };

describe('dimension kinds', () => {
  it('are the kinds whose records carry a label', () => {
    expect([...DIMENSION_KINDS].sort()).toEqual([
      'angle',
      'distance',
      'length',
      'point-line-distance',
      'radius',
    ]);
    const labelled = Object.entries(constraintVariants)
      .filter(([, variant]) => 'shape' in variant && Object.hasOwn(variant.shape, 'label'))
      .map(([kind]) => kind);
    expect(labelled.sort()).toEqual([...DIMENSION_KINDS].sort());
    const pin: Constraint = { id: 'p', kind: 'pin', point: at, at: [0, 0] };
    expect(isDimension(pin)).toBe(false);
    expect(isDimension(distance)).toBe(true);
    expect(dimensionField({ id: 'x', kind: 'point-line-distance', point: at, line: 'l', distance: 3 })).toBe(
      'distance',
    );
  });
});

describe('dimension text', () => {
  it('reads mm, R or ⌀ for radii, degrees for angles, in parentheses for a reference', () => {
    expect(dimensionText(distance, 25)).toBe('25');
    expect(dimensionText(distance, 25.456)).toBe('25.46');
    expect(dimensionText(radius, 12.5)).toBe('R 12.5');
    expect(dimensionText({ ...radius, diameter: true }, 12.5)).toBe('⌀ 25');
    expect(dimensionText(angle, angle.angle)).toBe('30°');
    expect(dimensionText({ ...distance, reference: true }, 7.1)).toBe('(7.1)');
    expect(formatShown(-0.001)).toBe('0');
  });

  it('turns what the user types back into the record value', () => {
    expect(recordValueOf(angle, 45)).toBeCloseTo(-Math.PI / 4, 15); // keeps the angle's direction
    expect(recordValueOf({ ...angle, angle: 0.1 }, 45)).toBeCloseTo(Math.PI / 4, 15);
    expect(recordValueOf({ ...radius, diameter: true }, 50)).toBe(25);
    expect(recordValueOf(radius, 50)).toBe(50);
    expect(shownValue({ ...radius, diameter: true }, recordValueOf({ ...radius, diameter: true }, 50))).toBe(
      50,
    );
  });
});
