// A fit of an outline to data (issue 30: "a 1,000-point fit of a 20-curve outline: each live frame within the drag
// frame figures of its size; converged in under 0.5 s"). The outline: a decagon with rounded corners, 10 arcs and
// 10 segments attached end to end, closed (src/engine/test-support/outline.ts); the data: N points along a slightly
// different one (bigger, rounder, turned, moved) with ±0.1 mm of noise. The user adds the fit (the edit "Fit to
// points"), then the session runs pull frames (Session.pullFrame, the 6 ms drag-frame budget) back to back, as the
// page asks for the next as soon as an answer is shown (pull-loop.ts), until the fit comes to rest. Measured: each
// frame's time (median, p95), the frames and their summed time until rest, and what the user sees — the converged
// picture after the edit, those frames and one display frame to draw the last. Compared with the drag frame of the same outline, a corner's arc pulled
// (drag-frame.ts).

import { Session } from '../../src/session/session';
import type { Attractor, Drawing } from '../../src/shared/drawing';
import { emptyDrawing } from '../../src/shared/drawing';
import { seededRandom } from '../../src/shared/test-support/random';
import { outlinePoints, roundedPolygon, type RoundedPolygon } from '../../src/engine/test-support/outline';
import { heapUsed, median, now } from '../measure';
import type { BenchCase, CaseResult } from '../types';
import { dragFrames } from './drag-frame';

/** One display frame at 60 Hz (ms). */
const DISPLAY_FRAME_MS = 1000 / 60;
/** A fit still moving after this many frames is reported as not converged. */
const MAX_FRAMES = 5000;

const OUTLINE: RoundedPolygon = { sides: 10, center: [0, 0], radius: 50, rounding: 8, rotation: 0 };
const DATA: RoundedPolygon = { sides: 10, center: [1, -0.5], radius: 52, rounding: 9, rotation: 0.03 };

/** The outline and the data; `fitting`: with the fit on (else the user adds it). */
export function fitDrawing(points: number, fitting = false): Drawing {
  const { curves, constraints } = roundedPolygon(OUTLINE);
  const drawing: Drawing = {
    ...emptyDrawing(),
    curves,
    constraints,
    pointSets: [{ id: 'scan', name: 'Scan', points: outlinePoints(DATA, points, 0.1, seededRandom(3)) }],
  };
  if (fitting) drawing.attractors = [fitOf(drawing)];
  return drawing;
}

/** The fit of every curve of the drawing to its data. */
function fitOf(drawing: Drawing): Attractor {
  const curves = drawing.curves.map((c) => c.id);
  return { id: 'fit', kind: 'points', on: true, strength: 1, curves, data: 'scan', loss: 'squared' };
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.95 * (sorted.length - 1))];
}

function runFit(n: number): CaseResult {
  const heapBefore = heapUsed();
  const t0 = now();
  const drawing = fitDrawing(n);
  const session = new Session({ drawing });
  const setupMs = now() - t0;
  const fitStart = now();
  session.edit({ type: 'add', attractors: [fitOf(drawing)] });
  const editMs = now() - fitStart;
  const times: number[] = [];
  let shown = editMs;
  let done = false;
  let rms = NaN;
  let residual: number | null = null;
  while (!done && times.length < MAX_FRAMES) {
    const t = now();
    const snapshot = session.pullFrame();
    const ms = now() - t;
    times.push(ms);
    // The page asks for the next frame as soon as an answer is shown (pull-loop.ts): frames run back to back.
    shown += ms;
    done = snapshot.pulls?.done ?? false;
    rms = snapshot.pulls?.readouts[0]?.rms ?? rms;
    residual = snapshot.status.maxResidual;
  }
  const total = times.reduce((a, b) => a + b, 0);
  // The last answer is on the screen at the next display frame.
  shown += DISPLAY_FRAME_MS;
  return {
    ms: median(times),
    steps: 0,
    stepMs: null,
    rows: null,
    residual,
    heapBytes: heapUsed() - heapBefore,
    setupMs,
    note:
      `${n} points on 20 curves: ${done ? 'converged' : 'NOT converged'} after ${times.length} frames, ` +
      `frames median ${median(times).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms, ` +
      `summed ${total.toFixed(0)} ms; the converged picture ${shown.toFixed(0)} ms after "Fit", frames back to ` +
      `back and one display frame to show the last (the edit ${editMs.toFixed(1)} ms); RMS ${rms.toFixed(4)} mm`,
  };
}

export const fitCase: BenchCase = {
  name: 'fit',
  title: 'Fit of a 20-curve outline (10 arcs, 10 segments, attached) to N noisy points: live frames to rest',
  sizes: [1000],
  run: runFit,
};

/** The same outline dragged by a corner's arc (without the data): the drag frame figure the fit is held to. */
export const fitDragCase: BenchCase = {
  name: 'fit-drag',
  title: 'Drag frame of the 20-curve outline of the fit case, a corner arc pulled by its end',
  sizes: [20],
  run: () => dragFrames(fitDrawing(1), 'a0', null),
};
