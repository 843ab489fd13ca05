// The slider-crank, the plate cam with its follower, and the pantograph.

import type { Drawing, Vec2 } from '../../shared/drawing';
import { circleCircle, lerp, polar, scale, add, sub } from '../assembly';
import { DrawingBuilder, at } from '../builder';
import { RPM } from './four-bars';

/** Slider-crank: crank 25 about the origin, rod 80, the rod's end a bead on a fixed guide along y = 0. */
export const SLIDER_CRANK = {
  crank: 25,
  rod: 80,
  guide: [40, 120] as const,
  startAngle: -Math.PI / 4,
} as const;

export function sliderCrank(): Drawing {
  const { crank, rod, guide, startAngle } = SLIDER_CRANK;
  const a = polar([0, 0], crank, startAngle);
  const x = a[0] + Math.sqrt(rod * rod - a[1] * a[1]);
  const b = new DrawingBuilder('Slider-crank');
  b.bar('crank', [0, 0], a, 'crank');
  b.bar('rod', a, [x, 0], 'connecting rod');
  b.segment('guide', [guide[0], 0], [guide[1], 0], true, 'guide');
  b.pin(at('crank', 'start'));
  b.attach(at('crank', 'end'), at('rod', 'start'));
  b.onCurve(at('rod', 'end'), 'guide', (x - guide[0]) / (guide[1] - guide[0]));
  b.motorBar('motor', 'crank', RPM);
  b.trace('rod-trace', at('rod', 0.4));
  b.view([48, 0], 4.5);
  return b.build();
}

/**
 * One cubic piece of the uniform Catmull–Rom spline the engine uses for spline curves (u spread evenly over the
 * pieces; open ends take reflected phantom points), evaluated here independently so the cam's follower can be
 * placed exactly on it.
 */
export function catmullRom(points: Vec2[], closed: boolean, u: number): Vec2 {
  const n = points.length;
  const pieces = closed ? n : n - 1;
  const x = Math.min(Math.max(u, 0), 1) * pieces;
  const i = Math.min(Math.floor(x), pieces - 1);
  const t = x - i;
  const pt = (j: number): Vec2 => {
    if (closed) return points[((j % n) + n) % n];
    if (j < 0) return sub(scale(points[0], 2), points[1]);
    if (j >= n) return sub(scale(points[n - 1], 2), points[n - 2]);
    return points[j];
  };
  const t2 = t * t;
  const t3 = t2 * t;
  const w = [
    0.5 * (-t + 2 * t2 - t3),
    0.5 * (2 - 5 * t2 + 3 * t3),
    0.5 * (t + 4 * t2 - 3 * t3),
    0.5 * (-t2 + t3),
  ];
  let p: Vec2 = [0, 0];
  for (let k = 0; k < 4; k++) p = add(p, scale(pt(i - 1 + k), w[k]));
  return p;
}

/**
 * A plate cam: a closed spline profile of twelve points (base radius 30 with a 12 mm lobe), carried rigidly by an
 * arm of 80 centred on the cam's pivot at the origin — each profile point held by its distances to the arm's two
 * ends (no point lies on the arm's line, so every triangle is firm). A motor turns the arm. The follower is a
 * point that is a bead on a fixed vertical guide above the pivot and a bead on the profile: it rises and falls
 * once a turn, while its parameter on the closed profile goes once round (the engine wraps it).
 */
export const CAM = {
  pivot: [0, 0] as Vec2,
  arm: 80,
  base: 30,
  lobe: 12,
  points: 12,
  guide: [-60, -15] as const,
  startAngle: 0,
} as const;

/** The profile's radius at angle α measured in the cam (from the arm's direction). */
export function camRadius(alpha: number): number {
  // A smooth single lobe centred at α = 90°: zero slope and curvature jumps nowhere.
  const c = Math.cos(alpha - Math.PI / 2);
  return CAM.base + CAM.lobe * ((1 + c) / 2) ** 3;
}

/** The profile's points with the arm at angle `armAngle` (the profile turns with the arm). */
export function camProfile(armAngle: number): Vec2[] {
  const points: Vec2[] = [];
  for (let k = 0; k < CAM.points; k++) {
    const alpha = ((15 + (360 / CAM.points) * k) * Math.PI) / 180;
    points.push(polar(CAM.pivot, camRadius(alpha), alpha + armAngle));
  }
  return points;
}

