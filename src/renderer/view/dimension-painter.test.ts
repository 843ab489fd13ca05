import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Constraint, type Vec2 } from '../../shared/drawing';
import { DIMENSION_STYLE as S } from '../../shared/style';
import { drawDimensions } from './dimension-painter';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';

/** A 40 mm segment from (0, 0), pinned, with a point below it (so the drawing's centre is below the segment). */
function editorWith(dimension: Constraint, label: { id: string; offset: Vec2 } | null = null, residual = 0) {
  const drawing = emptyDrawing();
  drawing.curves.push(
    { id: 's', kind: 'segment', a: [0, 0], b: [40, 0] },
    { id: 'p', kind: 'point', at: [20, 30] },
  );
  drawing.constraints.push(dimension);
  const status = {
    dof: 0,
    maxResidual: residual,
    frameMs: 0,
    constraints: [{ id: dimension.id, residual, tension: 0, redundant: false, conflicting: false }],
  };
  const { mirror, view } = painterEditor(drawing, { center: [20, 0], zoom: 3 }, [400, 300], status);
  return { editor: { mirror, view, overlay: { label } }, view };
}

const distance: Constraint = {
  id: 'd',
  kind: 'distance',
  a: { curve: 's', anchor: 'start' },
  b: { curve: 's', anchor: 'end' },
  length: 40,
};

describe('drawDimensions', () => {
  it('draws a distance above its segment, away from the drawing, its value offset pixels off at any zoom', () => {
    const { editor, view } = editorWith(distance);
    const { ctx, ops, texts } = recordingContext();
    drawDimensions(ctx, editor);
    const [x0, y0] = view.toScreen([0, 0]);
    const [x1] = view.toScreen([40, 0]);
    const lineY = y0 - S.offset;
    // The value, centred above the dimension line, in the dimension colour.
    expect(texts).toHaveLength(1);
    expect(texts[0].text).toBe('40');
    expect(texts[0].style).toBe(S.color);
    expect(texts[0].at[0]).toBeCloseTo((x0 + x1) / 2, 9);
    expect(texts[0].at[1]).toBeCloseTo(lineY - S.fontSize / 2 - S.textGap, 9);
    // One stroke: two extension lines and the dimension line; one fill: the two arrowheads, tips on the line.
    expect(ops.map((o) => o.op)).toEqual(['stroke', 'fill']);
    const [lines, arrows] = ops;
    expect(lines.style).toBe(S.color);
    expect(lines.points).toHaveLength(6);
    expect(lines.points[0][0]).toBeCloseTo(x0, 9);
    expect(lines.points[0][1]).toBeCloseTo(y0 - S.extensionGap, 9);
    expect(lines.points[1][1]).toBeCloseTo(lineY - S.extensionOvershoot, 9);
    expect(lines.points[4][1]).toBeCloseTo(lineY, 9);
    expect(lines.points[5][1]).toBeCloseTo(lineY, 9);
    expect(arrows.points).toHaveLength(6);
    expect(arrows.points[0][0]).toBeCloseTo(x0, 9);
    expect(arrows.points[3][0]).toBeCloseTo(x1, 9);
    expect(arrows.points[0][1]).toBeCloseTo(lineY, 9);
  });

  it('draws the label where it is being dragged, and a reference dimension greyed with its measured value', () => {
    const { editor, view } = editorWith(
      { ...distance, length: 25, reference: true },
      { id: 'd', offset: [5, -4] },
    );
    const { ctx, texts } = recordingContext();
    drawDimensions(ctx, editor);
    const [x0, y0] = view.toScreen([20, 0]);
    expect(texts).toEqual([
      {
        text: '(40)', // measured from the geometry, not the record's 25
        at: [x0 + 5 * 3, y0 - S.offset - S.fontSize / 2 - S.textGap - 4 * 3],
        style: S.referenceColor,
      },
    ]);
  });

  it('draws a dimension that does not hold in red', () => {
    const { editor } = editorWith({ ...distance, length: 25 }, null, 15);
    const { ctx, ops, texts } = recordingContext();
    drawDimensions(ctx, editor);
    expect(texts[0].text).toBe('25');
    expect(new Set([...ops.map((o) => o.style), texts[0].style])).toEqual(
      new Set([THEME.glyph.conflictColor]),
    );
  });
});
