// Every example of resources/examples runs ten motor turns headless with the real engine: exact at load, every
// frame's residual < 1e-9, the traces periodic (no branch flip), and each mechanism's own geometry checked against
// its closed form.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serializeDrawing } from '../../../src/document/serialize';
import { residuals } from '../../../src/mechanisms/builder';
import { EXAMPLES } from '../../../src/mechanisms/examples';
import {
  CRANK_ROCKER,
  LAMBDA,
  crankRockerPose,
  hoekensPose,
  lambdaPose,
} from '../../../src/mechanisms/examples/four-bars';
import {
  CAM,
  PANTOGRAPH,
  SLIDER_CRANK,
  camContact,
  camProfile,
} from '../../../src/mechanisms/examples/others';
import { PEAUCELLIER, WATT, wattPose } from '../../../src/mechanisms/examples/straight-line';
import type { Vec2 } from '../../../src/shared/drawing';
import {
  EXAMPLES_DIR,
  distance,
  drawingSize,
  fitLine,
  loadExample,
  periodicGap,
  runTurns,
  type TurnsRun,
} from './helpers';

const TURNS = 10;
/** Frames per turn: 7.5° a frame, coarse enough to keep the suite quick, fine enough to sample each path. */
const FRAMES = 48;

const runs = new Map<string, TurnsRun>();
const curvesToWatch: Record<string, string[]> = {
  'crank-rocker': ['crank'],
  'slider-crank': ['crank'],
  watt: ['left-rocker'],
  'cam-follower': ['arm'],
};
function run(name: string): TurnsRun {
  let r = runs.get(name);
  if (!r) {
    r = runTurns(loadExample(name), TURNS, FRAMES, curvesToWatch[name] ?? []);
    runs.set(name, r);
  }
  return r;
}

/** The motor's driven angle at frame k (60 rpm, FRAMES frames a turn). */
const crankAngle = (start: number, k: number) => start + (2 * Math.PI * k) / FRAMES;

describe('example library', () => {
  it.each(EXAMPLES.map((e) => e.name))('%s: the file is what the generator writes, exact at load', (name) => {
    const spec = EXAMPLES.find((e) => e.name === name)!;
    const built = spec.build();
    expect(readFileSync(`${EXAMPLES_DIR}${name}.curvewright`, 'utf8')).toBe(serializeDrawing(built));
    for (const r of residuals(built)) if (!Number.isNaN(r.residual)) expect(r.residual).toBeLessThan(1e-12);
    expect(built.meta.title).toBe(spec.title);
  });

  it.each(EXAMPLES.map((e) => e.name))(
    '%s: ten turns, residual < 1e-9 every frame, traces close each turn',
    (name) => {
      const r = run(name);
      const diagnostics = Engine_diagnostics(r);
      expect(diagnostics.dof).toBe(0);
      expect(diagnostics.conflicting).toEqual([]);
      expect(r.residuals).toHaveLength(TURNS * FRAMES + 1);
      expect(Math.max(...r.residuals)).toBeLessThan(1e-9);
      expect(r.drawing.traces.length).toBeGreaterThan(0);
      const size = drawingSize(r.drawing);
      for (const points of r.traces.values()) {
        expect(points.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))).toBe(true);
        expect(periodicGap(points, FRAMES)).toBeLessThan(1e-6 * size);
        // The trace really moves (a frozen mechanism would be periodic too).
        expect(fitLine(points).length).toBeGreaterThan(0.05 * size);
      }
      // The motor's angle is unwrapped: ten whole turns on.
      const motor = r.drawing.constraints.find((c) => c.kind === 'motor')!;
      const before = loadExample(name).constraints.find((c) => c.id === motor.id)!;
      r.engine.writeBack(r.drawing);
      if (motor.kind !== 'motor' || before.kind !== 'motor') throw new Error('no motor');
      expect(motor.angle - before.angle).toBeCloseTo(2 * Math.PI * TURNS, 9);
    },
  );
});

