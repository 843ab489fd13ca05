// Points from CSV (issue 29): x,y per line in millimetres, as point curves or as one spline through them; or one
// line naming the line and the field that is wrong. Pure, and linear in the file's size (one pass over its lines,
// the coordinates in one Float64Array). docs/file-format.md, "Points from CSV", says what is read and how.
//
// - Delimiter: tab, else semicolon, else comma, by the first line that is not blank or a comment (outside quotes).
//   With semicolons a decimal comma is read ("1,5" is 1.5).
// - A header: a first line none of whose fields is a number ("x,y", "X;Y;weight"). A first line with a number in it
//   is data, so a typo there is an error, never a header taken silently.
// - A third column is a weight ≥ 0. Curvewright has no weighted points: the summary says the weights are not kept;
//   a row of weight 0 (a point that counts for nothing) is dropped and counted.
// - A point closer than the minimum spacing to the last point kept is dropped and counted (a duplicate).
// - A spline is closed when its last row repeats its first (within the spacing), given 3 points besides.

import type { Curve, Vec2 } from '../shared/drawing';
import { DEFAULT_MIN_SPACING_MM, type ImportOptions } from '../shared/import-choices';
import { MAX_COORDINATE, MAX_POINT_SET_POINTS, MAX_SPLINE_POINTS } from '../shared/limits';
import { emptySummary } from './import-geometry/summary';
import { ImportError, type ImportedRecords } from './svg-import';

const COLUMNS = ['x', 'y', 'weight'] as const;

/** A decimal number as a spreadsheet writes it: no hex, no "Infinity", no blanks inside. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** `text` quoted for a message, cut to 40 characters. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

/** The fields of one line split at `delimiter` outside double quotes ("" inside quotes is one quote). */
function splitFields(line: string, delimiter: string, lineNo: number): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let quotedField = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quotedField) {
      if (ch !== '"') field += ch;
      else if (line[i + 1] === '"') {
        field += '"';
        i++;
      } else quotedField = false;
    } else if (ch === '"') quotedField = true;
    else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quotedField) throw new ImportError(`line ${lineNo}: a quote is not closed`);
  fields.push(field);
  return fields;
}

/** Tab, else semicolon, else comma: whichever the line holds outside quotes first in that order. */
function detectDelimiter(line: string): string {
  const bare = line.replace(/"(?:[^"]|"")*"/g, '');
  if (bare.includes('\t')) return '\t';
  if (bare.includes(';')) return ';';
  return ',';
}

/** A field's number (a decimal comma read where the delimiter is ';'), or NaN. */
function fieldNumber(field: string, decimalComma: boolean): number {
  let text = field.trim();
  if (decimalComma) text = text.replace(',', '.');
  return NUMBER.test(text) ? Number(text) : NaN;
}

interface Rows {
  /** x0, y0, x1, y1 … of the points kept, `count` of them. */
  xy: Float64Array;
  count: number;
  /** Points dropped for being closer than the spacing to the last one kept. */
  tooClose: number;
  /** Rows of weight 0, dropped. */
  weightless: number;
  /** Rows with a weight. */
  weighted: number;
}

