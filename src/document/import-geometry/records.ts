// What every import makes, whatever the format: its curves (ids c1, c2 …, names where the file gives them), the
// attachments joining their coincident ends (k1, k2 …) and the summary; the one-line ImportError; and the check that
// every number of a made curve is finite and within the file format's bounds. svg-import.ts and dxf-import.ts read
// their files into named groups of curves and finish them here.

import type { AttachConstraint, Curve, PointSet } from '../../shared/drawing';
import { errorLine } from '../../shared/error-line';
import { MAX_COORDINATE } from '../../shared/limits';
import { joinEnds } from './joins';
import type { ImportSummary } from './summary';

/** Ends closer than this × the imported drawing's extent (its larger side) are attached. */
export const JOIN_TOLERANCE = 1e-9;

/** What an import makes: curves (ids c1, c2 …, names from the file) and attachments (k1, k2 …). */
export interface ImportedRecords {
  curves: Curve[];
  constraints: AttachConstraint[];
  /** Data to fit curves to (points from CSV taken as data). */
  pointSets?: PointSet[];
  summary: ImportSummary;
}

/** The input cannot be imported; the message is one line naming where (an element, a line) and what is wrong. */
export class ImportError extends Error {
  constructor(message: string) {
    super(errorLine(message));
    this.name = 'ImportError';
  }
}

/** Curves one thing of the file made, in order, and the name it gives them (none: the drawing names them). */
export interface MadeCurves {
  name: string | undefined;
  curves: Curve[];
}

/** Every number of the curves finite and within the file format's ±1e9 mm, every size positive. */
export function checkNumbers(curves: Curve[]): void {
  for (const c of curves)
    for (const [key, value] of Object.entries(c)) {
      const numbers = typeof value === 'number' ? [value] : Array.isArray(value) ? value.flat(2) : [];
      for (const n of numbers as number[]) {
        if (!Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE)
          throw new Error(
            `its ${c.kind}'s ${key} is ${Number.isFinite(n) ? 'beyond ±1e9 mm' : 'not a finite number'}`,
          );
        if ((key === 'radius' || key === 'rx' || key === 'ry') && !(n > 0))
          throw new Error(`its ${c.kind}'s ${key} is not positive (the transform collapses it)`);
      }
    }
}

/** The larger side of the box holding every point of the curves' records (their ends, controls and centres). */
function extent(curves: Curve[]): number {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of curves)
    for (const value of Object.values(c)) {
      const pairs = Array.isArray(value) ? (typeof value[0] === 'number' ? [value] : value) : [];
      for (const [x, y] of pairs as [number, number][]) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
    }
  return Math.max(x1 - x0, y1 - y0, 0);
}

/**
 * Ids c1, c2 …; a name given to several curves numbered ("outline 1", "outline 2" …); coincident ends attached
 * (within JOIN_TOLERANCE of the drawing's extent); the summary's counts of curves and attachments.
 */
export function importedRecords(made: MadeCurves[], summary: ImportSummary): ImportedRecords {
  const curves: Curve[] = [];
  for (const { name, curves: group } of made)
    group.forEach((c, i) => {
      c.id = `c${curves.length + 1}`;
      if (name) c.name = group.length === 1 ? name : `${name} ${i + 1}`;
      curves.push(c);
    });
  let k = 0;
  const tolerance = JOIN_TOLERANCE * (extent(curves) || 1);
  const constraints = joinEnds(curves, tolerance, () => `k${++k}`);
  for (const c of curves) summary.curves[c.kind] = (summary.curves[c.kind] ?? 0) + 1;
  summary.attachments = constraints.length;
  return { curves, constraints, summary };
}
