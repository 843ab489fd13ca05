import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { CURVE_STROKE, DIMENSION_STYLE as S } from '../shared/style';
import { exportSvg } from './svg-export';
import { findAll, parsePathData, parseSvg } from './test-support/svg-reading';

/** A 40 mm segment with its distance, a circle of radius 10 below it shown as a (reference) diameter, an angle. */
function dimensioned(): Drawing {
  const d = emptyDrawing();
  d.view.zoom = 2;
  d.curves.push(
    { id: 's', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 'v', kind: 'segment', a: [0, 0], b: [0, 30] },
    { id: 'c', kind: 'circle', center: [20, 30], radius: 10 },
  );
  d.constraints.push(
    {
      id: 'd',
      kind: 'distance',
      a: { curve: 's', anchor: 'start' },
      b: { curve: 's', anchor: 'end' },
      length: 40,
    },
    { id: 'r', kind: 'radius', curve: 'c', radius: 12, diameter: true, reference: true },
    { id: 'g', kind: 'angle', lines: ['s', 'v'], angle: Math.PI / 2 },
  );
  return d;
}

describe('SVG export of dimensions', () => {
  it('leaves them out by default', () => {
    const svg = parseSvg(exportSvg(dimensioned()));
    expect(findAll(svg, 'g').some((g) => g.getAttribute('class') === 'dimensions')).toBe(false);
    expect(findAll(svg, 'text')).toHaveLength(0);
  });

  it('draws each as lines, arrowheads and its value, placed as on screen, inside the page', () => {
    // At the scale of 2 px per mm (the curves' stroke half its pixel width in mm).
    const strokeWidth = CURVE_STROKE.width / 2;
    const text = exportSvg(dimensioned(), { includeDimensions: true, margin: 0, strokeWidth });
    const svg = parseSvg(text);
    const groups = findAll(svg, 'g').filter((g) => g.getAttribute('class') === 'dimension');
    expect(groups.map((g) => [g.getAttribute('data-constraint'), findAll(g, 'text')[0].textContent])).toEqual(
      [
        ['d', '40'],
        ['r', '(⌀ 20)'], // a reference: what the circle measures, not the record's 12
        ['g', '90°'],
      ],
    );
    // The distance: above the segment (the drawing lies below it), its value beyond the dimension line; sizes are
    // the screen's pixels at the export's scale (2 px per mm).
    const mm = (px: number) => px / 2;
    const [distance] = groups;
    const value = findAll(distance, 'text')[0];
    expect(Number(value.getAttribute('x'))).toBeCloseTo(20, 4);
    expect(Number(value.getAttribute('y'))).toBeCloseTo(-mm(S.offset + S.fontSize / 2 + S.textGap), 4);
    expect(Number(value.getAttribute('font-size'))).toBe(mm(S.fontSize));
    const [lines, arrows] = findAll(distance, 'path');
    expect(lines.getAttribute('fill')).toBe('none');
    expect(parsePathData(lines.getAttribute('d')!).filter((c) => c.op === 'M')).toHaveLength(3);
    const tips = parsePathData(arrows.getAttribute('d')!)
      .filter((c) => c.op === 'M')
      .map((c) => c.args);
    expect(tips).toEqual([
      [0, -mm(S.offset)],
      [40, -mm(S.offset)],
    ]);
    // The angle's arc is an SVG arc; the reference diameter is greyed.
    expect(parsePathData(findAll(groups[2], 'path')[0].getAttribute('d')!).some((c) => c.op === 'A')).toBe(
      true,
    );
    expect(findAll(groups[1], 'text')[0].getAttribute('fill')).toBe(S.referenceColor);
    // The page holds the values: the viewBox reaches above the distance's text.
    const [, y] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect(y).toBeLessThanOrEqual(Number(value.getAttribute('y')) - mm(S.fontSize / 2));
  });
});
