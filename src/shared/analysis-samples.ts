// What an analysis of one material point over a motor cycle answers (src/mechanisms/analysis.ts computes it; the
// session sends it to the Plot panel; the CLI prints it) and its CSV form, written once for the CLI's --csv and
// the Plot panel's export alike.

/** One sample: mm, s, rad in drawing coordinates (y down); null where undefined, with a note that says why. */
export interface AnalysisSample {
  t: number;
  angle: number;
  x: number | null;
  y: number | null;
  vx: number | null;
  vy: number | null;
  ax: number | null;
  ay: number | null;
  note?: string;
}

/** The CSV's numeric columns, in order (the note follows them). */
export const ANALYSIS_COLUMNS = ['t', 'angle', 'x', 'y', 'vx', 'vy', 'ax', 'ay'] as const;

/** The samples as CSV: a header of ANALYSIS_COLUMNS and note, null as an empty field, the note quoted. */
export function samplesCsv(samples: readonly AnalysisSample[]): string {
  const lines = [[...ANALYSIS_COLUMNS, 'note'].join(',')];
  for (const s of samples) {
    const values = ANALYSIS_COLUMNS.map((c) => (s[c] === null ? '' : String(s[c])));
    values.push(s.note === undefined ? '' : `"${s.note.replace(/"/g, '""')}"`);
    lines.push(values.join(','));
  }
  return lines.join('\n') + '\n';
}
