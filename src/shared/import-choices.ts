// What an import asks the user before it reads a file that needs a choice, and the answers' one list each: the app's
// question (FileUi.askImportOptions) and the CLI's flags (`--units`, `--as`, `--min-spacing`) both read them here.
//
// - `units`: a file with no units of its own (a DXF without $INSUNITS, or with 0 "unitless"): what one of its units
//   is. The default is millimetres.
// - `points`: points from CSV come in as point curves, as one spline through them, or as a point set (data to fit
//   curves to, issue 30).

/** The units a unitless file may be read in, with millimetres per unit. The first is the default. */
export const IMPORT_UNITS = [
  { id: 'mm', label: 'Millimetres', mm: 1 },
  { id: 'cm', label: 'Centimetres', mm: 10 },
  { id: 'm', label: 'Metres', mm: 1000 },
  { id: 'in', label: 'Inches', mm: 25.4 },
  { id: 'ft', label: 'Feet', mm: 304.8 },
] as const;
export type ImportUnit = (typeof IMPORT_UNITS)[number]['id'];

/** How points from CSV come in. The first is the default. */
export const POINTS_AS = [
  { id: 'points', label: 'Points' },
  { id: 'spline', label: 'Spline through them' },
  { id: 'data', label: 'Data to fit' },
] as const;
export type PointsAs = (typeof POINTS_AS)[number]['id'];

/** A point closer than this to the last point kept is dropped (a duplicate), unless the user gives another. */
export const DEFAULT_MIN_SPACING_MM = 0.001;

/** The user's answers; what is not given takes its default. */
export interface ImportOptions {
  units?: ImportUnit;
  pointsAs?: PointsAs;
  /** In mm, ≥ 0. */
  minSpacing?: number;
}

/** What an import asks before reading a file, by the file's content: its units, or how its points come in. */
export type ImportQuestion = 'units' | 'points';

/** Asks the user `question` about the file named `fileName` (the app's dialog); null: they cancelled. */
export type ImportChooser = (question: ImportQuestion, fileName: string) => Promise<ImportOptions | null>;

/** Millimetres per unit of `unit` (the default's when not given). */
export function mmPerImportUnit(unit: ImportUnit | undefined): number {
  return (IMPORT_UNITS.find((u) => u.id === unit) ?? IMPORT_UNITS[0]).mm;
}
