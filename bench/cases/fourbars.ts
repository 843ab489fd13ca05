// N independent crank-rocker four-bars, every crank turned 60° by its motor; planegcs solves the same linkages with
// each crank angle given.
import { CRANK_TURN, planegcsFourBars } from '../planegcs/problems';
import type { BenchCase } from '../types';
import { fourBarsDrawing } from './drawings';
import { measure, motorTask } from './engine-tasks';

/** 10 rpm = 60° per second: a 1 s advance turns every crank 60°. */
const RPM = 10;

export const fourBarsCase: BenchCase = {
  name: 'fourbars',
  title: 'N independent crank-rocker four-bars, every crank turned 60° by its motor, settled',
  sizes: [10, 100, 1000, 10000],
  run: (n) =>
    measure(
      () => fourBarsDrawing(n, RPM),
      9 * n,
      () => motorTask(CRANK_TURN / ((RPM / 60) * 2 * Math.PI)),
    ),
  planegcs: planegcsFourBars,
};