function Engine_diagnostics(r: TurnsRun) {
  return r.engine.diagnostics();
}

describe('crank-rocker', () => {
  it('the crank turns fully and the coupler point follows the closed-form coupler curve', () => {
    const r = run('crank-rocker');
    const angles = r.states.get('crank')!.map((s) => s[2]);
    angles.forEach((a, k) => expect(Math.abs(a - crankAngle(CRANK_ROCKER.startAngle, k))).toBeLessThan(1e-9));
    const trace = r.traces.get('coupler-trace')!;
    trace.forEach((p, k) => {
      const expected = crankRockerPose(crankAngle(CRANK_ROCKER.startAngle, k)).couplerPoint;
      expect(distance(p, expected)).toBeLessThan(1e-8);
    });
  });
});

describe('slider-crank', () => {
  it('the slider (the rod end) sits at x = r cos θ + √(L² − r² sin² θ) on the guide', () => {
    const r = run('slider-crank');
    const { crank, rod } = SLIDER_CRANK;
    const engine = r.engine;
    const angles = r.states.get('crank')!.map((s) => s[2]);
    const end = engine.connectorPosition({ curve: 'rod', anchor: 'end' });
    const last = angles[angles.length - 1];
    expect(end[1]).toBeCloseTo(0, 9);
    expect(end[0]).toBeCloseTo(
      crank * Math.cos(last) + Math.sqrt(rod * rod - (crank * Math.sin(last)) ** 2),
      8,
    );
    // The traced point (40% along the rod) at every frame, in closed form.
    r.traces.get('rod-trace')!.forEach((p, k) => {
      const t = crankAngle(SLIDER_CRANK.startAngle, k);
      const a: Vec2 = [crank * Math.cos(t), crank * Math.sin(t)];
      const x = a[0] + Math.sqrt(rod * rod - a[1] * a[1]);
      expect(distance(p, [a[0] + 0.4 * (x - a[0]), 0.6 * a[1]])).toBeLessThan(1e-8);
    });
  });
});

describe("Watt's linkage", () => {
  it("the midpoint stays on Watt's curve (the figure-eight's branch through the centre), nearly straight there", () => {
    const r = run('watt');
    const psi = r.states.get('left-rocker')!.map((s) => s[2]);
    const trace = r.traces.get('midpoint-trace')!;
    trace.forEach((p, k) => expect(distance(p, wattPose(psi[k]).midpoint)).toBeLessThan(1e-8));
    // The drive swings the left rocker over exactly its designed range.
    expect(Math.min(...psi)).toBeGreaterThan(WATT.swing[0] - 1e-9);
    expect(Math.max(...psi)).toBeLessThan(WATT.swing[1] + 1e-9);
    expect(Math.min(...psi)).toBeLessThan(WATT.swing[0] + 0.01);
    expect(Math.max(...psi)).toBeGreaterThan(WATT.swing[1] - 0.01);
    // Through the centre, within 15 mm of it (a stroke of 30 mm for a 40 mm coupler), the path strays less
    // than 0.042 mm from the vertical line x = 0: Watt's "parallel motion".
    const middle = trace.filter((p) => Math.abs(p[1]) <= 15);
    expect(middle.length).toBeGreaterThan(10);
    const stray = Math.max(...middle.map((p) => Math.abs(p[0])));
    expect(stray).toBeLessThan(0.042);
    expect(stray).toBeGreaterThan(1e-4); // nearly, not exactly, straight
    // Away from the centre the path bends into the figure-eight's lobe (off the line by millimetres).
    expect(Math.max(...trace.map((p) => Math.abs(p[0])))).toBeGreaterThan(10);
  });
});

