// What the mechanism analyses answer (src/mechanisms computes them; the session sends them to the Plot panel and the
// canvas; the CLI prints the point's) and their CSV form, written once for the CLI's --csv and the Plot panel's
// export alike. Units: mm, s, rad in drawing coordinates (y down: a positive angle turns clockwise on screen).

import type { Vec2 } from './drawing';

/** What every sample of a cycle carries: the motor time t (s, from the pose sampled from) and the driving angle. */
export interface TimedSample {
  t: number;
  /** The driving motor's angle, rad, unwrapped. */
  angle: number;
  /** Why the values are null (undefined there), absent where they are defined. */
  note?: string;
}

/** A material point's sample: mm, mm/s, mm/s²; null where undefined, with a note that says why. */
export interface AnalysisSample extends TimedSample {
  x: number | null;
  y: number | null;
  vx: number | null;
  vy: number | null;
  ax: number | null;
  ay: number | null;
}

/** A bar's sample: its angle (rad, its state, unwrapped) and angular velocity ω (rad/s), null where undefined. */
export interface BarSample extends TimedSample {
  barAngle: number | null;
  omega: number | null;
}

/** A four-bar's sample: its transmission angle μ ∈ [0, π] (rad), null where the pose was not reached. */
export interface TransmissionSample extends TimedSample {
  mu: number | null;
}

/** The CSV's numeric columns, in order (the note follows them). */
export const ANALYSIS_COLUMNS = ['t', 'angle', 'x', 'y', 'vx', 'vy', 'ax', 'ay'] as const;
export const BAR_COLUMNS = ['t', 'angle', 'barAngle', 'omega'] as const;
export const TRANSMISSION_COLUMNS = ['t', 'angle', 'mu'] as const;

/** Samples as CSV: a header of the columns and note, null as an empty field, the note quoted. */
export function tableCsv<C extends string>(
  columns: readonly C[],
  samples: readonly (Record<C, number | null> & { note?: string })[],
): string {
  const lines = [[...columns, 'note'].join(',')];
  for (const s of samples) {
    const values = columns.map((c) => (s[c] === null ? '' : String(s[c])));
    values.push(s.note === undefined ? '' : `"${s.note.replace(/"/g, '""')}"`);
    lines.push(values.join(','));
  }
  return lines.join('\n') + '\n';
}

/** A point's samples as CSV (the CLI's --csv). */
export function samplesCsv(samples: readonly AnalysisSample[]): string {
  return tableCsv(ANALYSIS_COLUMNS, samples);
}

export type GrashofClass = 'crank-rocker' | 'double-crank' | 'double-rocker' | 'change-point';

/** An instant centre (src/mechanisms/instant-centres.ts). */
export interface InstantCentre {
  bar: string;
  /** The centre, mm in the drawing's frame; null when undefined (see note). */
  at: Vec2 | null;
  /** The bar's angular velocity, rad/s (the drawing's sign: positive clockwise on screen); null when singular. */
  omega: number | null;
  note?: string;
}

/** A toggle or dead centre as marked on the canvas: where the crank's joint A is at that crank angle. */
export interface FourBarMark {
  kind: 'toggle' | 'dead-centre';
  /** The crank angle θ (rad, from the ground line O2 → O4, in (−π, π]). */
  crankAngle: number;
  /** The crank's joint A at θ, mm. */
  at: Vec2;
  /** The crank's pivot O2, mm (the mark's line is drawn from it). */
  pivot: Vec2;
  /** Toggles: the transmission angle there, 0 or 180 (°); dead centres: crank and coupler stretched or folded. */
  detail: string;
}

/** A four-bar's analysis (src/mechanisms/four-bar-analysis.ts): what the Plot panel shows and the canvas marks. */
export interface FourBarAnalysis {
  crank: string;
  coupler: string;
  rocker: string;
  motor: string;
  grashof: GrashofClass;
  /** The transmission angle's extremes over the crank's reachable range, rad (closed form). */
  transmission: { min: number; max: number };
  marks: FourBarMark[];
  samples: TransmissionSample[];
}
