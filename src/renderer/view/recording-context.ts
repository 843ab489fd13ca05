// Test support: a fake 2D canvas context for the painters' tests (never used by the app).

import { plainDrawing } from '../../shared/trace-records';
import { trailNumbers } from '../../shared/trail';
import type { SessionStatus } from '../../shared/contract';
import type { Drawing, Vec2, ViewState } from '../../shared/drawing';
import type { Editor } from '../editor/editor';
import { Mirror } from '../editor/mirror';
import { ViewTransform } from '../editor/view-transform';

/** A 2D context that records, in device pixels (the transform applied), what is drawn and with which style. */
export function recordingContext() {
  let matrix = [1, 0, 0, 1, 0, 0]; // a b c d e f, as DOMMatrix
  const stack: number[][] = [];
  let path: Vec2[] = [];
  const ops: {
    op: 'stroke' | 'fill';
    points: Vec2[];
    lineWidth: number;
    identity: boolean;
    /** strokeStyle for a stroke, fillStyle for a fill. */
    style: string;
  }[] = [];
  const map = (x: number, y: number): Vec2 => [
    matrix[0] * x + matrix[2] * y + matrix[4],
    matrix[1] * x + matrix[3] * y + matrix[5],
  ];
  /** Text drawn, where (device pixels) and in which colour. */
  const texts: { text: string; at: Vec2; style: string }[] = [];
  const ctx = {
    font: '',
    fillText: (text: string, x: number, y: number) =>
      void texts.push({ text, at: map(x, y), style: String(ctx.fillStyle) }),
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
      void ops.push({
        op: 'stroke',
        points: path,
        lineWidth: ctx.lineWidth,
        identity: isIdentity(),
        style: ctx.strokeStyle,
      }),
    fill: () =>
      void ops.push({
        op: 'fill',
        points: path,
        lineWidth: ctx.lineWidth,
        identity: isIdentity(),
        style: ctx.fillStyle,
      }),
  };
  const isIdentity = () => matrix.every((v, i) => v === [1, 0, 0, 1, 0, 0][i]);
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops, texts };
}

/**
 * What a painter reads of the editor, for its tests: a mirror that has received `drawing` (with `status`) as one
 * full snapshot, a view of `view` on a canvas of `size` CSS pixels, and a selection (empty).
 */
export function painterEditor(
  drawing: Drawing,
  view: ViewState,
  size: [number, number],
  status: SessionStatus = { dof: 0, maxResidual: 0, frameMs: 0 },
) {
  const mirror = new Mirror();
  mirror.apply({
    revision: 0,
    drawing: plainDrawing(drawing, false),
    trails: drawing.traces.map((t) => ({ id: t.id, from: 0, xy: trailNumbers(t.points) })),
    status,
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
  });
  const transform = new ViewTransform(view, size[0], size[1]);
  const selection = new Set<string>();
  const viewOps = { solverDetails: false };
  return {
    editor: { mirror, view: transform, selection, viewOps } as unknown as Editor,
    mirror,
    view: transform,
    viewOps,
  };
}
