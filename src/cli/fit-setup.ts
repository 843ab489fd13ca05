// What `curvewright fit` adds to a drawing before it runs: the data (a point set read from a CSV file, or one the
// drawing has) and one attractor pulling the chosen curves toward it — or toward a reference image's edges. Every
// problem is one line naming what the user gave (the option, the id, the file and line of a CSV), and nothing is
// added until all of it is known good: the drawing returned is a new object, the one read is left as it was.

import { basename, extname } from 'node:path';
import { readImportFile } from '../document/import-file';
import { idSource, withImported } from '../document/import-merge';
import type { Attractor, Drawing, FitLoss } from '../shared/drawing';
import { describeValue } from '../shared/schema';

/** What the fit pulls toward: data (a CSV path or a point set's id) or a reference image's edges. */
export type FitSource = { data: string } | { image: string; range: number };

export interface FitRequest {
  source: FitSource;
  curves: string[];
  loss: FitLoss;
  strength: number;
}

export interface FitSetup {
  /** The drawing with the data (if read from a file) and the attractor added. */
  drawing: Drawing;
  /** The attractor's index in drawing.attractors. */
  attractor: number;
  /** The point set's id (null for an image's edges). */
  data: string | null;
}

/** A `--data` value names a file when it ends in .csv or .tsv (what the CSV reader reads), a point set otherwise. */
export function isDataFile(data: string): boolean {
  return /\.(csv|tsv)$/i.test(data);
}

/** The first ten of a list, as a problem's line lists what there is. */
function listed(items: string[]): string {
  return items.length > 10 ? `${items.slice(0, 10).join(', ')}, …` : items.join(', ') || 'none';
}

/** Every curve once and in the drawing, or one line naming the first that is not. */
function checkCurves(drawing: Drawing, curves: string[]): void {
  const known = new Set(drawing.curves.map((c) => c.id));
  const seen = new Set<string>();
  for (const id of curves) {
    if (seen.has(id)) throw new Error(`--curve: curve ${describeValue(id)} listed twice`);
    seen.add(id);
    if (!known.has(id))
      throw new Error(
        `--curve: no curve ${describeValue(id)} (curves: ${listed(drawing.curves.map((c) => c.id))})`,
      );
  }
}

/** The drawing with the point set `--data` names (read from its file, or found in the drawing) and its id. */
async function withData(drawing: Drawing, data: string): Promise<{ drawing: Drawing; id: string }> {
  if (isDataFile(data)) {
    const records = await readImportFile(data, { options: { pointsAs: 'data' } });
    const merged = withImported(drawing, records, basename(data, extname(data)));
    return { drawing: merged, id: merged.pointSets![merged.pointSets!.length - 1].id };
  }
  const sets = drawing.pointSets ?? [];
  if (!sets.some((set) => set.id === data))
    throw new Error(
      `--data: no point set ${describeValue(data)} (point sets: ${listed(sets.map((s) => `${s.id} ${describeValue(s.name)}`))}; ` +
        'a file of points must end in .csv or .tsv)',
    );
  return { drawing: { ...drawing }, id: data };
}

/** `drawing` with the request's data and attractor added; throws one line for the first problem. */
export async function withFit(drawing: Drawing, request: FitRequest): Promise<FitSetup> {
  checkCurves(drawing, request.curves);
  const { source, curves, loss, strength } = request;
  let next: Drawing;
  let attractor: Attractor;
  let data: string | null = null;
  if ('data' in source) {
    const found = await withData(drawing, source.data);
    next = found.drawing;
    data = found.id;
    attractor = { id: idSource(next, 'fit')(), kind: 'points', on: true, strength, curves, data, loss };
  } else {
    const images = drawing.images ?? [];
    if (!images.some((image) => image.id === source.image))
      throw new Error(
        `--image: no reference image ${describeValue(source.image)} (images: ${listed(images.map((i) => `${i.id} ${describeValue(i.name)}`))})`,
      );
    next = { ...drawing };
    const { image, range } = source;
    attractor = { id: idSource(next, 'snake')(), kind: 'edges', on: true, strength, curves, image, range };
  }
  next.attractors = [...(next.attractors ?? []), attractor];
  return { drawing: next, attractor: next.attractors.length - 1, data };
}
