// Four-bar analysis: recognise a four-bar in a drawing's records (a motor-driven crank pinned at one point, a
// coupler joined to it, a rocker joined to the coupler and pinned at another point), classify it by Grashof's rule,
// and give its transmission angle (coupler against rocker) and its toggle and dead-centre positions in closed form
// from the four link lengths. The lengths are between joints, so a joint anywhere along a bar counts (the lambda's
// rocker meets its coupler at the middle).
//
// Angles: the crank angle θ is measured at the crank pivot O2 from the ground line O2 → O4 to the crank O2 → A, in
// the drawing's frame (y down, so positive is clockwise on screen), in (−π, π]. The transmission angle μ ∈ [0, π] is
// the angle at the coupler–rocker joint B between B → A and B → O4; with d = |A − O4|,
//   d² = a² + g² − 2ag cos θ,   cos μ = (b² + c² − d²) / (2bc)   (a crank, b coupler, c rocker, g ground).

import type {
  AttachConstraint,
  Connector,
  Constraint,
  PinConstraint,
  Curve,
  Drawing,
  MotorConstraint,
  Vec2,
} from '../shared/drawing';
import { connectorParameter, connectorPositionOf } from './builder';
import { wrapAngle } from '../shared/angles';
import { referencedCurves } from '../shared/references';

// One type for the mechanisms, the session and the Plot panel: src/shared/analysis-samples.ts.
export type { GrashofClass } from '../shared/analysis-samples';
import type { GrashofClass } from '../shared/analysis-samples';

export interface FourBar {
  /** Curve ids of the moving links and the driving motor's id. */
  crank: string;
  coupler: string;
  rocker: string;
  motor: string;
  /** The joints: the crank's pivot O2 and its joint A with the coupler, the coupler–rocker joint B, the pivot O4. */
  crankPivot: Connector;
  crankJoint: Connector;
  rockerJoint: Connector;
  rockerPivot: Connector;
  /** Link lengths between joints, mm. */
  ground: number;
  crankLength: number;
  couplerLength: number;
  rockerLength: number;
  /** O2 and O4 in the page (the pins'). */
  o2: Vec2;
  o4: Vec2;
}

/** Lengths equal to this fraction of the longest link count as equal (s + l = p + q: a change point). */
const EQUAL = 1e-9;

/**
 * The four-bar driven by the first running motor, or null when the drawing is not one: the motor turns a bar
 * pinned at one point; that bar is attached to a second bar, which is attached to a third bar pinned at another
 * point; nothing else holds the three bars except distances to points (a coupler point carried along as a rigid
 * triangle, which adds no freedom and takes none) and dimensions of their own lengths.
 */