describe("Chebyshev's lambda and Hoeken's linkage", () => {
  it('the lambda foot follows its closed form; over half a turn it deviates from a line by 0.12 % of its stroke', () => {
    const r = run('chebyshev-lambda');
    const trace = r.traces.get('foot-trace')!;
    trace.forEach((p, k) =>
      expect(distance(p, lambdaPose(crankAngle(LAMBDA.startAngle, k)).foot)).toBeLessThan(1e-8),
    );
    // The straight stretch: crank angle in [90°, 270°] (frames 12..36 of each turn).
    const straight = trace.slice(FRAMES / 4, (3 * FRAMES) / 4 + 1);
    const ys = straight.map((p) => p[1]);
    const xs = straight.map((p) => p[0]);
    // The stroke is 4a = 80 mm, from x = 0 to x = 4a, along y ≈ 4a.
    expect(Math.min(...xs)).toBeCloseTo(0, 6);
    expect(Math.max(...xs)).toBeCloseTo(4 * LAMBDA.unit, 6);
    // Peak to peak, the foot strays 0.195 mm (0.24 % of the stroke) from y = 4a: ±0.12 % about the best line.
    expect(Math.min(...ys)).toBeCloseTo(4 * LAMBDA.unit, 6);
    const spread = Math.max(...ys) - Math.min(...ys);
    expect(spread).toBeGreaterThan(0.19);
    expect(spread).toBeLessThan(0.196);
    expect(fitLine(straight).deviation / (4 * LAMBDA.unit)).toBeLessThan(0.0015);
  });

  it("Hoeken's foot draws the lambda's path frame for frame (Roberts cognates)", () => {
    const lambda = run('chebyshev-lambda').traces.get('foot-trace')!;
    const hoekens = run('hoekens').traces.get('foot-trace')!;
    const size = drawingSize(run('hoekens').drawing);
    hoekens.forEach((p, k) => {
      expect(distance(p, lambda[k])).toBeLessThan(1e-6 * size);
      expect(distance(p, hoekensPose(crankAngle(LAMBDA.startAngle, k)).foot)).toBeLessThan(1e-8);
    });
  });
});

describe('Peaucellier–Lipkin', () => {
  it('the output point runs on the exact straight line x = −105', () => {
    const trace = run('peaucellier-lipkin').traces.get('output-trace')!;
    const line = fitLine(trace);
    expect(line.length).toBeGreaterThan(40);
    expect(line.deviation / line.length).toBeLessThan(1e-6);
    for (const p of trace) expect(Math.abs(p[0] - PEAUCELLIER.lineX)).toBeLessThan(1e-6 * line.length);
  });
});

describe('cam and follower', () => {
  it('the follower sits where the guide meets the turned profile, once round the closed spline a turn', () => {
    const r = run('cam-follower');
    const arm = r.states.get('arm')!.map((s) => s[2]);
    const trace = r.traces.get('follower-trace')!;
    trace.forEach((p, k) => {
      expect(Math.abs(arm[k] - crankAngle(CAM.startAngle, k))).toBeLessThan(1e-9);
      expect(distance(p, camContact(camProfile(arm[k])).at)).toBeLessThan(1e-7);
    });
    // The lift: from the base circle (30; the spline through points on it dips 0.06 mm between them) to the
    // lobe's top (42).
    const heights = trace.map((p) => -p[1]);
    expect(Math.min(...heights)).toBeGreaterThan(CAM.base - 0.1);
    expect(Math.min(...heights)).toBeLessThan(CAM.base + 0.1);
    expect(Math.max(...heights)).toBeGreaterThan(CAM.base + CAM.lobe - 0.5);
  });
});

describe('pantograph', () => {
  it('the pen is the stylus scaled by 2 about the pivot, and the stylus rides the crank circle', () => {
    const r = run('pantograph');
    const stylus = r.traces.get('stylus-trace')!;
    const pen = r.traces.get('pen-trace')!;
    stylus.forEach((p, k) => {
      expect(distance(pen[k], [PANTOGRAPH.ratio * p[0], PANTOGRAPH.ratio * p[1]])).toBeLessThan(1e-8);
      expect(distance(p, PANTOGRAPH.crankPivot)).toBeCloseTo(PANTOGRAPH.crank, 9);
    });
  });
});
