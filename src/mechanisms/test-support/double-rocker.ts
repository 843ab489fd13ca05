// A non-Grashof four-bar driven at its crank (ground 100, crank 40, coupler 50, rocker 60: s + l = 140 > p + q =
// 110): the crank cannot turn fully, and the motor drives it into the toggle where coupler and rocker line up.
// A test fixture, not one of the library's examples: the drawing that the lock's tests (mechanisms, session, e2e)
// share.

import type { Drawing } from '../../shared/drawing';
import { fourBarDrawing } from './four-bar';

export const DOUBLE_ROCKER = { ground: 100, crank: 40, coupler: 50, rocker: 60 } as const;

/** The crank's limit: |O4 − A| = coupler + rocker, i.e. cos θ = (g² + a² − (b + c)²) / (2ga). */
export function doubleRockerLimit(): number {
  const { ground: g, crank: a, coupler: b, rocker: c } = DOUBLE_ROCKER;
  return Math.acos((g ** 2 + a ** 2 - (b + c) ** 2) / (2 * g * a));
}

/** The double rocker with its crank at `angle` (rad), its motor at 60 rpm. */
export function doubleRocker(angle = 0): Drawing {
  return fourBarDrawing(DOUBLE_ROCKER, angle, { title: 'Non-Grashof four-bar' });
}