export function recogniseFourBar(drawing: Drawing): FourBar | null {
  const motor = drawing.constraints.find(
    (k): k is MotorConstraint => k.kind === 'motor' && k.running && k.bar !== undefined,
  );
  if (!motor) return null;
  const curves = new Map<string, Curve>(drawing.curves.map((c) => [c.id, c]));
  const isBar = (id: string) => curves.get(id)?.kind === 'bar';
  const pins = drawing.constraints.filter((k): k is PinConstraint => k.kind === 'pin');
  const attaches = drawing.constraints.filter(
    (k): k is AttachConstraint => k.kind === 'attach' && k.a.curve !== k.b.curve,
  );
  const pinOf = (bar: string) => pins.filter((k) => k.point.curve === bar);
  const attachesOf = (bar: string) => attaches.filter((k) => k.a.curve === bar || k.b.curve === bar);
  const other = (k: AttachConstraint, bar: string) => (k.a.curve === bar ? k.b : k.a);
  const own = (k: AttachConstraint, bar: string) => (k.a.curve === bar ? k.a : k.b);

  const crank = motor.bar!;
  if (!isBar(crank) || pinOf(crank).length !== 1 || attachesOf(crank).length !== 1) return null;
  const crankAttach = attachesOf(crank)[0];
  const coupler = other(crankAttach, crank).curve;
  if (!isBar(coupler) || pinOf(coupler).length !== 0 || attachesOf(coupler).length !== 2) return null;
  const rockerAttach = attachesOf(coupler).find((k) => k !== crankAttach)!;
  const rocker = other(rockerAttach, coupler).curve;
  if (rocker === crank || !isBar(rocker) || pinOf(rocker).length !== 1 || attachesOf(rocker).length !== 1)
    return null;
  const links = new Set([crank, coupler, rocker]);
  const allowed = new Set<Constraint>([pinOf(crank)[0], pinOf(rocker)[0], crankAttach, rockerAttach, motor]);
  for (const k of drawing.constraints) {
    if (allowed.has(k)) continue;
    const ids = referencedCurves(k);
    if (!ids.some((id) => links.has(id))) continue;
    const follower = k.kind === 'distance' && ids.some((id) => curves.get(id)?.kind === 'point');
    // A link's length dimension holds nothing a bar does not (its row is a constant): the bar's own length only.
    const bar = k.kind === 'length' ? curves.get(k.curve) : undefined;
    const dimension =
      k.kind === 'length' &&
      bar?.kind === 'bar' &&
      Math.abs(k.length - bar.length) <= EQUAL * Math.max(1, bar.length);
    if (!follower && !dimension) return null;
  }

  const pinC = pinOf(crank)[0];
  const pinR = pinOf(rocker)[0];
  const length = (bar: string, p: Connector, q: Connector) => {
    const curve = curves.get(bar)!;
    return curve.kind === 'bar' ? Math.abs(connectorParameter(p) - connectorParameter(q)) * curve.length : 0;
  };
  const crankJoint = own(crankAttach, crank);
  const rockerJoint = own(rockerAttach, rocker);
  const o2: Vec2 = [pinC.at[0], pinC.at[1]];
  const o4: Vec2 = [pinR.at[0], pinR.at[1]];
  return {
    crank,
    coupler,
    rocker,
    motor: motor.id,
    crankPivot: pinC.point,
    crankJoint,
    rockerJoint,
    rockerPivot: pinR.point,
    ground: Math.hypot(o4[0] - o2[0], o4[1] - o2[1]),
    crankLength: length(crank, pinC.point, crankJoint),
    couplerLength: length(coupler, own(crankAttach, coupler), own(rockerAttach, coupler)),
    rockerLength: length(rocker, pinR.point, rockerJoint),
    o2,
    o4,
  };
}

/**
 * Grashof's rule with s the shortest, l the longest, p and q the others: s + l < p + q lets the shortest link turn
 * fully against each of its neighbours — a double-crank when it is the ground, a crank-rocker when it is the crank or
 * the rocker (the rocker then turns fully and the crank rocks), a double-rocker when it is the coupler;
 * s + l > p + q: no link turns fully against the ground (a double-rocker); s + l = p + q: a change point, where the
 * links can line up all four and the mechanism can switch branch.
 */
export function grashof(fb: FourBar): GrashofClass {
  const links = [fb.ground, fb.crankLength, fb.couplerLength, fb.rockerLength];
  const sorted = [...links].sort((x, y) => x - y);
  const [s, p, q, l] = sorted;
  const excess = s + l - (p + q);
  if (Math.abs(excess) <= EQUAL * l) return 'change-point';
  if (excess > 0) return 'double-rocker';
  const shortest = links.indexOf(s);
  return shortest === 0 ? 'double-crank' : shortest === 2 ? 'double-rocker' : 'crank-rocker';
}

/** The distance d = |A − O4| at crank angle θ. */
function diagonal(fb: FourBar, theta: number): number {
  const { ground: g, crankLength: a } = fb;
  return Math.sqrt(Math.max(0, a * a + g * g - 2 * a * g * Math.cos(theta)));
}

/** μ from the diagonal d; null where the loop does not close (no pose at that crank angle). */
function transmissionFromDiagonal(fb: FourBar, d: number): number | null {
  const { couplerLength: b, rockerLength: c } = fb;
  const cos = (b * b + c * c - d * d) / (2 * b * c);
  if (cos > 1 + EQUAL || cos < -1 - EQUAL) return null;
  return Math.acos(Math.min(1, Math.max(-1, cos)));
}

/** The transmission angle at crank angle θ (radians, closed form); null where the crank cannot reach θ. */
export function transmissionAngleAt(fb: FourBar, theta: number): number | null {
  return transmissionFromDiagonal(fb, diagonal(fb, theta));
}

/** Where the joints are now: the engine's positions, or the drawing's (connectorPositionOf). */
export type JointPosition = (c: Connector) => Vec2;

