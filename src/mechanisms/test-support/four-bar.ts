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

/** Crank pinned at (0, 0), rocker at (ground, 0), the crank at `angle` (rad), its motor at 60 rpm. */
export function fourBarDrawing(lengths: FourBarLengths, angle: number, title = 'Four-bar'): Drawing {
  const { ground, crank, coupler, rocker } = lengths;
  const b = new DrawingBuilder(title);
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
