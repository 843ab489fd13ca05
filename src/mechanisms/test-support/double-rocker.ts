// A non-Grashof four-bar driven at its crank (ground 100, crank 40, coupler 50, rocker 60: s + l = 140 > p + q =
// 110): the crank cannot turn fully, and the motor drives it into the toggle where coupler and rocker line up.
// A test fixture, not one of the library's examples: the drawing that the lock's tests (mechanisms, session, e2e)
// share.

import type { Drawing } from '../../shared/drawing';
import { circleCircle, polar } from '../assembly';
import { DrawingBuilder, at } from '../builder';

export const DOUBLE_ROCKER = { ground: 100, crank: 40, coupler: 50, rocker: 60 } as const;

/** The crank's limit: |O4 − A| = coupler + rocker, i.e. cos θ = (g² + a² − (b + c)²) / (2ga). */
export function doubleRockerLimit(): number {
  const { ground: g, crank: a, coupler: b, rocker: c } = DOUBLE_ROCKER;
  return Math.acos((g ** 2 + a ** 2 - (b + c) ** 2) / (2 * g * a));
}

/** The double rocker with its crank at `angle` (rad), its motor at 60 rpm. */
export function doubleRocker(angle = 0): Drawing {
  const { ground, crank, coupler, rocker } = DOUBLE_ROCKER;
  const b = new DrawingBuilder('Non-Grashof four-bar');
  const a = polar([0, 0], crank, angle);
  const joint = circleCircle(a, coupler, [ground, 0], rocker, -1);
  b.bar('crank', [0, 0], a);
  b.bar('coupler', a, joint);
  b.bar('rocker', [ground, 0], joint);
  b.pin(at('crank', 'start'));
  b.pin(at('rocker', 'start'));
  b.attach(at('crank', 'end'), at('coupler', 'start'));
  b.attach(at('coupler', 'end'), at('rocker', 'end'));
  b.motorBar('motor', 'crank', 60);
  return b.build();
}