/**
 * Where the guide's line x = 0 meets the profile above the pivot: the parameter s on the closed spline and the
 * point (a sign change of x on a fine grid over y < 0, then bisection to rounding).
 */
export function camContact(points: Vec2[]): { s: number; at: Vec2 } {
  const n = 512;
  const x = (s: number) => catmullRom(points, true, s)[0] - CAM.pivot[0];
  for (let i = 0; i < n; i++) {
    let lo = i / n;
    let hi = (i + 1) / n;
    if (catmullRom(points, true, lo)[1] >= CAM.pivot[1] || x(lo) > 0 || x(hi) <= 0) continue;
    for (let k = 0; k < 200 && hi - lo > 1e-17; k++) {
      const mid = (lo + hi) / 2;
      if (x(mid) <= 0) lo = mid;
      else hi = mid;
    }
    const s = (lo + hi) / 2;
    return { s, at: catmullRom(points, true, s) };
  }
  throw new Error('the guide line misses the cam');
}

export function camFollower(): Drawing {
  const b = new DrawingBuilder('Cam and follower');
  const half = CAM.arm / 2;
  const armAngle = CAM.startAngle;
  b.bar('arm', polar(CAM.pivot, -half, armAngle), polar(CAM.pivot, half, armAngle), 'cam arm');
  b.pin(at('arm', 'center'));
  b.motorBar('motor', 'arm', RPM);
  const profile = camProfile(armAngle);
  b.spline('cam', profile, true, 'cam');
  profile.forEach((_, k) => {
    b.distance(at('cam', k / profile.length), at('arm', 'start'));
    b.distance(at('cam', k / profile.length), at('arm', 'end'));
  });
  const contact = camContact(profile);
  const [top, bottom] = CAM.guide;
  b.segment('guide', [0, top], [0, bottom], true, 'follower guide');
  b.point('follower', contact.at, 'follower');
  b.onCurve(at('follower', 'center'), 'guide', (contact.at[1] - top) / (bottom - top));
  b.onCurve(at('follower', 'center'), 'cam', contact.s);
  b.trace('follower-trace', at('follower', 'center'));
  b.view([0, -9], 4.5);
  return b.build();
}

/**
 * A pantograph with ratio 2: arm O–E (100) pinned at O = (0, 0), arm E–Q (100), and the parallelogram C–E–D–P
 * with sides 50 (C and D the arms' midpoints), so Q − O = 2 (P − O) in every pose. A motor crank of 20 about
 * (60, 0) carries P round a circle; Q draws it twice as large.
 */
export const PANTOGRAPH = {
  side: 50,
  ratio: 2,
  crankPivot: [60, 0] as Vec2,
  crank: 20,
  startAngle: 0,
} as const;

export function pantograph(): Drawing {
  const { side, ratio, crankPivot, crank, startAngle } = PANTOGRAPH;
  const o: Vec2 = [0, 0];
  const p = polar(crankPivot, crank, startAngle);
  const c = circleCircle(o, side, p, side, -1); // the elbow above the line O → P
  const e = lerp(o, c, ratio);
  const q = lerp(o, p, ratio);
  const d = add(e, sub(p, c));
  const b = new DrawingBuilder('Pantograph');
  b.bar('arm', o, e, 'arm');
  b.bar('tracer-arm', e, q, 'tracer arm');
  b.bar('link-cp', c, p, 'link');
  b.bar('link-pd', p, d, 'link');
  b.bar('crank', crankPivot, p, 'crank');
  b.pin(at('arm', 'start'));
  b.pin(at('crank', 'start'));
  b.attach(at('arm', 'end'), at('tracer-arm', 'start'));
  b.attach(at('arm', 1 / ratio), at('link-cp', 'start'));
  b.attach(at('link-cp', 'end'), at('link-pd', 'start'));
  b.attach(at('link-pd', 'end'), at('tracer-arm', 1 / ratio));
  b.attach(at('crank', 'end'), at('link-cp', 'end'));
  b.motorBar('motor', 'crank', RPM);
  b.trace('stylus-trace', at('link-cp', 'end'));
  b.trace('pen-trace', at('tracer-arm', 'end'));
  b.view([80, -29], 3.3);
  return b.build();
}
