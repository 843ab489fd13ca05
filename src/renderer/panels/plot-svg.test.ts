import { describe, expect, it } from 'vitest';
import { findAll, parseSvg } from '../../document/test-support/svg-reading';
import { niceTicks, plotSvg } from './plot-svg';

const attr = (el: { getAttribute(name: string): string | null }, name: string) =>
  Number(el.getAttribute(name));

describe('a plot as SVG', () => {
  it('parses, and its polylines put every defined sample where the axes’ ticks say, with a gap at a null', () => {
    const xs = Array.from({ length: 37 }, (_, k) => k * 10);
    const ys = xs.map((x, k) => (k === 20 ? null : 50 + 40 * Math.sin((x * Math.PI) / 180)));
    const svg = parseSvg(
      plotSvg({
        title: 'coupler & point <speed>',
        xLabel: 'crank angle (°)',
        yLabel: 'mm/s',
        xs,
        ys,
        xRange: [0, 360],
      }),
    );
    expect(svg.getAttribute('width')).toBe('800');
    const texts = findAll(svg, 'text').map((t) => t.textContent);
    expect(texts).toContain('coupler & point <speed>');
    expect(texts).toContain('crank angle (°)');
    expect(texts).toContain('mm/s');

    // The axes' maps, read back from two ticks each: a tick's line sits at its value.
    const axis = (group: string, coordinate: 'x1' | 'y1') => {
      const g = findAll(svg, 'g').find((e) => e.getAttribute('class') === group)!;
      const lines = findAll(g, 'line');
      const labels = findAll(g, 'text').map((t) => Number(t.textContent));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      const [p0, p1] = [attr(lines[0], coordinate), attr(lines.at(-1)!, coordinate)];
      const [v0, v1] = [labels[0], labels.at(-1)!];
      return (pixel: number) => v0 + ((pixel - p0) / (p1 - p0)) * (v1 - v0);
    };
    const xOf = axis('x-ticks', 'x1');
    const yOf = axis('y-ticks', 'y1');
    const polylines = findAll(svg, 'polyline');
    expect(polylines).toHaveLength(2); // the null splits the line
    const points = polylines.flatMap((p) =>
      p
        .getAttribute('points')!
        .split(' ')
        .map((pair) => pair.split(',').map(Number)),
    );
    const defined = xs.map((x, k) => [x, ys[k]] as const).filter(([, y]) => y !== null);
    expect(points).toHaveLength(defined.length);
    points.forEach(([px, py], i) => {
      expect(xOf(px)).toBeCloseTo(defined[i][0], 1);
      expect(yOf(py)).toBeCloseTo(defined[i][1]!, 1);
    });
  });

  it('ticks are round numbers covering the range', () => {
    expect(niceTicks(0, 360)).toEqual([0, 100, 200, 300]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-13, 41)).toEqual([-10, 0, 10, 20, 30, 40]);
  });
});
