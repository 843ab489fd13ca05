// What an import brought in and what it left out, as data (the CLI's --json) and as one line for the user:
// "imported 12 segments, 4 arcs and 9 attachments; skipped: 2 text, 1 image, styles".

import type { CurveKind } from '../../shared/drawing';

export interface ImportSummary {
  /** Curves made, by kind. */
  curves: Partial<Record<CurveKind, number>>;
  attachments: number;
  /** Points taken as data to fit to (point sets' points). */
  dataPoints?: number;
  /** Elements left out, by tag (text, image, use, defs …) or reason (hidden, clip-path). */
  skipped: Record<string, number>;
  /** Some element had presentation (style, fill, stroke, class, a <style> sheet): none of it is imported. */
  styles: boolean;
  /**
   * What else the user should know, each a phrase ("dropped 3 points closer than 0.001 mm to the one before",
   * "weights not kept …"): data a reader read and did not keep, said rather than dropped silently.
   */
  notes?: string[];
}

export function emptySummary(): ImportSummary {
  return { curves: {}, attachments: 0, skipped: {}, styles: false };
}

export function countSkipped(summary: ImportSummary, what: string): void {
  summary.skipped[what] = (summary.skipped[what] ?? 0) + 1;
}

const WORDS: Partial<Record<CurveKind, [string, string]>> = {
  bezier: ['Bézier', 'Béziers'],
  ellipse: ['ellipse', 'ellipses'],
};

function counted(n: number, kind: string): string {
  const [one, many] = WORDS[kind as CurveKind] ?? [kind, `${kind}s`];
  return `${n} ${n === 1 ? one : many}`;
}

function list(items: string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The summary as one line. */
export function summaryLine(summary: ImportSummary): string {
  const made = Object.entries(summary.curves).map(([kind, n]) => counted(n, kind));
  if (summary.attachments) made.push(counted(summary.attachments, 'attachment'));
  if (summary.dataPoints) made.push(`${counted(summary.dataPoints, 'point')} of data to fit`);
  const skipped = Object.entries(summary.skipped).map(([what, n]) => `${n} ${what}`);
  if (summary.styles) skipped.push('styles');
  const imported = made.length ? `imported ${list(made)}` : 'imported nothing';
  const line = skipped.length ? `${imported}; skipped: ${skipped.join(', ')}` : imported;
  return [line, ...(summary.notes ?? [])].join('; ');
}
