// The units the user reads and types: every number the UI shows goes through here, from the record's unit (mm,
// radians, rpm, N/mm) to the one shown (mm, degrees …) and back, rounded to the unit's display precision. The file
// keeps radians; only the UI speaks degrees. The dimensions (dimension-value.ts), the Properties panel, the
// constraints list and the status bar all read these, so a value reads the same everywhere.

/** A quantity's kind: what a record's number measures. */
export type Unit = 'mm' | 'angle' | 'rpm' | 'stiffness' | 'none';

/** What follows a shown number: "25 mm", "30°", "60 rpm", "2 N/mm". */
export const UNIT_SYMBOL: Record<Unit, string> = {
  mm: 'mm',
  angle: '°',
  rpm: 'rpm',
  stiffness: 'N/mm',
  none: '',
};

/**
 * Decimals shown per unit: a thousandth of a millimetre is below what a drawing can mean, a hundredth of a degree
 * likewise; a unitless parameter (a bead's position along its curve) keeps more.
 */
export const DISPLAY_DECIMALS: Record<Unit, number> = { mm: 3, angle: 2, rpm: 2, stiffness: 3, none: 4 };

export const degrees = (radians: number): number => (radians * 180) / Math.PI;
export const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** A record's value in the unit the user reads (radians → degrees; the others are shown as stored). */
export function toShown(unit: Unit, value: number): number {
  return unit === 'angle' ? degrees(value) : value;
}

/** What the user typed, in the unit shown, as the record's value (degrees → radians). */
export function toRecord(unit: Unit, shown: number): number {
  return unit === 'angle' ? radians(shown) : shown;
}

/**
 * A shown number rounded to `decimals`: no trailing zeros, no "-0", no exponent for a value that rounds to zero
 * (an angle of 5.9e-13 rad reads "0").
 */
export function formatShown(value: number, decimals = 2): string {
  const r = Number(value.toFixed(decimals));
  return r === 0 ? '0' : String(r);
}

/** A record's value as the user reads it, without its unit: "25", "30" (for 0.5236 rad). */
export function formatValue(unit: Unit, value: number): string {
  return formatShown(toShown(unit, value), DISPLAY_DECIMALS[unit]);
}

/** A record's value with its unit: "25 mm", "30°", "60 rpm", "0.5" (unitless). */
export function formatQuantity(unit: Unit, value: number): string {
  const n = formatValue(unit, value);
  if (unit === 'angle') return `${n}°`;
  return unit === 'none' ? n : `${n} ${UNIT_SYMBOL[unit]}`;
}
