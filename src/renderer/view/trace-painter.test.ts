import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { TRACE_STROKE } from '../../shared/style';
import { tracePath } from '../../shared/trace-path';
import { emptyTrail, trailFromPoints } from '../../shared/trail';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';
import { drawTraceMarkers, drawTraces } from './trace-painter';

describe('drawTraces', () => {
  it('strokes every trail of two or more points as its tracePath, in screen pixels, in its own colour', () => {
    const drawing = emptyDrawing();
    drawing.traces = [
      {
        id: 't1',
        point: { curve: 'gone', u: 0 },
        points: trailFromPoints([
          [1, 2],
          [3, 5],
          [-4, 0.5],
        ]),
      },
      { id: 't2', point: { curve: 'gone', u: 1 }, points: trailFromPoints([[7, 7]]) },
      {
        id: 't3',
        point: { curve: 'gone', anchor: 'end' },
        points: trailFromPoints([
          [0, 0],
          [10, -10],
        ]),
        color: '#aa0033',
      },
    ];
    const { editor, view } = painterEditor(drawing, { center: [2, 3], zoom: 4 }, [800, 600]);
    const { ctx, ops } = recordingContext();
    drawTraces(ctx, editor);
    // Only the two drawable trails (markers are drawTraceMarkers', on the glyph layer).
    expect(ops.map((o) => [o.op, o.style, o.lineWidth, o.identity])).toEqual([
      ['stroke', THEME.trace.color, TRACE_STROKE.width, true],
      ['stroke', '#aa0033', TRACE_STROKE.width, true],
    ]);
    const expected = [drawing.traces[0], drawing.traces[2]].map((t) => {
      const path = tracePath(t)!;
      if (path.segments[0].type !== 'polyline') throw new Error('a trail is a polyline');
      return [path.start, ...path.segments[0].points].map((p) => view.toScreen(p));
    });
    ops.forEach((stroke, i) => {
      expect(stroke.points).toHaveLength(expected[i].length);
      stroke.points.forEach((p, j) => {
        expect(p[0]).toBeCloseTo(expected[i][j][0], 12);
        expect(p[1]).toBeCloseTo(expected[i][j][1], 12);
      });
    });
  });

  it('marks the traced point before anything is recorded, filled when the trace is selected', () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ kind: 'segment', id: 'c1', a: [0, 0], b: [10, 0] });
    drawing.traces.push({ id: 't1', point: { curve: 'c1', u: 0.5 }, points: emptyTrail(), color: '#123456' });
    const { editor, view } = painterEditor(drawing, { center: [0, 0], zoom: 2 }, [400, 300]);
    const draw = () => {
      const { ctx, ops } = recordingContext();
      drawTraceMarkers(ctx, editor);
      return ops;
    };
    // No trail yet: nothing on the curves layer.
    const trails = recordingContext();
    drawTraces(trails.ctx, editor);
    expect(trails.ops).toEqual([]);
    const [x, y] = view.toScreen([5, 0]);
    const marker = draw();
    // The ring (filled with the paper, stroked in the trace's colour) and its cross, at the segment's middle.
    expect(marker.map((o) => [o.op, o.style])).toEqual([
      ['fill', THEME.paper],
      ['stroke', '#123456'],
      ['stroke', '#123456'],
    ]);
    expect(marker[1].points[0][0]).toBeCloseTo(x, 9);
    expect(marker[1].points[0][1]).toBeCloseTo(y, 9);
    expect(marker[2].points.map(([px, py]) => [px - x, py - y])).toEqual([
      [-8, 0],
      [8, 0],
      [0, -8],
      [0, 8],
    ]);
    editor.selection.add('t1');
    expect(draw()[0]).toMatchObject({ op: 'fill', style: '#123456' });
  });
});
