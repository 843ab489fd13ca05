import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/contract';
import { emptyDrawing, type Vec2 } from '../../shared/drawing';
import { CURVE_STROKE } from '../../shared/style';
import type { Editor } from '../editor/editor';
import { Mirror } from '../editor/mirror';
import { ViewTransform } from '../editor/view-transform';
import { drawCurves, POINT_RADIUS } from './curve-painter';

/** A 2D context that records, in device pixels (the transform applied), what is drawn and with which style. */
function recordingContext() {
  let matrix = [1, 0, 0, 1, 0, 0]; // a b c d e f, as DOMMatrix
  const stack: number[][] = [];
  let path: Vec2[] = [];
  const ops: { op: 'stroke' | 'fill'; points: Vec2[]; lineWidth: number; identity: boolean }[] = [];
  const map = (x: number, y: number): Vec2 => [
    matrix[0] * x + matrix[2] * y + matrix[4],
    matrix[1] * x + matrix[3] * y + matrix[5],
  ];
  const ctx = {
    lineWidth: 1,
    lineJoin: 'miter',
    lineCap: 'butt',
    strokeStyle: '',
    fillStyle: '',
    save: () => void stack.push([...matrix]),
    restore: () => void (matrix = stack.pop() ?? matrix),
    translate: (x: number, y: number) => {
      matrix = [...matrix.slice(0, 4), ...map(x, y)];
    },
    scale: (sx: number, sy: number) => {
      matrix = [matrix[0] * sx, matrix[1] * sx, matrix[2] * sy, matrix[3] * sy, matrix[4], matrix[5]];
    },
    setLineDash: () => undefined,
    beginPath: () => void (path = []),
    moveTo: (x: number, y: number) => void path.push(map(x, y)),
    lineTo: (x: number, y: number) => void path.push(map(x, y)),
    arc: (x: number, y: number) => void path.push(map(x, y)),
    closePath: () => undefined,
    stroke: () =>
      void ops.push({ op: 'stroke', points: path, lineWidth: ctx.lineWidth, identity: isIdentity() }),
    fill: () => void ops.push({ op: 'fill', points: path, lineWidth: ctx.lineWidth, identity: isIdentity() }),
  };
  const isIdentity = () => matrix.every((v, i) => v === [1, 0, 0, 1, 0, 0][i]);
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops };
}

function painted(n: number) {
  const drawing = emptyDrawing();
  for (let i = 0; i < n; i++) drawing.curves.push({ id: `s${i}`, kind: 'segment', a: [i, 0], b: [i, 10] });
  drawing.curves.push({ id: 'p', kind: 'point', at: [5, 5] });
  const mirror = new Mirror();
  const status = { dof: 0, maxResidual: 0, frameMs: 0 };
  const snapshot: Snapshot = {
    revision: 0,
    drawing,
    status,
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
  };
  mirror.apply(snapshot);
  const view = new ViewTransform({ center: [2, 3], zoom: 4 }, 800, 600);
  const { ctx, ops } = recordingContext();
  drawCurves(ctx, { mirror, view } as unknown as Editor);
  return { ops, view };
}

describe('drawCurves', () => {
  it('strokes every curve in one path, in screen pixels at the style width, and fills the dots once', () => {
    const { ops, view } = painted(50);
    expect(ops.map((o) => o.op)).toEqual(['stroke', 'fill']);
    const [stroke, fill] = ops;
    expect(stroke.identity).toBe(true); // the width is in pixels, not scaled by the zoom
    expect(stroke.lineWidth).toBe(CURVE_STROKE.width);
    expect(stroke.points).toHaveLength(100); // moveTo + lineTo per segment
    for (let i = 0; i < 50; i++) {
      const [a, b] = [view.toScreen([i, 0]), view.toScreen([i, 10])];
      expect(stroke.points[2 * i][0]).toBeCloseTo(a[0], 12);
      expect(stroke.points[2 * i][1]).toBeCloseTo(a[1], 12);
      expect(stroke.points[2 * i + 1][0]).toBeCloseTo(b[0], 12);
      expect(stroke.points[2 * i + 1][1]).toBeCloseTo(b[1], 12);
    }
    const dot = view.toScreen([5, 5]);
    expect(fill.points).toEqual([[dot[0] + POINT_RADIUS, dot[1]], dot]);
  });
});
