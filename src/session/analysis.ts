// The Plot panel's analyses (the `analysis:*` channels): a point's or a bar's motion, or the four-bar's, over one
// cycle of the running motor (or the seconds asked), each sampled on a copy of the drawing with an engine of its
// own, so the user's drawing, engine and history do not move; and the instant centres at the session's own pose.

import { Engine } from '../engine';
import {
  recogniseFourBar,
  analyzeBar,
  analyzeFourBar,
  analyzePoint,
  instantCentres,
  sampleTimes,
  type AnalysisOptions,
} from '../mechanisms';
import { wallClock, type Clock } from '../shared/clock';
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

export function analyzeDrawingPoint(
  drawing: Drawing,
  curve: string,
  u: number,
  options: AnalysisOptions = {},
  clock: Clock = wallClock,
): PointPlot {
  const { copy, cycle } = cycleOf(drawing, options);
  checkCurve(copy, curve);
  return { ...cycle, samples: analyzePoint(Engine.build(copy, { clock }), copy, curve, u, options) };
}

export function analyzeDrawingBar(
  drawing: Drawing,
  bar: string,
  options: AnalysisOptions = {},
  clock: Clock = wallClock,
): BarPlot {
  const { copy, cycle } = cycleOf(drawing, options);
  checkCurve(copy, bar);
  return { ...cycle, samples: analyzeBar(Engine.build(copy, { clock }), copy, bar, options) };
}

export function analyzeDrawingFourBar(
  drawing: Drawing,
  options: AnalysisOptions = {},
  clock: Clock = wallClock,
): FourBarAnalysis | null {
  // Recognised on the drawing first: the editor asks after every change of structure, and a drawing that is no
  // four-bar (10,000 driven mechanisms, say) must not pay for a copy and an engine build each time.
  if (!recogniseFourBar(drawing)) return null;
  const { copy } = cycleOf(drawing, options);
  return analyzeFourBar(Engine.build(copy, { clock }), copy, options);
}

/** The instant centres at the engine's pose; none while no motor runs (nothing moves the mechanism). */
export function centresAt(engine: Engine, drawing: Drawing): InstantCentre[] {
  if (!drawing.constraints.some((k) => k.kind === 'motor' && k.running && k.rpm !== 0)) return [];
  return instantCentres(engine, drawing);
}
