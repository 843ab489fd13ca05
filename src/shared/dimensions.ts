// The dimensional constraints — the kinds with a value the user reads and edits (distance, point-line distance,
// angle, radius, length) — and which field holds that value: what the engine writes into a reference dimension, what
// the session ties to a bar's length, what the editor shows.
import type { Constraint } from './drawing';
import { constraintVariants } from './records';
import type { Schema } from './schema';

/** Each dimension kind and the field holding its value (their records also carry `reference` and `label`). */
export const DIMENSION_VALUE_FIELD = {
  distance: 'length',
  'point-line-distance': 'distance',
  angle: 'angle',
  radius: 'radius',
  length: 'length',
} as const;

export type DimensionKind = keyof typeof DIMENSION_VALUE_FIELD;
export type DimensionConstraint = Extract<Constraint, { kind: DimensionKind }>;

export function isDimension(k: Constraint): k is DimensionConstraint {
  return Object.hasOwn(DIMENSION_VALUE_FIELD, k.kind);
}

/** The value of a dimension (mm, or radians for an angle). */
export function dimensionValue(k: DimensionConstraint): number {
  return (k as unknown as Record<string, number>)[DIMENSION_VALUE_FIELD[k.kind]];
}

/** The valid values of a dimension's value field (the record's own schema: a length or radius is positive). */
export function dimensionValueSchema(kind: DimensionKind): Schema<number> {
  const shape = constraintVariants[kind].shape as Record<string, Schema<unknown>>;
  return shape[DIMENSION_VALUE_FIELD[kind]] as Schema<number>;
}

/** Sets a dimension's value field (mutates the record; the caller checks the value). */
export function setDimensionValue(k: DimensionConstraint, value: number): void {
  (k as unknown as Record<string, number>)[DIMENSION_VALUE_FIELD[k.kind]] = value;
}

/** The dimension kinds, in the table's order. */
export const DIMENSION_KINDS = Object.keys(DIMENSION_VALUE_FIELD) as DimensionKind[];
