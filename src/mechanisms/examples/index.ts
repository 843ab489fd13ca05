// The example library: every example drawing by file name, as the generator writes them to resources/examples/.

import type { Drawing } from '../../shared/drawing';
import { chebyshevLambda, crankRocker, hoekens } from './four-bars';
import { camFollower, pantograph, sliderCrank } from './others';
import { peaucellierLipkin, wattLinkage } from './straight-line';

export interface ExampleSpec {
  /** File name without the extension, in resources/examples/. */
  name: string;
  /** The menu label (also the drawing's meta.title). */
  title: string;
  /** One line for a tooltip or a list. */
  summary: string;
  build: () => Drawing;
}

export const EXAMPLES: ExampleSpec[] = [
  {
    name: 'crank-rocker',
    title: 'Crank-rocker four-bar',
    summary: 'A Grashof four-bar: the crank turns fully, the rocker swings; a coupler point draws its curve.',
    build: crankRocker,
  },
  {
    name: 'slider-crank',
    title: 'Slider-crank',
    summary: 'A crank and connecting rod drive a slider (a bead on a fixed guide) to and fro.',
    build: sliderCrank,
  },
  {
    name: 'watt',
    title: "Watt's linkage",
    summary: "Two rockers and a coupler: the coupler's midpoint runs nearly straight through the middle.",
    build: wattLinkage,
  },
  {
    name: 'chebyshev-lambda',
    title: "Chebyshev's lambda linkage",
    summary: 'Crank 1, ground 2, rocker 2.5, coupler 5: the foot runs nearly straight for half a turn.',
    build: chebyshevLambda,
  },
  {
    name: 'peaucellier-lipkin',
    title: 'Peaucellier–Lipkin linkage',
    summary: 'An inversor: a point on a circle through the centre is mapped onto an exactly straight line.',
    build: peaucellierLipkin,
  },
  {
    name: 'hoekens',
    title: "Hoeken's linkage",
    summary: "The lambda's cognate with the crank on the far side: the same nearly straight foot path.",
    build: hoekens,
  },
  {
    name: 'cam-follower',
    title: 'Cam and follower',
    summary: 'A turning spline cam lifts a follower (a bead on the cam and on a fixed guide).',
    build: camFollower,
  },
  {
    name: 'pantograph',
    title: 'Pantograph',
    summary: 'A parallelogram linkage: the pen copies the stylus twice as large.',
    build: pantograph,
  },
];

export { RPM } from './four-bars';
