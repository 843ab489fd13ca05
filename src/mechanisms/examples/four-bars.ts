// Four-bar examples, each assembled in closed form: the crank-rocker with a coupler-triangle trace, Chebyshev's
// lambda linkage and its Roberts cognate, Hoeken's linkage (same foot path, other crank pivot).

import type { Drawing, Vec2 } from '../../shared/drawing';
import { circleCircle, lerp, polar, rotateAbout } from '../assembly';
import { DrawingBuilder, at } from '../builder';

export const RPM = 60;

/** Crank-rocker: ground 60, crank 20, coupler 70, rocker 50 (Grashof, the crank is the shortest link). */
export const CRANK_ROCKER = {
  ground: 60,
  crank: 20,
  coupler: 70,
  rocker: 50,
  startAngle: -Math.PI / 3,
} as const;

/** The crank-rocker's joints and coupler point at crank angle θ (closed form, the open assembly). */
export function crankRockerPose(theta: number): { crankEnd: Vec2; rockerEnd: Vec2; couplerPoint: Vec2 } {
  const { ground, crank, coupler, rocker } = CRANK_ROCKER;
  const crankEnd = polar([0, 0], crank, theta);
  const rockerEnd = circleCircle(crankEnd, coupler, [ground, 0], rocker, -1); // rocker above the ground line
  // The coupler point: 35 mm along the coupler, 30 mm off it (a rigid triangle).
  const along = lerp(crankEnd, rockerEnd, 0.5);
  const direction = Math.atan2(rockerEnd[1] - crankEnd[1], rockerEnd[0] - crankEnd[0]);
  const couplerPoint = rotateAbout(polar(along, 30, direction), along, -Math.PI / 2);
  return { crankEnd, rockerEnd, couplerPoint };
}

export function crankRocker(): Drawing {
  const { ground } = CRANK_ROCKER;
  const o2: Vec2 = [0, 0];
  const o4: Vec2 = [ground, 0];
  const { crankEnd: a, rockerEnd: bPoint, couplerPoint: p } = crankRockerPose(CRANK_ROCKER.startAngle);
  const b = new DrawingBuilder('Crank-rocker four-bar');
  b.bar('crank', o2, a, 'crank');
  b.bar('coupler', a, bPoint, 'coupler');
  b.bar('rocker', o4, bPoint, 'rocker');
  b.point('coupler-point', p, 'coupler point');
  b.pin(at('crank', 'start'));
  b.pin(at('rocker', 'start'));
  b.attach(at('crank', 'end'), at('coupler', 'start'));
  b.attach(at('coupler', 'end'), at('rocker', 'end'));
  // The coupler point is held by two distances: a rigid triangle with the coupler.
  b.distance(at('coupler-point', 'center'), at('coupler', 'start'));
  b.distance(at('coupler-point', 'center'), at('coupler', 'end'));
  b.motorBar('motor', 'crank', RPM);
  b.trace('coupler-trace', at('coupler-point', 'center'));
  b.view([28, -21], 5);
  return b.build();
}

/**
 * Chebyshev's lambda: crank 1, ground 2, rocker 2.5, and a coupler of 5 with the rocker joined at its middle; the
 * foot (the coupler's far end) runs nearly straight for half a turn. Unit a = 20 mm. The pivots are on y = 0
 * (crank at x = 0, rocker at x = 2a) and the foot's straight run is along y ≈ 4a, from x = 0 to x = 4a.
 */
export const LAMBDA = { unit: 20, startAngle: 0 } as const;

export interface LambdaPose {
  crankPivot: Vec2;
  rockerPivot: Vec2;
  crankEnd: Vec2;
  rockerEnd: Vec2;
  foot: Vec2;
}

/** The lambda's pose at crank angle θ, in closed form (the branch with the foot below the pivots). */
export function lambdaPose(theta: number): LambdaPose {
  const a = LAMBDA.unit;
  const crankPivot: Vec2 = [0, 0];
  const rockerPivot: Vec2 = [2 * a, 0];
  const crankEnd = polar(crankPivot, a, theta);
  const rockerEnd = circleCircle(crankEnd, 2.5 * a, rockerPivot, 2.5 * a, 1);
  return { crankPivot, rockerPivot, crankEnd, rockerEnd, foot: lerp(crankEnd, rockerEnd, 2) };
}

export function chebyshevLambda(): Drawing {
  return lambdaFamily("Chebyshev's lambda linkage", lambdaPose(LAMBDA.startAngle), [34, 39]);
}

/**
 * The lambda and its cognate share one topology: crank and rocker pinned at their starts, the coupler taking the
 * crank's end at its start and the rocker's end at its middle, its far end (the foot) traced.
 */
function lambdaFamily(title: string, pose: LambdaPose, viewCenter: Vec2): Drawing {
  const b = new DrawingBuilder(title);
  b.bar('crank', pose.crankPivot, pose.crankEnd, 'crank');
  b.bar('coupler', pose.crankEnd, pose.foot, 'coupler');
  b.bar('rocker', pose.rockerPivot, pose.rockerEnd, 'rocker');
  b.pin(at('crank', 'start'));
  b.pin(at('rocker', 'start'));
  b.attach(at('crank', 'end'), at('coupler', 'start'));
  b.attach(at('rocker', 'end'), at('coupler', 0.5));
  b.motorBar('motor', 'crank', RPM);
  b.trace('foot-trace', at('coupler', 'end'));
  b.view(viewCenter, 4);
  return b.build();
}

/**
 * Hoeken's linkage as the Roberts–Chebyshev cognate of the lambda above (coupler ratio λ = 2): the crank pivot
 * O_C = 2·O_B − O_A, the crank turning half a turn out of phase with the lambda's, the rocker (2.5a) following the
 * lambda's coupler, the coupler (2.5a, extended to 5a) following the lambda's rocker. Same proportions as the
 * lambda — crank 1, ground 2, rocker 2.5, coupler 2.5 + 2.5 — with the crank on the far side of the rocker pivot;
 * its foot draws exactly the lambda's path, frame for frame.
 */
export function hoekensPose(theta: number): LambdaPose {
  const l = lambdaPose(theta);
  const crankPivot: Vec2 = [2 * l.rockerPivot[0] - l.crankPivot[0], 2 * l.rockerPivot[1] - l.crankPivot[1]];
  const rockerPivot = l.rockerPivot;
  const rockerEnd: Vec2 = [
    rockerPivot[0] + l.rockerEnd[0] - l.crankEnd[0],
    rockerPivot[1] + l.rockerEnd[1] - l.crankEnd[1],
  ];
  const crankEnd: Vec2 = [
    crankPivot[0] - (l.crankEnd[0] - l.crankPivot[0]),
    crankPivot[1] - (l.crankEnd[1] - l.crankPivot[1]),
  ];
  return { crankPivot, rockerPivot, crankEnd, rockerEnd, foot: lerp(crankEnd, rockerEnd, 2) };
}

export function hoekens(): Drawing {
  return lambdaFamily("Hoeken's linkage", hoekensPose(LAMBDA.startAngle), [46, 39]);
}
