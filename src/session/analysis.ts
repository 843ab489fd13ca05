// The Plot panel's analyses (the `analysis:*` channels): a point's or a bar's motion, or the four-bar's, over one
// cycle of the running motor (or the seconds asked), each sampled on a copy of the drawing with an engine of its
// own, so the user's drawing, engine and history do not move; and the instant centres at the session's own pose.

import { Engine } from '../engine';
import {
  analysisClock,
  barAnalysis,
  finish,
  fourBarAnalysis,
  instantCentres,
  pointAnalysis,
  recogniseFourBar,
  sampleTimes,
  type AnalysisOptions,
} from '../mechanisms';
import type { Drawing } from '../shared/drawing';
import type { BarPlot, PlotCycle, PointPlot } from '../shared/contract';
import type { FourBarAnalysis, InstantCentre } from '../shared/analysis-samples';

/** A copy to sample and what it is sampled over; refused (no running motor) before an engine is built. */
function cycleOf(drawing: Drawing, options: AnalysisOptions): { copy: Drawing; cycle: PlotCycle } {
  const copy = structuredClone(drawing);
  const { motor, period } = sampleTimes(copy, options);
  return { copy, cycle: { motor: motor.id, rpm: motor.rpm, period } };
}

function checkCurve(drawing: Drawing, id: string): void {
  if (!drawing.curves.some((c) => c.id === id)) throw new Error(`no curve '${id}'`);
}

/** The point's plot, a sample at a time (analyses.ts runs it in slices); refused at once for a bad request. */
export function pointPlot(
  drawing: Drawing,
  curve: string,
  u: number,
  options: AnalysisOptions = {},
): Generator<void, PointPlot> {
  const { copy, cycle } = cycleOf(drawing, options);
  checkCurve(copy, curve);
  return withCycle(
    cycle,
    pointAnalysis(Engine.build(copy, { clock: analysisClock() }), copy, curve, u, options),
  );
}

/** The bar's plot, a sample at a time. */
export function barPlot(
  drawing: Drawing,
  bar: string,
  options: AnalysisOptions = {},
): Generator<void, BarPlot> {
  const { copy, cycle } = cycleOf(drawing, options);
  checkCurve(copy, bar);
  return withCycle(cycle, barAnalysis(Engine.build(copy, { clock: analysisClock() }), copy, bar, options));
}

/** The four-bar's analysis, a sample at a time; null at once for a drawing that is not a four-bar. */
export function* fourBarPlot(
  drawing: Drawing,
  options: AnalysisOptions = {},
): Generator<void, FourBarAnalysis | null> {
  // Recognised on the drawing first: the editor asks after every change of structure, and a drawing that is no
  // four-bar (10,000 driven mechanisms, say) must not pay for a copy and an engine build each time.
  if (!recogniseFourBar(drawing)) return null;
  const { copy } = cycleOf(drawing, options);
  return yield* fourBarAnalysis(Engine.build(copy, { clock: analysisClock() }), copy, options);
}

function* withCycle<S>(
  cycle: PlotCycle,
  samples: Generator<void, S[]>,
): Generator<void, PlotCycle & { samples: S[] }> {
  return { ...cycle, samples: yield* samples };
}

export const analyzeDrawingPoint = (
  drawing: Drawing,
  curve: string,
  u: number,
  options: AnalysisOptions = {},
) => finish(pointPlot(drawing, curve, u, options));
export const analyzeDrawingBar = (drawing: Drawing, bar: string, options: AnalysisOptions = {}) =>
  finish(barPlot(drawing, bar, options));
export const analyzeDrawingFourBar = (drawing: Drawing, options: AnalysisOptions = {}) =>
  finish(fourBarPlot(drawing, options));

/** The instant centres at the engine's pose; none while no motor runs (nothing moves the mechanism). */
export function centresAt(engine: Engine, drawing: Drawing): InstantCentre[] {
  if (!drawing.constraints.some((k) => k.kind === 'motor' && k.running && k.rpm !== 0)) return [];
  return instantCentres(engine, drawing);
}
