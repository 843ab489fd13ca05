// The Plot panel's analysis (the `analysis:point` channel): one cycle of the running motor sampled on a copy of the
// drawing with an engine of its own, so the user's drawing, engine and history do not move.

import { Engine } from '../engine';
import { analyzePoint, drivingMotor } from '../mechanisms';
import type { Drawing } from '../shared/drawing';
import type { PointPlot } from '../shared/contract';

export function analyzeDrawingPoint(drawing: Drawing, curve: string, u: number, samples?: number): PointPlot {
  const copy = structuredClone(drawing);
  const motor = drivingMotor(copy); // no running motor: refused before an engine is built
  if (!copy.curves.some((c) => c.id === curve)) throw new Error(`no curve '${curve}'`);
  const result = analyzePoint(Engine.build(copy), copy, curve, u, { samples });
  return { motor: motor.id, rpm: motor.rpm, samples: result };
}
