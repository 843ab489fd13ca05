// The Plot panel's data: an analysis's samples (src/shared/analysis-samples.ts) as uPlot columns against the crank
// angle, and the crank angle's way between the plot and the motor. The axis is the motor angle in degrees within
// one turn, [0, 360), ascending (uPlot wants sorted x): a cycle sampled from any pose, in either direction, lands
// on the same axis, so the plot does not shift when the analysis is redone from another pose.

import type { AnalysisSample } from '../../shared/analysis-samples';

export const PLOT_SERIES = {
  speed: { label: 'speed |v|', unit: 'mm/s' },
  accel: { label: 'acceleration |a|', unit: 'mm/s²' },
  x: { label: 'x', unit: 'mm' },
  y: { label: 'y', unit: 'mm' },
} as const;
export type PlotSeries = keyof typeof PLOT_SERIES;

const TURN = 360;
const DEGREES = 180 / Math.PI;

/** A motor angle (rad, unwrapped) on the plot's axis: degrees within one turn. */
export function axisAngle(angle: number): number {
  const deg = (angle * DEGREES) % TURN;
  return deg < 0 ? deg + TURN : deg;
}

/**
 * The motor angle (rad) a scrub to `degrees` on the axis sets: the one nearest the motor's present (unwrapped)
 * angle, so a scrub never winds the motor a whole turn.
 */
export function scrubAngle(degrees: number, current: number): number {
  let delta = degrees - axisAngle(current);
  if (delta > TURN / 2) delta -= TURN;
  if (delta < -TURN / 2) delta += TURN;
  return current + delta / DEGREES;
}

function value(s: AnalysisSample, series: PlotSeries): number | null {
  switch (series) {
    case 'x':
      return s.x;
    case 'y':
      return s.y;
    case 'speed':
      return s.vx === null || s.vy === null ? null : Math.hypot(s.vx, s.vy);
    case 'accel':
      return s.ax === null || s.ay === null ? null : Math.hypot(s.ax, s.ay);
  }
}

/** uPlot's columns: the axis angles ascending, and the series' values beside them (null: a gap, undefined there). */
export function plotColumns(
  samples: readonly AnalysisSample[],
  series: PlotSeries,
): [number[], (number | null)[]] {
  const rows = samples.map((s) => [axisAngle(s.angle), value(s, series)] as const);
  rows.sort((a, b) => a[0] - b[0]);
  return [rows.map((r) => r[0]), rows.map((r) => r[1])];
}