/** Every data row of the text, checked, the spacing applied. Throws ImportError naming the first bad field. */
function readRows(text: string, minSpacing: number): Rows {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // At most one point per line: the lines bound the array, so it is allocated once.
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  const xy = new Float64Array(2 * lines);
  const rows: Rows = { xy, count: 0, tooClose: 0, weightless: 0, weighted: 0 };
  let delimiter: string | null = null;
  let lineNo = 0;
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const first = delimiter === null;
    delimiter ??= detectDelimiter(line);
    const fields = splitFields(line, delimiter, lineNo);
    const decimalComma = delimiter === ';';
    if (first && fields.every((f) => Number.isNaN(fieldNumber(f, decimalComma)))) continue; // a header
    if (fields.length < 2)
      throw new ImportError(
        `line ${lineNo}: one column; expected x and y separated by a comma, a semicolon or a tab`,
      );
    if (fields.length > 3)
      throw new ImportError(`line ${lineNo}: ${fields.length} columns; expected x, y and an optional weight`);
    let x = 0;
    let y = 0;
    let weight = 1;
    for (let c = 0; c < fields.length; c++) {
      const value = fieldNumber(fields[c], decimalComma);
      const where = `(column ${c + 1}, ${COLUMNS[c]})`;
      if (Number.isNaN(value))
        throw new ImportError(`line ${lineNo}: ${quoted(fields[c].trim())} is not a number ${where}`);
      if (c < 2 && !(Math.abs(value) <= MAX_COORDINATE))
        throw new ImportError(`line ${lineNo}: ${quoted(fields[c].trim())} is beyond ±1e9 mm ${where}`);
      if (c === 2 && !(value >= 0 && Number.isFinite(value)))
        throw new ImportError(`line ${lineNo}: ${quoted(fields[c].trim())} is not a weight ≥ 0 ${where}`);
      if (c === 0) x = value;
      else if (c === 1) y = value;
      else weight = value;
    }
    if (fields.length === 3) rows.weighted++;
    if (weight === 0) {
      rows.weightless++;
      continue;
    }
    const n = rows.count;
    if (n > 0 && Math.hypot(x - xy[2 * n - 2], y - xy[2 * n - 1]) < minSpacing) {
      rows.tooClose++;
      continue;
    }
    xy[2 * n] = x;
    xy[2 * n + 1] = y;
    rows.count = n + 1;
  }
  return rows;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Imports CSV text as points (`options.pointsAs`: point curves, the default, one spline through them, or one point
 * set: data to fit to, named "Data" until the import names it after its file), dropping
 * points closer than `options.minSpacing` mm to the one before. Throws ImportError (one line) for a bad field, a
 * file with no points, or a spline of fewer than 2.
 */
export function importCsvPoints(text: string, options: ImportOptions = {}): ImportedRecords {
  const minSpacing = options.minSpacing ?? DEFAULT_MIN_SPACING_MM;
  if (!(minSpacing >= 0 && Number.isFinite(minSpacing)))
    throw new ImportError(`the minimum spacing must be a number of mm ≥ 0, not ${minSpacing}`);
  const rows = readRows(text, minSpacing);
  const { xy } = rows;
  let count = rows.count;
  if (count === 0) throw new ImportError('no points: expected x,y on each line');
  const summary = emptySummary();
  const notes: string[] = [];
  if (rows.tooClose)
    notes.push(`dropped ${plural(rows.tooClose, 'point')} closer than ${minSpacing} mm to the one before`);
  if (rows.weightless) notes.push(`dropped ${plural(rows.weightless, 'point')} of weight 0`);
  if (rows.weighted > rows.weightless) notes.push('weights not kept (Curvewright has no weighted points)');
  const at = (i: number): Vec2 => [xy[2 * i], xy[2 * i + 1]];
  let curves: Curve[];
  if (options.pointsAs === 'data') {
    if (count > MAX_POINT_SET_POINTS)
      throw new ImportError(
        `${count} points: a point set holds at most ${MAX_POINT_SET_POINTS.toLocaleString('en-US')}`,
      );
    const points: Vec2[] = new Array<Vec2>(count);
    for (let i = 0; i < count; i++) points[i] = at(i);
    summary.dataPoints = count;
    if (notes.length) summary.notes = notes;
    return { curves: [], constraints: [], pointSets: [{ id: 'data1', name: 'Data', points }], summary };
  }
  if (options.pointsAs === 'spline') {
    if (count < 2)
      throw new ImportError(`a spline needs at least 2 points; the file has ${plural(count, 'point')}`);
    const last = count - 1;
    const repeat = Math.hypot(xy[2 * last] - xy[0], xy[2 * last + 1] - xy[1]);
    const closed = count >= 4 && (repeat === 0 || repeat < minSpacing);
    if (closed) {
      count--;
      notes.push('closed (its last row repeats its first)');
    }
    if (count > MAX_SPLINE_POINTS)
      throw new ImportError(
        `${count} points: a spline holds at most ${MAX_SPLINE_POINTS.toLocaleString('en-US')}; import them as points`,
      );
    const points: Vec2[] = new Array<Vec2>(count);
    for (let i = 0; i < count; i++) points[i] = at(i);
    curves = [{ kind: 'spline', id: 'c1', points, closed }];
  } else {
    curves = new Array<Curve>(count);
    for (let i = 0; i < count; i++) curves[i] = { kind: 'point', id: `c${i + 1}`, at: at(i) };
  }
  summary.curves[curves[0].kind] = curves.length;
  if (notes.length) summary.notes = notes;
  return { curves, constraints: [], summary };
}
