// Straight-line linkages: Watt's (approximate: the coupler's midpoint draws a figure-eight whose middle is nearly
// straight) and Peaucellier–Lipkin's (exact: an inversor maps a circle through its centre onto a line). Neither
// has a link that turns fully, so a motor drives each through a crank and rod that swing an input link inside its
// safe range (./drive.ts).

import type { Drawing, Vec2 } from '../../shared/drawing';
import { circleCircle, polar } from '../assembly';
import { DrawingBuilder, at } from '../builder';
import { addRockerDrive, designRockerDrive } from './drive';
import { RPM } from './four-bars';

const DEG = Math.PI / 180;

/**
 * Watt's linkage: two rockers of 50 pivoted at (−50, −20) and (50, 20), a coupler of 40 between their tips; in the
 * middle pose the rockers are horizontal and the coupler vertical with its midpoint at the origin. The left rocker
 * can swing between −34.3° and 77.9°; the drive swings it from −26° to 70°.
 */
export const WATT = {
  rocker: 50,
  coupler: 40,
  leftPivot: [-50, -20] as Vec2,
  rightPivot: [50, 20] as Vec2,
  swing: [-26 * DEG, 70 * DEG] as const,
  driveOffset: 45,
} as const;

/**
 * The Watt linkage's tips at left-rocker angle ψ: on the assembly branch of the middle pose (side +1), or on the
 * other (−1). The two branches meet at the left rocker's limits (coupler and right rocker in line); together they
 * are the whole circuit, and the midpoint's path over it is the figure-eight.
 */
export function wattPose(psi: number, side: 1 | -1 = 1): { left: Vec2; right: Vec2; midpoint: Vec2 } {
  const left = polar(WATT.leftPivot, WATT.rocker, psi);
  const right = circleCircle(left, WATT.coupler, WATT.rightPivot, WATT.rocker, side);
  return { left, right, midpoint: [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2] };
}

/** The left rocker's limits [min, max] (radians): |right pivot − left tip| = coupler + rocker. */
export function wattLimits(): [number, number] {
  const [dx, dy] = [WATT.rightPivot[0] - WATT.leftPivot[0], WATT.rightPivot[1] - WATT.leftPivot[1]];
  const g2 = dx * dx + dy * dy;
  const reach = WATT.coupler + WATT.rocker;
  // |d − r e(ψ)|² = reach²  ⇔  d·e(ψ) = (g² + r² − reach²) / (2r)
  const k = (g2 + WATT.rocker ** 2 - reach ** 2) / (2 * WATT.rocker);
  const base = Math.atan2(dy, dx);
  const spread = Math.acos(k / Math.sqrt(g2));
  return [base - spread, base + spread];
}

export function wattDrive() {
  return designRockerDrive(WATT.leftPivot, WATT.rocker, WATT.swing[0], WATT.swing[1], WATT.driveOffset);
}

export function wattLinkage(): Drawing {
  const b = new DrawingBuilder("Watt's linkage");
  const drive = wattDrive();
  const crankAngle =
    Math.atan2(drive.pivot[1] - WATT.leftPivot[1], drive.pivot[0] - WATT.leftPivot[0]) + Math.PI;
  const tip = addRockerDrive(b, drive, WATT.leftPivot, WATT.rocker, crankAngle, names, RPM);
  const psi = Math.atan2(tip[1] - WATT.leftPivot[1], tip[0] - WATT.leftPivot[0]);
  const pose = wattPose(psi);
  b.bar('left-rocker', WATT.leftPivot, pose.left, 'left rocker');
  b.bar('coupler', pose.left, pose.right, 'coupler');
  b.bar('right-rocker', WATT.rightPivot, pose.right, 'right rocker');
  b.pin(at('left-rocker', 'start'));
  b.pin(at('right-rocker', 'start'));
  b.attach(at('drive-rod', 'end'), at('left-rocker', 'end'));
  b.attach(at('left-rocker', 'end'), at('coupler', 'start'));
  b.attach(at('coupler', 'end'), at('right-rocker', 'end'));
  b.trace('midpoint-trace', at('coupler', 'center'));
  b.view([0, -36], 2.75);
  return b.build();
}

const names = { crank: 'drive-crank', rod: 'drive-rod', motor: 'motor' };

/**
 * Peaucellier–Lipkin: centre O = (0, 0), arms OB = OD = 100, rhombus sides 40, so OC·OP = 100² − 40² = 8400.
 * The input link AC (A = (−40, 0), length 40) keeps C on a circle through O, so P runs on the line x = −8400/80 =
 * −105. The drive swings AC between 130° and 230° (|OC| from 72.5 to 80 and back), keeping clear of O.
 */
export const PEAUCELLIER = {
  arm: 100,
  side: 40,
  inputPivot: [-40, 0] as Vec2,
  input: 40,
  swing: [130 * DEG, 230 * DEG] as const,
  driveOffset: 60,
  lineX: -105,
} as const;

/** The inversor's joints for a given C (closed form): B on side +1 of O → C, D on side −1, P = C reflected in BD. */
export function peaucellierPose(c: Vec2): { b: Vec2; d: Vec2; p: Vec2 } {
  const o: Vec2 = [0, 0];
  const b = circleCircle(o, PEAUCELLIER.arm, c, PEAUCELLIER.side, 1);
  const d = circleCircle(o, PEAUCELLIER.arm, c, PEAUCELLIER.side, -1);
  return { b, d, p: [b[0] + d[0] - c[0], b[1] + d[1] - c[1]] };
}

export function peaucellierDrive() {
  const { inputPivot, input, swing, driveOffset } = PEAUCELLIER;
  return designRockerDrive(inputPivot, input, swing[0], swing[1], driveOffset);
}

export function peaucellierLipkin(): Drawing {
  const { inputPivot, input } = PEAUCELLIER;
  const b = new DrawingBuilder('Peaucellier–Lipkin linkage');
  const drive = peaucellierDrive();
  const crankAngle = Math.atan2(drive.pivot[1] - inputPivot[1], drive.pivot[0] - inputPivot[0]) - Math.PI / 2;
  const c = addRockerDrive(b, drive, inputPivot, input, crankAngle, names, RPM);
  const pose = peaucellierPose(c);
  const o: Vec2 = [0, 0];
  b.bar('input', inputPivot, c, 'input link');
  b.bar('arm-b', o, pose.b, 'long arm');
  b.bar('arm-d', o, pose.d, 'long arm');
  b.bar('cb', c, pose.b);
  b.bar('cd', c, pose.d);
  b.bar('bp', pose.b, pose.p);
  b.bar('dp', pose.d, pose.p);
  b.pin(at('input', 'start'));
  b.pin(at('arm-b', 'start'));
  b.pin(at('arm-d', 'start'));
  b.attach(at('drive-rod', 'end'), at('input', 'end'));
  b.attach(at('input', 'end'), at('cb', 'start'));
  b.attach(at('input', 'end'), at('cd', 'start'));
  b.attach(at('arm-b', 'end'), at('cb', 'end'));
  b.attach(at('arm-b', 'end'), at('bp', 'start'));
  b.attach(at('arm-d', 'end'), at('cd', 'end'));
  b.attach(at('arm-d', 'end'), at('dp', 'start'));
  b.attach(at('bp', 'end'), at('dp', 'end'));
  b.trace('output-trace', at('bp', 'end'));
  b.view([-53, 26], 2.4);
  return b.build();
}
