// A four-bar of any link lengths, assembled in closed form at a crank angle (the rocker's joint on the side −1 of
// the crank's end → rocker pivot line): the drawings the four-bar analysis's tests classify. Test support, not an
// example.

import type { Drawing } from '../../shared/drawing';
import { circleCircle, polar } from '../assembly';
import { DrawingBuilder, at } from '../builder';

export interface FourBarLengths {
  ground: number;
  crank: number;
  coupler: number;
  rocker: number;
}

/** How a four-bar is drawn: which side the rocker's joint is on, and whether a motor turns the crank. */
export interface FourBarOptions {
  title?: string;
  /** The joint's side of the crank's end → rocker pivot line (circleCircle's side). Default −1. */
  side?: 1 | -1;
  /** The crank's motor (60 rpm), or none. Default true. */
  motor?: boolean;
}

/** Crank pinned at (0, 0), rocker at (ground, 0), the crank at `angle` (rad), its motor at 60 rpm. */
export function fourBarDrawing(
  lengths: FourBarLengths,
  angle: number,
  { title = 'Four-bar', side = -1, motor = true }: FourBarOptions = {},
): Drawing {
  const { ground, crank, coupler, rocker } = lengths;
  const b = new DrawingBuilder(title);
  const a = polar([0, 0], crank, angle);
  const joint = circleCircle(a, coupler, [ground, 0], rocker, side);
  b.bar('crank', [0, 0], a);
  b.bar('coupler', a, joint);
  b.bar('rocker', [ground, 0], joint);
  b.pin(at('crank', 'start'));
  b.pin(at('rocker', 'start'));
  b.attach(at('crank', 'end'), at('coupler', 'start'));
  b.attach(at('coupler', 'end'), at('rocker', 'end'));
  if (motor) b.motorBar('motor', 'crank', 60);
  return b.build();
}

/** A bar's angle in a drawing (throws if `id` is not a bar). */
export function barAngle(drawing: Drawing, id: string): number {
  const c = drawing.curves.find((k) => k.id === id);
  if (c?.kind !== 'bar') throw new Error(`${id} is not a bar`);
  return c.angle;
}

/**
 * How far a four-bar (bars crank, coupler, rocker) is from the parallelogram branch: the larger sine of coupler
 * against ground and of rocker against crank, both 0 on it. `angleOf` reads a bar's angle (from a drawing:
 * barAngle; from an engine: its state's third entry).
 */
export function offParallel(angleOf: (id: string) => number): number {
  return Math.max(
    Math.abs(Math.sin(angleOf('coupler'))),
    Math.abs(Math.sin(angleOf('rocker') - angleOf('crank'))),
  );
}
