// The four-bar analysis the UI shows (the Plot panel and the canvas): for a drawing recognised as a four-bar
// (four-bar.ts), its Grashof class, its transmission angle's extremes over the cycle and that angle sampled at the
// analysis's instants (measured from the engine's joints at each settled pose), and its toggles and dead centres as
// marks: where the crank's joint A stands at each of those crank angles.

import type { Drawing, Vec2 } from '../shared/drawing';
import type { FourBarAnalysis, FourBarMark, TransmissionSample } from '../shared/analysis-samples';
import { finish, sampleCycle, type AnalysisEngine, type AnalysisOptions } from './analysis';
import {
  fourBarPositions,
  grashof,
  recogniseFourBar,
  transmissionAngle,
  transmissionRange,
  type FourBar,
} from './four-bar';

// One type for the mechanisms, the session and the Plot panel: src/shared/analysis-samples.ts.
export type { FourBarAnalysis } from '../shared/analysis-samples';

/** The crank's joint A at crank angle θ (from the ground line O2 → O4). */
export function crankJointAt(fb: FourBar, theta: number): Vec2 {
  const ground = Math.atan2(fb.o4[1] - fb.o2[1], fb.o4[0] - fb.o2[0]);
  return [
    fb.o2[0] + fb.crankLength * Math.cos(ground + theta),
    fb.o2[1] + fb.crankLength * Math.sin(ground + theta),
  ];
}

/** The toggles and dead centres as canvas marks. */
export function fourBarMarks(fb: FourBar): FourBarMark[] {
  const { toggles, deadCentres } = fourBarPositions(fb);
  const mark = (kind: FourBarMark['kind'], crankAngle: number, detail: string): FourBarMark => ({
    kind,
    crankAngle,
    at: crankJointAt(fb, crankAngle),
    pivot: [fb.o2[0], fb.o2[1]],
    detail,
  });
  return [
    ...toggles.map((t) => mark('toggle', t.angle, `transmission angle ${t.transmission}°`)),
    ...deadCentres.map((d) =>
      mark('dead-centre', d.angle, d.stretched ? 'crank and coupler stretched' : 'folded'),
    ),
  ];
}

/**
 * The four-bar analysis of `drawing`, or null when it is not a four-bar. Samples like analyzePoint (advancing
 * `engine`, whose state is not written back).
 */
export function analyzeFourBar(
  engine: AnalysisEngine,
  drawing: Drawing,
  options: AnalysisOptions = {},
): FourBarAnalysis | null {
  return finish(fourBarAnalysis(engine, drawing, options));
}

/** analyzeFourBar, a sample at a time. */
export function* fourBarAnalysis(
  engine: AnalysisEngine,
  drawing: Drawing,
  options: AnalysisOptions = {},
): Generator<void, FourBarAnalysis | null> {
  const fb = recogniseFourBar(drawing);
  if (!fb) return null;
  const joints = (c: Parameters<AnalysisEngine['connectorPosition']>[0]) => engine.connectorPosition(c);
  const samples = yield* sampleCycle<TransmissionSample>(
    engine,
    drawing,
    options,
    (t, angle) => ({ t, angle, mu: transmissionAngle(fb, joints) }),
    (t, angle, note) => ({ t, angle, mu: null, note }),
  );
  return {
    crank: fb.crank,
    coupler: fb.coupler,
    rocker: fb.rocker,
    motor: fb.motor,
    grashof: grashof(fb),
    transmission: transmissionRange(fb),
    marks: fourBarMarks(fb),
    samples,
  };
}