/** The crank angle θ of a pose (see the header for its frame and sign). */
export function crankAngle(fb: FourBar, position: JointPosition): number {
  const a = position(fb.crankJoint);
  const ground = Math.atan2(fb.o4[1] - fb.o2[1], fb.o4[0] - fb.o2[0]);
  const crank = Math.atan2(a[1] - fb.o2[1], a[0] - fb.o2[0]);
  return wrapAngle(crank - ground);
}

/** The transmission angle of a pose, measured from its joints. */
export function transmissionAngle(fb: FourBar, position: JointPosition): number {
  const a = position(fb.crankJoint);
  const b = position(fb.rockerJoint);
  const ux = a[0] - b[0];
  const uy = a[1] - b[1];
  const vx = fb.o4[0] - b[0];
  const vy = fb.o4[1] - b[1];
  return Math.atan2(Math.abs(ux * vy - uy * vx), ux * vx + uy * vy);
}

/**
 * The extremes of the transmission angle over the crank's reachable range. μ grows with d, and d with |θ|, so the
 * extremes are at the ends of d's range: |g − a| … g + a for a crank that turns fully, clipped to |b − c| … b + c
 * (μ = 0 or π, the toggles) where the crank cannot.
 */
export function transmissionRange(fb: FourBar): { min: number; max: number } {
  const { ground: g, crankLength: a, couplerLength: b, rockerLength: c } = fb;
  const low = Math.max(Math.abs(g - a), Math.abs(b - c));
  const high = Math.min(g + a, b + c);
  return { min: transmissionFromDiagonal(fb, low) ?? 0, max: transmissionFromDiagonal(fb, high) ?? Math.PI };
}

export interface FourBarPositions {
  /**
   * Toggles: coupler and rocker in line (μ = 0 or π), crank angles the motor driving the crank cannot pass; ± pairs
   * about the ground line. Empty when the crank turns fully.
   */
  toggles: { angle: number; transmission: 0 | 180 }[];
  /**
   * Dead centres: crank and coupler in line (stretched out or folded), the rocker at its extremes; a motor at the
   * rocker could not pass them. The crank angles, where the crank reaches them.
   */
  deadCentres: { angle: number; stretched: boolean }[];
}

/** cos θ of the crank angle at which |A − O4| = d, or null if none. */
function crankAngleForDiagonal(fb: FourBar, d: number): number | null {
  const { ground: g, crankLength: a } = fb;
  const cos = (g * g + a * a - d * d) / (2 * g * a);
  return cos >= -1 - EQUAL && cos <= 1 + EQUAL ? Math.acos(Math.min(1, Math.max(-1, cos))) : null;
}

/** The toggles and dead centres in closed form from the four lengths. */
export function fourBarPositions(fb: FourBar): FourBarPositions {
  const { ground: g, crankLength: a, couplerLength: b, rockerLength: c } = fb;
  const toggles: FourBarPositions['toggles'] = [];
  for (const [d, transmission] of [
    [b + c, 180],
    [Math.abs(b - c), 0],
  ] as const) {
    const theta = crankAngleForDiagonal(fb, d);
    if (theta !== null) toggles.push(...pair(theta).map((angle) => ({ angle, transmission })));
  }
  // Crank and coupler in line: B on the crank's line at |O2 − B| = b ± a, and |O4 − B| = c; the crank points at B
  // (stretched) or away from it (folded).
  const deadCentres: FourBarPositions['deadCentres'] = [];
  for (const stretched of [true, false]) {
    const r = stretched ? a + b : Math.abs(b - a);
    const cos = (g * g + r * r - c * c) / (2 * g * r);
    if (!(r > 0) || cos < -1 - EQUAL || cos > 1 + EQUAL) continue;
    const toB = Math.acos(Math.min(1, Math.max(-1, cos)));
    // Folded: the crank points at B when it is the longer of crank and coupler, away from B otherwise.
    const flip = !stretched && b > a;
    for (const angle of pair(toB))
      deadCentres.push({ angle: flip ? wrapAngle(angle + Math.PI) : angle, stretched });
  }
  return { toggles, deadCentres };
}

function pair(theta: number): number[] {
  return theta === 0 || theta === Math.PI ? [theta] : [theta, -theta];
}

/** The drawing's own joint positions (its stored pose), for a pose without an engine. */
export const drawingJoints =
  (drawing: Drawing): JointPosition =>
  (c) =>
    connectorPositionOf(drawing, c);
