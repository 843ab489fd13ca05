import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing, type Vec2 } from '../../shared/drawing';
import { DATA_MARK_PX, drawPointSets, drawPulls, WORST_RING_PX } from './data-painter';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';

function withData(points: Vec2[]): Drawing {
  const drawing = emptyDrawing();
  drawing.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [10, 0] });
  drawing.pointSets = [{ id: 'p1', name: 'Scan', points }];
  return drawing;
}

describe('the data painter', () => {
  it('draws a point set as crosses in one stroke, in screen pixels, leaving out points off the canvas', () => {
    const { editor, view } = painterEditor(
      withData([
        [1, 2],
        [-3, 4],
        [500, 0],
      ]),
      { center: [0, 0], zoom: 4 },
      [400, 300],
    );
    const { ctx, ops } = recordingContext();
    drawPointSets(ctx, editor);
    expect(ops.map((o) => [o.op, o.style, o.lineWidth, o.identity])).toEqual([
      ['stroke', THEME.data, 1, true],
    ]);
    const r = DATA_MARK_PX;
    const cross = ([x, y]: Vec2): Vec2[] => [
      [x - r, y - r],
      [x + r, y + r],
      [x - r, y + r],
      [x + r, y - r],
    ];
    const expected = [...cross(view.toScreen([1, 2])), ...cross(view.toScreen([-3, 4]))];
    expect(ops[0].points).toHaveLength(expected.length);
    ops[0].points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(expected[i][0], 9);
      expect(p[1]).toBeCloseTo(expected[i][1], 9);
    });
  });

  it('draws a selected set in the selection colour, and 100,000 points as one path', () => {
    const many: Vec2[] = Array.from({ length: 100_000 }, (_, i) => [
      (i % 1000) / 20,
      Math.floor(i / 1000) / 5,
    ]);
    const { editor } = painterEditor(withData(many), { center: [25, 10], zoom: 4 }, [800, 600]);
    editor.selection.add('p1');
    const { ctx, ops } = recordingContext();
    drawPointSets(ctx, editor);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ op: 'stroke', style: THEME.selected, lineWidth: 1.75 });
    expect(ops[0].points).toHaveLength(4 * 100_000);
  });

  it("rings each fit's worst point from the last readouts, and draws a target's pull, dimmed when off", () => {
    const drawing = withData([[1, 1]]);
    drawing.attractors = [
      {
        id: 'a1',
        kind: 'target',
        on: false,
        strength: 1,
        point: { curve: 'c1', anchor: 'end' },
        at: [10, 5],
      },
    ];
    const { editor, mirror, view } = painterEditor(drawing, { center: [0, 0], zoom: 2 }, [400, 300]);
    mirror.pulls = { done: false, readouts: [{ id: 'f', rms: 1, max: 2, worst: [1, 1] }] };
    const { ctx, ops } = recordingContext();
    drawPulls(ctx, editor);
    // The marks are the grid layer's: not drawn again with the curves.
    expect(ops.map((o) => [o.op, o.style])).toEqual([
      ['stroke', THEME.dataOff],
      ['stroke', THEME.resisting],
    ]);
    // The target: from the segment's end to its place, then its cross.
    expect(ops[0].points.slice(0, 2)).toEqual([view.toScreen([10, 0]), view.toScreen([10, 5])]);
    // The ring: an arc about the worst point (the recording context keeps its centre).
    expect(ops[1].points).toEqual([view.toScreen([1, 1])]);
    expect(WORST_RING_PX).toBeGreaterThan(DATA_MARK_PX);
  });
});
