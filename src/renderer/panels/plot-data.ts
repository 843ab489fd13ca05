// The Plot panel's data: an analysis's samples (src/shared/analysis-samples.ts) as uPlot columns against the crank
// angle or against time, and the way back from a place on the axis to the motor's angle (the scrub).
//
// The crank-angle axis is the motor angle in degrees within one turn, [0, 360), ascending (uPlot wants sorted x):
// a cycle sampled from any pose, in either direction, lands on the same axis, so the plot does not shift when the
// analysis is redone from another pose. The time axis over one cycle is likewise the motor time since the motor's
// angle was last 0 (mod one turn), [0, T): mod(α/ω, T), which puts any cycle on the same axis. Over a chosen number
// of seconds (a motion that does not repeat with the motor's turn) it is the motor time from the pose sampled from.

import { formatShown } from '../../shared/units';
import type {
  AnalysisSample,
  BarSample,
  FourBarAnalysis,
  TimedSample,
  TransmissionSample,
} from '../../shared/analysis-samples';

/** Where a series' samples come from: the point's analysis, the bar's, or the four-bar's. */
export type PlotSource = 'point' | 'bar' | 'four-bar';

export const PLOT_SERIES = {
  speed: { label: 'speed |v|', unit: 'mm/s', source: 'point' },
  accel: { label: 'acceleration |a|', unit: 'mm/s²', source: 'point' },
  x: { label: 'x', unit: 'mm', source: 'point' },
  y: { label: 'y', unit: 'mm', source: 'point' },
  'bar-angle': { label: 'bar angle', unit: '°', source: 'bar' },
  omega: { label: 'angular velocity ω', unit: 'rad/s', source: 'bar' },
  transmission: { label: 'transmission angle μ', unit: '°', source: 'four-bar' },
} as const satisfies Record<string, { label: string; unit: string; source: PlotSource }>;
export type PlotSeries = keyof typeof PLOT_SERIES;

/** The analyses the panel holds: what each series is read from. */
export interface PlotSources {
  point: readonly AnalysisSample[] | null;
  bar: readonly BarSample[] | null;
  fourBar: FourBarAnalysis | null;
}

export type PlotAxis = 'angle' | 'time';
export const AXIS_LABELS: Record<PlotAxis, string> = { angle: 'crank angle (°)', time: 'time (s)' };
/** The x axis's quantity and unit, as the readout says them ("crank angle 90°", "time 0.25 s"). */
const AXIS_QUANTITY: Record<PlotAxis, { name: string; unit: string; decimals: number }> = {
  angle: { name: 'crank angle', unit: '°', decimals: 1 },
  time: { name: 'time', unit: ' s', decimals: 3 },
};

/** A plotted value with its unit: "45.617 mm/s", "12.5°". */
function valueText(series: PlotSeries, y: number): string {
  const { unit } = PLOT_SERIES[series];
  const n = formatShown(y, 3);
  return unit === '°' ? `${n}°` : `${n} ${unit}`;
}

function axisText(axis: PlotAxis, x: number): string {
  const { unit, decimals } = AXIS_QUANTITY[axis];
  return `${formatShown(x, decimals)}${unit}`;
}

/** What the cursor is over: "crank angle 123.5° · speed |v| 45.617 mm/s" (the value undefined there: said so). */
export function plotReadout(series: PlotSeries, axis: PlotAxis, x: number, y: number | null): string {
  const value = y === null ? 'undefined here' : valueText(series, y);
  return `${AXIS_QUANTITY[axis].name} ${axisText(axis, x)} · ${PLOT_SERIES[series].label} ${value}`;
}

/** The smallest and the largest value plotted and where, or null when none is defined. */
export function plotExtrema(
  columns: [number[], (number | null)[]],
): { min: [number, number]; max: [number, number] } | null {
  const [xs, ys] = columns;
  let found: { min: [number, number]; max: [number, number] } | null = null;
  for (let i = 0; i < ys.length; i++) {
    const y = ys[i];
    if (y === null) continue;
    if (!found) found = { min: [xs[i], y], max: [xs[i], y] };
    else if (y < found.min[1]) found.min = [xs[i], y];
    else if (y > found.max[1]) found.max = [xs[i], y];
  }
  return found;
}

