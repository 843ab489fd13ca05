// The traces: each trail as recorded while the mechanism played, in its own colour (the theme's when it has none),
// on the curves layer (what the SVG export draws too); and a marker on the traced point from the moment the trace
// is added, so a trace shows before Play has recorded anything — a construction mark, on the glyph layer like the
// pins (the SVG leaves it out with them). A selected trace (from the Traces panel) is drawn wider, its marker
// filled.

import type { Trace } from '../../shared/drawing';
import { traceTo } from '../../shared/trace-path';
import type { Editor } from '../editor/editor';
import { inView } from './paths';
import { THEME } from './theme';

/** The marker's radius, px. */
export const TRACE_MARKER_RADIUS = 5;

export function traceColor(trace: Trace): string {
  return trace.color ?? THEME.trace.color;
}

export function drawTraces(ctx: CanvasRenderingContext2D, editor: Editor): void {
  const style = THEME.trace;
  ctx.lineCap = style.lineCap;
  ctx.lineJoin = style.lineJoin;
  ctx.setLineDash([...style.dash]);
  for (const trace of editor.mirror.drawing.traces) {
    const color = traceColor(trace);
    const selected = editor.selection.has(trace.id);
    ctx.strokeStyle = color;
    if (trace.points.length < 2) continue; // no line yet (traceTo would draw none)
    // Built in drawing mm, stroked in pixels.
    ctx.beginPath();
    inView(ctx, editor, () => traceTo(ctx, trace));
    ctx.lineWidth = selected ? style.width + 1.5 : style.width;
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/** A ring with a cross on each traced point: a pen on the paper, apart from a pin's triangle and a bead's dot. */
export function drawTraceMarkers(ctx: CanvasRenderingContext2D, editor: Editor): void {
  for (const trace of editor.mirror.drawing.traces) {
    const color = traceColor(trace);
    const selected = editor.selection.has(trace.id);
    ctx.strokeStyle = color;
    const at = editor.mirror.connectorPosition(trace.point);
    if (!at) continue;
    const [x, y] = editor.view.toScreen(at);
    ctx.beginPath();
    ctx.arc(x, y, TRACE_MARKER_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = selected ? color : THEME.paper;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x - TRACE_MARKER_RADIUS - 3, y);
    ctx.lineTo(x + TRACE_MARKER_RADIUS + 3, y);
    ctx.moveTo(x, y - TRACE_MARKER_RADIUS - 3);
    ctx.lineTo(x, y + TRACE_MARKER_RADIUS + 3);
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}
