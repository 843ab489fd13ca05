// The dimensional constraints (distance, point-line distance, angle, radius, length: dimensions.ts) as the user sees
// them: the value in the unit shown (mm, degrees, a diameter for a radius shown as one) and back, and the text a
// dimension reads. The canvas, the inline editor and the SVG export all read these; the conversions and the
// rounding are units.ts's, shared with every other number the UI shows.

import { DIMENSION_VALUE_FIELD, dimensionValue, type DimensionConstraint } from './dimensions';
import { degrees, formatQuantity, formatShown, radians } from './units';

// Which kinds are dimensions and which field holds their value: src/shared/dimensions.ts, the one place.
export { isDimension, type DimensionConstraint } from './dimensions';

/** The record field holding a dimension's value (what a `set` edit names). */
export function dimensionField(
  k: DimensionConstraint,
): (typeof DIMENSION_VALUE_FIELD)[DimensionConstraint['kind']] {
  return DIMENSION_VALUE_FIELD[k.kind];
}

/** The record's value (mm, or radians for an angle). */
export const recordValue = dimensionValue;

/**
 * A record value (mm, radians) as the dimension shows it: an angle in degrees, its size only (the direction is
 * the drawing's: the arc shows it); a radius shown as a diameter, doubled.
 */
export function shownValue(k: DimensionConstraint, value: number): number {
  if (k.kind === 'angle') return Math.abs(degrees(value));
  if (k.kind === 'radius' && k.diameter) return 2 * value;
  return value;
}

/**
 * What the user typed (in the unit shown) as the record's value: degrees to radians keeping the angle's current
 * direction (a negative number turns it the other way), a diameter halved.
 */
export function recordValueOf(k: DimensionConstraint, shown: number): number {
  if (k.kind === 'angle') return (k.angle < 0 ? -1 : 1) * radians(shown);
  if (k.kind === 'radius' && k.diameter) return shown / 2;
  return shown;
}

/** A shown number: at most two decimals, no trailing zeros, no "-0" (units.ts). */
export { formatShown };

/**
 * The text a dimension reads for a record value: "25", "R 12.5", "⌀ 25", "30°"; a reference dimension's in
 * parentheses, as drafting marks a dimension given for information.
 */
export function dimensionText(k: DimensionConstraint, value: number): string {
  const n = formatShown(shownValue(k, value));
  const text = k.kind === 'angle' ? `${n}°` : k.kind === 'radius' ? `${k.diameter ? '⌀' : 'R'} ${n}` : n;
  return k.reference ? `(${text})` : text;
}

/**
 * A dimension's value with its unit as the panels and messages say it ("25 mm", "⌀ 20 mm", "R 5 mm", "30°"): the
 * size the canvas shows (an angle without its direction, a radius shown as a diameter doubled), at the unit's
 * display precision (units.ts).
 */
export function dimensionQuantity(k: DimensionConstraint, value: number = dimensionValue(k)): string {
  const shown = shownValue(k, value);
  if (k.kind === 'angle') return formatQuantity('angle', radians(shown));
  const mm = formatQuantity('mm', shown);
  return k.kind === 'radius' ? `${k.diameter ? '⌀' : 'R'} ${mm}` : mm;
}

/** An expression as the UI shows it after a value: without its leading "=" ("2*crank" for "= 2*crank"). */
export function expressionShown(expression: string): string {
  return expression.replace(/^\s*=\s*/, '').trim();
}

/** A dimension's value with its unit and, driven by an expression, the expression: "40 mm = 2*crank". */
export function dimensionWithExpression(k: DimensionConstraint): string {
  const quantity = dimensionQuantity(k);
  return k.expression ? `${quantity} = ${expressionShown(k.expression)}` : quantity;
}
