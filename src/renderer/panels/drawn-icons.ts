// Icons lucide does not have, drawn in its own style (24 × 24, stroked in the current colour, 2 px, round ends) so
// they sit among its icons: a bar as a link with a pivot hole at each end (not a rectangle), a spring as a coil, a
// distance as two points with the measure between them (the ruler is Length's), perpendicular as ⊥ with its square
// mark (the right triangle read as a second Angle), and a chamfer as a corner cut straight (the fillet's is rounded).

import type { IconNode } from 'lucide';

/** A rigid link: a slanted slot with a pivot hole at each end. */
export const BarIcon: IconNode = [
  ['path', { d: 'M5.1 14.9 14.9 5.1a2.9 2.9 0 0 1 4 4L9.1 18.9a2.9 2.9 0 0 1-4-4Z' }],
  ['circle', { cx: '7', cy: '17', r: '1' }],
  ['circle', { cx: '17', cy: '7', r: '1' }],
];

/** A coil spring between two end lines. */
export const SpringIcon: IconNode = [
  ['path', { d: 'M2 12h3' }],
  ['path', { d: 'M19 12h3' }],
  ['path', { d: 'M5 12 6.5 6l2.5 12 2.5-12 2.5 12 2.5-12L19 12' }],
];

/** Two points and the measure between them, arrows at both ends. */
export const DistanceIcon: IconNode = [
  ['circle', { cx: '3.5', cy: '12', r: '1.5' }],
  ['circle', { cx: '20.5', cy: '12', r: '1.5' }],
  ['path', { d: 'M7 12h10' }],
  ['path', { d: 'm9.5 9.5-2.5 2.5 2.5 2.5' }],
  ['path', { d: 'm14.5 9.5 2.5 2.5-2.5 2.5' }],
];

/** ⊥ with the square that marks a right angle. */
export const PerpendicularIcon: IconNode = [
  ['path', { d: 'M3 20h18' }],
  ['path', { d: 'M12 20V4' }],
  ['path', { d: 'M12 15h5v5' }],
];

/** A square's corner cut straight across (lucide's square-round-corner, with the corner chamfered). */
export const ChamferIcon: IconNode = [
  ['path', { d: 'M21 9 15 3' }],
  ['path', { d: 'M21 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h6' }],
];