/** The extrema as the line under the plot says them: "min 12.3 mm/s at 210° · max 45.6 mm/s at 30°". */
export function extremaText(
  series: PlotSeries,
  axis: PlotAxis,
  columns: [number[], (number | null)[]],
): string {
  const found = plotExtrema(columns);
  if (!found) return '';
  const at = ([x, y]: [number, number]) => `${valueText(series, y)} at ${axisText(axis, x)}`;
  return `min ${at(found.min)} · max ${at(found.max)}`;
}

/** What maps a sample onto the x axis and back. */
export interface AxisFrame {
  axis: PlotAxis;
  /** The driving motor's rate, rad/s (signed). */
  omega: number;
  /** The motor time sampled, s (one period, or the seconds asked). */
  period: number;
  /** Sampled over chosen seconds rather than one cycle. */
  seconds: boolean;
  /** The motor's angle at the first sample (rad): the seconds axis starts there. */
  start: number;
}

const TURN = 360;
const DEGREES = 180 / Math.PI;

/** A motor angle (rad, unwrapped) on the plot's axis: degrees within one turn. */
export function axisAngle(angle: number): number {
  const deg = (angle * DEGREES) % TURN;
  return deg < 0 ? deg + TURN : deg;
}

/** The time since the motor's angle was last 0 (mod a turn): mod(α/ω, T), in [0, T). */
export function cycleTime(angle: number, omega: number, period: number): number {
  const t = (angle / omega) % period;
  return t < 0 ? t + period : t;
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

/** A motor angle on the x axis (the marker of the played pose). */
export function axisValue(frame: AxisFrame, angle: number): number {
  if (frame.axis === 'angle') return axisAngle(angle);
  if (!frame.seconds) return cycleTime(angle, frame.omega, frame.period);
  return (angle - frame.start) / frame.omega;
}

/** The motor angle a scrub to `value` on the x axis sets (`current`: the motor's present angle). */
export function scrubMotorAngle(frame: AxisFrame, value: number, current: number): number {
  if (frame.axis === 'angle') return scrubAngle(value, current);
  if (!frame.seconds) return scrubAngle(axisAngle(frame.omega * value), current);
  return frame.start + frame.omega * value;
}

/** The x axis's range: a turn, a period, or the seconds sampled. */
export function axisRange(frame: AxisFrame): [number, number] {
  return frame.axis === 'angle' ? [0, TURN] : [0, frame.period];
}

/** A bar's angle in degrees, (−180, 180]. */
function wrappedDegrees(radians: number): number {
  const d = Math.atan2(Math.sin(radians), Math.cos(radians)) * DEGREES;
  return d === -180 ? 180 : d;
}

function pointValue(s: AnalysisSample, series: PlotSeries): number | null {
  switch (series) {
    case 'x':
      return s.x;
    case 'y':
      return s.y;
    case 'speed':
      return s.vx === null || s.vy === null ? null : Math.hypot(s.vx, s.vy);
    case 'accel':
      return s.ax === null || s.ay === null ? null : Math.hypot(s.ax, s.ay);
    default:
      return null;
  }
}

/** The samples a series is read from, or null when its analysis is not there. */
export function seriesSamples(series: PlotSeries, sources: PlotSources): readonly TimedSample[] | null {
  const source = PLOT_SERIES[series].source;
  return source === 'point'
    ? sources.point
    : source === 'bar'
      ? sources.bar
      : (sources.fourBar?.samples ?? null);
}

/** One sample's value of a series (null: undefined there, a gap). */
export function seriesValue(series: PlotSeries, sample: TimedSample): number | null {
  switch (series) {
    case 'bar-angle': {
      const angle = (sample as BarSample).barAngle;
      return angle === null ? null : wrappedDegrees(angle);
    }
    case 'omega':
      return (sample as BarSample).omega;
    case 'transmission': {
      const mu = (sample as TransmissionSample).mu;
      return mu === null ? null : mu * DEGREES;
    }
    default:
      return pointValue(sample as AnalysisSample, series);
  }
}

/** uPlot's columns: the axis values ascending, and the series' values beside them (null: a gap, undefined there). */
export function plotColumns(
  samples: readonly TimedSample[],
  series: PlotSeries,
  frame: AxisFrame,
): [number[], (number | null)[]] {
  const rows = samples.map((s) => {
    const x = frame.axis === 'time' && frame.seconds ? s.t : axisValue(frame, s.angle);
    return [x, seriesValue(series, s)] as const;
  });
  rows.sort((a, b) => a[0] - b[0]);
  return [rows.map((r) => r[0]), rows.map((r) => r[1])];
}
