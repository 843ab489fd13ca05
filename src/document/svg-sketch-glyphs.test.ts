import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { CURVE_STROKE, GLYPH_STYLE } from '../shared/style';
import { exportSvg } from './svg-export';
import { findAll, parseSvg } from './test-support/svg-reading';

const S = GLYPH_STYLE.sketch;

/** Two 40 mm segments meeting at a right angle, H on one, V on the other, the two perpendicular and equal. */
function sketch(): Drawing {
  const d = emptyDrawing();
  d.view.zoom = 2;
  d.curves.push(
    { id: 'a', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 'b', kind: 'segment', a: [0, 0], b: [0, 40] },
  );
  d.constraints.push(
    { id: 'h', kind: 'horizontal', a: { curve: 'a', anchor: 'start' }, b: { curve: 'a', anchor: 'end' } },
    { id: 'v', kind: 'vertical', a: { curve: 'b', anchor: 'start' }, b: { curve: 'b', anchor: 'end' } },
    { id: 'p', kind: 'perpendicular', lines: ['a', 'b'] },
    { id: 'e', kind: 'equal', curves: ['a', 'b'] },
  );
  return d;
}

describe('SVG export of sketch glyphs', () => {
  it('leaves them out by default', () => {
    const svg = parseSvg(exportSvg(sketch()));
    expect(findAll(svg, 'rect')).toHaveLength(0);
  });

  it('draws each as its symbol in a box, where the canvas puts it, inside the page', () => {
    // At the scale of 2 px per mm (the curves' stroke half its pixel width in mm).
    const strokeWidth = CURVE_STROKE.width / 2;
    const svg = parseSvg(exportSvg(sketch(), { includeConstruction: true, margin: 0, strokeWidth }));
    const groups = findAll(svg, 'g').filter((g) => g.getAttribute('class') === 'sketch-glyph');
    const read = (g: (typeof groups)[number]) => {
      const rect = findAll(g, 'rect')[0];
      const n = (name: string) => Number(rect.getAttribute(name));
      return {
        id: g.getAttribute('data-constraint'),
        text: findAll(g, 'text')[0].textContent,
        center: [n('x') + n('width') / 2, n('y') + n('height') / 2],
        size: [n('width'), n('height')],
      };
    };
    const glyphs = groups.map(read);
    expect(glyphs.map((g) => [g.id, g.text])).toEqual([
      ['h', 'H'],
      ['v', 'V'],
      ['p', '⊥'],
      ['e', '=1'],
      ['e', '=1'],
    ]);
    const mm = 1 / 2;
    const halfH = S.fontSize / 2 + S.padding;
    const halfW = S.charWidth / 2 + S.padding;
    const [h, v, p] = glyphs;
    expect(h.center[0]).toBeCloseTo(20, 3);
    expect(h.center[1]).toBeCloseTo(-(S.gap + halfH) * mm, 3);
    expect(h.size[0]).toBeCloseTo(2 * halfW * mm, 3);
    expect(v.center[0]).toBeCloseTo((S.gap + halfW) * mm, 3);
    expect(v.center[1]).toBeCloseTo(20, 3);
    // Perpendicular outside the corner, diagonally up and left.
    expect(p.center[0]).toBeLessThan(0);
    expect(p.center[0]).toBeCloseTo(p.center[1], 3);
    // The page holds every box.
    const [x, y, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    for (const g of glyphs) {
      expect(g.center[0] - g.size[0] / 2).toBeGreaterThanOrEqual(x - 1e-3);
      expect(g.center[1] - g.size[1] / 2).toBeGreaterThanOrEqual(y - 1e-3);
      expect(g.center[0] + g.size[0] / 2).toBeLessThanOrEqual(x + width + 1e-3);
      expect(g.center[1] + g.size[1] / 2).toBeLessThanOrEqual(y + height + 1e-3);
    }
  });
});
