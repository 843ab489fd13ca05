// Driving a rocker from a motor: a crank and a connecting rod sized so that the rocker swings exactly between two
// chosen angles (a crank-rocker with time ratio 1: the crank pivot lies on the line through the two extreme
// positions of the driven point). Used by the examples whose own links cannot turn fully (Watt, Peaucellier): the
// motor turns forever and the mechanism swings back and forth inside its safe range.

import type { Vec2 } from '../../shared/drawing';
import { circleCircle, dist, isGrashof, polar, sideOf } from '../assembly';
import type { DrawingBuilder } from '../builder';
import { at } from '../builder';

export interface RockerDrive {
  /** Crank pivot. */
  pivot: Vec2;
  crank: number;
  rod: number;
  /** Side of the driven point relative to the line crank end → rocker pivot (constant along the motion). */
  side: 1 | -1;
}

/**
 * Size a crank and rod that swing the point at `radius` from `rockerPivot` between angles `from` and `to`; the
 * crank pivot sits `offset` beyond the `from` extreme on the line through both extremes.
 */
export function designRockerDrive(
  rockerPivot: Vec2,
  radius: number,
  from: number,
  to: number,
  offset: number,
) {
  const c1 = polar(rockerPivot, radius, from);
  const c2 = polar(rockerPivot, radius, to);
  const chord = dist(c1, c2);
  const ux = (c1[0] - c2[0]) / chord;
  const uy = (c1[1] - c2[1]) / chord;
  const pivot: Vec2 = [c1[0] + offset * ux, c1[1] + offset * uy];
  const crank = chord / 2;
  const rod = offset + crank;
  const ground = dist(pivot, rockerPivot);
  if (!isGrashof([ground, crank, rod, radius]) || crank >= Math.min(ground, rod, radius)) {
    throw new Error(`rocker drive is not a crank-rocker (ground ${ground}, crank ${crank}, rod ${rod})`);
  }
  // At the `from` extreme the crank points away from c1 and the rod runs crank end → c1.
  const crankEnd = polar(pivot, crank, Math.atan2(-uy, -ux));
  const side: 1 | -1 = sideOf(crankEnd, rockerPivot, c1) > 0 ? 1 : -1;
  return { pivot, crank, rod, side } satisfies RockerDrive;
}

/**
 * Add the drive's crank (motor `motorId`, pinned at the drive pivot) and rod to `b`, with the crank at
 * `crankAngle`; the rod's end is attached to `rockerPoint`. Returns where the driven point is, so the caller
 * assembles the rest of its mechanism from there. `radius` and `rockerPivot` must be those of the design.
 */
export function addRockerDrive(
  b: DrawingBuilder,
  drive: RockerDrive,
  rockerPivot: Vec2,
  radius: number,
  crankAngle: number,
  names: { crank: string; rod: string; motor: string },
  rpm: number,
): Vec2 {
  const crankEnd = polar(drive.pivot, drive.crank, crankAngle);
  const driven = circleCircle(crankEnd, drive.rod, rockerPivot, radius, drive.side);
  b.bar(names.crank, drive.pivot, crankEnd, 'drive crank');
  b.bar(names.rod, crankEnd, driven, 'drive rod');
  b.pin(at(names.crank, 'start'));
  b.attach(at(names.crank, 'end'), at(names.rod, 'start'));
  b.motorBar(names.motor, names.crank, rpm);
  return driven;
}
