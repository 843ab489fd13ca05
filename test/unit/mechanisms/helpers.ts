// Shared by the mechanism tests: open an example file as the app would, run its motors headless for whole turns,
// and keep every frame's trace positions (undecimated) and residual.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDrawingText } from '../../../src/document/validate';
import { Engine } from '../../../src/engine';
import { runMotors } from '../../../src/mechanisms/run';
import type { Drawing, Vec2 } from '../../../src/shared/drawing';
import { testClock } from '../../../src/shared/test-support/clock';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../resources/examples/', import.meta.url));

export function loadExample(name: string): Drawing {
  return parseDrawingText(readFileSync(`${EXAMPLES_DIR}${name}.curvewright`, 'utf8'));
}

export interface TurnsRun {
  drawing: Drawing;
  engine: Engine;
  /** Residual at load, then after every frame. */
  residuals: number[];
  /** Per trace id: the traced point at load and after every frame. */
  traces: Map<string, Vec2[]>;
  /** Per curve id asked for: its state at load and after every frame. */
  states: Map<string, number[][]>;
  framesPerTurn: number;
}

/** Run `turns` turns of a 60 rpm motor at `framesPerTurn` frames a turn (fps = framesPerTurn). */
export function runTurns(
  drawing: Drawing,
  turns: number,
  framesPerTurn: number,
  curves: string[] = [],
): TurnsRun {
  const engine = Engine.build(drawing, { clock: testClock() });
  const residuals = [engine.diagnostics().maxResidual];
  const traces = new Map<string, Vec2[]>(
    drawing.traces.map((t) => [t.id, [engine.connectorPosition(t.point)]]),
  );
  const states = new Map<string, number[][]>(curves.map((id) => [id, [engine.curveState(id)]]));
  runMotors(engine, drawing, {
    frames: turns * framesPerTurn,
    fps: framesPerTurn,
    onFrame: (_, report) => {
      residuals.push(report.maxResidual);
      for (const t of drawing.traces) traces.get(t.id)!.push(engine.connectorPosition(t.point));
      for (const id of curves) states.get(id)!.push(engine.curveState(id));
    },
  });
  return { drawing, engine, residuals, traces, states, framesPerTurn };
}

/** The diagonal of the box round every bar end, point and spline point of the drawing as loaded. */
export function drawingSize(drawing: Drawing): number {
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (p: Vec2) => {
    xs.push(p[0]);
    ys.push(p[1]);
  };
  for (const c of drawing.curves) {
    if (c.kind === 'bar') {
      const dx = (Math.cos(c.angle) * c.length) / 2;
      const dy = (Math.sin(c.angle) * c.length) / 2;
      add([c.center[0] - dx, c.center[1] - dy]);
      add([c.center[0] + dx, c.center[1] + dy]);
    } else if (c.kind === 'point') add(c.at);
    else if (c.kind === 'segment') {
      add(c.a);
      add(c.b);
    } else if (c.kind === 'spline') c.points.forEach(add);
  }
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** Largest distance between a point and the same point one turn later. */
export function periodicGap(points: Vec2[], framesPerTurn: number): number {
  let gap = 0;
  for (let j = 0; j + framesPerTurn < points.length; j++) {
    const a = points[j];
    const b = points[j + framesPerTurn];
    gap = Math.max(gap, Math.hypot(a[0] - b[0], a[1] - b[1]));
  }
  return gap;
}

/** Total least-squares line through the points: its unit direction, and the largest distance of a point from it. */
export function fitLine(points: Vec2[]): { direction: Vec2; deviation: number; length: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const d: Vec2 = [Math.cos(angle), Math.sin(angle)];
  let deviation = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of points) {
    deviation = Math.max(deviation, Math.abs(-(x - mx) * d[1] + (y - my) * d[0]));
    const t = (x - mx) * d[0] + (y - my) * d[1];
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  return { direction: d, deviation, length: hi - lo };
}

export function distance(a: Vec2, b: Vec2): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
