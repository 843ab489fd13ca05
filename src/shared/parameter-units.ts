// A parameter's value (drawing.ts, Parameter) as the user reads and types it: a 'deg' parameter is stored in radians
// and read in degrees (by the UI and by expressions), an 'mm' one in mm, a 'none' one plain (units.ts converts).

import type { Parameter, ParameterUnit } from './drawing';
import { formatQuantity, toRecord, toShown, type Unit } from './units';

/** What a parameter's unit is to the UI's formatting (units.ts). */
export function parameterUnit(unit: ParameterUnit): Unit {
  return unit === 'deg' ? 'angle' : unit;
}

/** A parameter's value with its unit as the user reads it: "30°", "25 mm", "2". */
export function parameterQuantity(p: Pick<Parameter, 'unit'>, value: number): string {
  return formatQuantity(parameterUnit(p.unit), value);
}

/** A parameter's value as an expression and the UI read it (degrees for 'deg'). */
export function parameterShown(p: Pick<Parameter, 'unit' | 'value'>): number {
  return toShown(parameterUnit(p.unit), p.value);
}

/** A value as typed or computed (degrees for 'deg') as the parameter stores it. */
export function parameterStored(p: Pick<Parameter, 'unit'>, shown: number): number {
  return toRecord(parameterUnit(p.unit), shown);
}
