import { describe, expect, it } from 'vitest';
import type { Curve, Vec2 } from '../shared/drawing';
import { MAX_SPLINE_POINTS } from '../shared/limits';
import { importCsvPoints } from './csv-points';
import { importFormatFor } from './import-formats';
import { withImported } from './import-merge';
import { ImportError, summaryLine, type ImportedRecords } from './svg-import';
import { emptyDrawing } from '../shared/drawing';

const points = (r: ImportedRecords): Vec2[] =>
  r.curves.map((c) => {
    if (c.kind !== 'point') throw new Error(`a ${c.kind}`);
    return c.at;
  });

function spline(r: ImportedRecords): Extract<Curve, { kind: 'spline' }> {
  expect(r.curves.map((c) => c.kind)).toEqual(['spline']);
  return r.curves[0] as Extract<Curve, { kind: 'spline' }>;
}

/** The one line an import of `text` fails with. */
function failure(text: string, options = {}): string {
  try {
    importCsvPoints(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as Error).message;
  }
  throw new Error('imported');
}

describe('points from CSV', () => {
  it('reads x,y per line in mm as point curves, unnamed (the drawing numbers them), with no attachments', () => {
    const r = importCsvPoints('1,2\n3.5,-4\n1e1,.25\n');
    expect(points(r)).toEqual([
      [1, 2],
      [3.5, -4],
      [10, 0.25],
    ]);
    expect(r.curves.map((c) => [c.id, c.name])).toEqual([
      ['c1', undefined],
      ['c2', undefined],
      ['c3', undefined],
    ]);
    expect(r.constraints).toEqual([]);
    expect(summaryLine(r.summary)).toBe('imported 3 points');
  });

  it('skips a header, blank lines, comments and a BOM; CRLF lines; quoted fields', () => {
    const text = '\ufeff# measured 2026-11-27\r\n"x, mm","y, mm"\r\n\r\n"1.5", 2 \r\n# a note\r\n3,"4"\r\n';
    expect(points(importCsvPoints(text))).toEqual([
      [1.5, 2],
      [3, 4],
    ]);
  });

  it('detects semicolons (with decimal commas) and tabs', () => {
    expect(points(importCsvPoints('x;y\n1,5;2,25\n-3;4.5\n'))).toEqual([
      [1.5, 2.25],
      [-3, 4.5],
    ]);
    expect(points(importCsvPoints('1\t2\n3\t4'))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('reads the weight column, says the weights are not kept, and drops rows of weight 0', () => {
    const r = importCsvPoints('x,y,w\n0,0,1\n1,0,0.5\n2,0,0\n3,0\n');
    expect(points(r)).toEqual([
      [0, 0],
      [1, 0],
      [3, 0],
    ]);
    expect(summaryLine(r.summary)).toBe(
      'imported 3 points; dropped 1 point of weight 0; weights not kept (Curvewright has no weighted points)',
    );
  });

  it('drops a point closer than the minimum spacing to the last kept, and counts it', () => {
    const text = '0,0\n0,0\n0.0005,0\n0.0015,0\n5,5\n5,5.0009\n';
    const r = importCsvPoints(text);
    expect(points(r)).toEqual([
      [0, 0],
      [0.0015, 0],
      [5, 5],
    ]);
    expect(summaryLine(r.summary)).toBe(
      'imported 3 points; dropped 3 points closer than 0.001 mm to the one before',
    );
    expect(points(importCsvPoints(text, { minSpacing: 0 }))).toHaveLength(6);
    expect(points(importCsvPoints(text, { minSpacing: 1 }))).toEqual([
      [0, 0],
      [5, 5],
    ]);
  });

  it('as a spline: one spline through the points, closed when the last row repeats the first', () => {
    const open = spline(importCsvPoints('0,0\n10,0\n10,10\n', { pointsAs: 'spline' }));
    expect(open).toEqual({
      kind: 'spline',
      id: 'c1',
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      closed: false,
    });
    const r = importCsvPoints('0,0\n10,0\n10,10\n0,10\n0,0\n', { pointsAs: 'spline' });
    expect(spline(r).closed).toBe(true);
    expect(spline(r).points).toHaveLength(4);
    expect(summaryLine(r.summary)).toBe('imported 1 spline; closed (its last row repeats its first)');
    // Two points and the first again: too few to close, an open spline there and back.
    expect(spline(importCsvPoints('0,0\n1,0\n0,0', { pointsAs: 'spline' })).closed).toBe(false);
    // It merges into a drawing the loader accepts.
    expect(withImported(emptyDrawing(), r).curves).toHaveLength(1);
  });

  it('a spline of fewer than 2 points, an empty file, a spline too long: one line', () => {
    expect(failure('1,2\n1,2\n', { pointsAs: 'spline' })).toBe(
      'a spline needs at least 2 points; the file has 1 point',
    );
    expect(failure('x,y\n# nothing\n')).toBe('no points: expected x,y on each line');
    const many = Array.from({ length: MAX_SPLINE_POINTS + 1 }, (_, i) => `${i},0`).join('\n');
    expect(failure(many, { pointsAs: 'spline' })).toBe(
      '100001 points: a spline holds at most 100,000; import them as points',
    );
    expect(importCsvPoints(many).curves).toHaveLength(MAX_SPLINE_POINTS + 1);
  });

  it('bad input: one line naming the line, the field as written and its column', () => {
    expect(failure('x,y\n1,2\n3,abc\n')).toBe('line 3: "abc" is not a number (column 2, y)');
    expect(failure('1,2\n\n0x10,2\n')).toBe('line 3: "0x10" is not a number (column 1, x)');
    expect(failure('1,2\nInfinity,2\n')).toBe('line 2: "Infinity" is not a number (column 1, x)');
    expect(failure('1,2,-1\n')).toBe('line 1: "-1" is not a weight ≥ 0 (column 3, weight)');
    expect(failure('1,2e9\n')).toBe('line 1: "2e9" is beyond ±1e9 mm (column 2, y)');
    expect(failure('1,2\n3\n')).toBe(
      'line 2: one column; expected x and y separated by a comma, a semicolon or a tab',
    );
    expect(failure('1,2,3,4\n')).toBe('line 1: 4 columns; expected x, y and an optional weight');
    expect(failure('1,2\n"3,4\n')).toBe('line 2: a quote is not closed');
    // A first line with a number in it is data, not a header: its typo is said.
    expect(failure('1,y\n2,3\n')).toBe('line 1: "y" is not a number (column 2, y)');
    // A decimal comma only with semicolons.
    expect(failure('1,5\t2\n')).toBe('line 1: "1,5" is not a number (column 1, x)');
    expect(failure('1,2', { minSpacing: -1 })).toBe('the minimum spacing must be a number of mm ≥ 0, not -1');
  });

  it('is the import for .csv and .tsv, and asks how the points come in', () => {
    for (const file of ['p.csv', 'P.TSV']) {
      const format = importFormatFor(file);
      expect(format.name).toBe('CSV');
      expect(format.question?.('1,2')).toBe('points');
      expect(format.read('1,2\n3,4', { pointsAs: 'spline' }).curves[0].kind).toBe('spline');
    }
  });
});

describe('points from CSV as data to fit to', () => {
  it('come in as one point set, named after the file, with no curves; the summary counts them', () => {
    const r = importCsvPoints('x,y\n0,0\n0,0\n10,5\n20,-5\n', { pointsAs: 'data' });
    expect(r.curves).toEqual([]);
    expect(r.pointSets).toEqual([
      {
        id: 'data1',
        name: 'Data',
        points: [
          [0, 0],
          [10, 5],
          [20, -5],
        ],
      },
    ]);
    expect(summaryLine(r.summary)).toBe(
      'imported 3 points of data to fit; dropped 1 point closer than 0.001 mm to the one before',
    );
    const drawing = withImported(emptyDrawing(), r, 'scan');
    expect(drawing.pointSets?.map((s) => [s.id, s.name, s.points.length])).toEqual([['data1', 'scan', 3]]);
    // A second import of the same file keeps the names apart.
    const twice = withImported(drawing, r, 'scan');
    expect(twice.pointSets?.map((s) => [s.id, s.name])).toEqual([
      ['data1', 'scan'],
      ['data2', 'scan (2)'],
    ]);
  });
});
