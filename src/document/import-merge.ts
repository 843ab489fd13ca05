// Imported records (svg-import.ts, and later DXF and CSV) into a drawing: as the one `add` edit the session makes
// undoable (fresh ids, names kept unique), added to a drawing, or as a new drawing of their own. Either drawing is
// checked with the loader's own rules (checkDrawing), so what is imported can be saved and opened again.

import { curvePath } from '../engine';
import { addPoint, emptyBounds } from '../shared/bounds';
import { cloneData } from '../shared/clone-data';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import type { AddCommand } from '../shared/edit-commands';
import { RECORD_LISTS, WHOLE_LISTS } from '../shared/references';
import type { ImportedRecords } from './svg-import';
import { addPathBounds } from './svg-path';
import { checkDrawing } from './validate';

/** Ids with `prefix` and a number that `drawing` does not use yet, in order: c1, c2 … past any taken. */
export function idSource(drawing: Drawing, prefix: string): () => string {
  const used = new Set<string>();
  for (const list of RECORD_LISTS) for (const item of drawing[list]) used.add(item.id);
  for (const list of WHOLE_LISTS) for (const item of drawing[list] ?? []) used.add(item.id);
  let n = 0;
  return () => {
    do n++;
    while (used.has(`${prefix}${n}`));
    return `${prefix}${n}`;
  };
}

/** A name `taken` does not hold yet: the name itself, else "name (2)", "name (3)" … */
function nameSource(taken: readonly { name?: string }[]): (name: string) => string {
  const used = new Set(taken.flatMap((c) => (c.name ? [c.name] : [])));
  return (name) => {
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = `${name} (${n})`;
    used.add(unique);
    return unique;
  };
}

/**
 * The `add` edit that brings the imported records into `drawing`: ids fresh in it, references renamed. Point sets
 * are named `source` (the file's name) where given, each name unique among the drawing's point sets.
 */
export function importAddCommand(drawing: Drawing, records: ImportedRecords, source?: string): AddCommand {
  const curveId = idSource(drawing, 'c');
  const constraintId = idSource(drawing, 'k');
  const dataId = idSource(drawing, 'data');
  const uniqueName = nameSource(drawing.curves);
  const uniqueSetName = nameSource(drawing.pointSets ?? []);
  const ids = new Map(records.curves.map((c) => [c.id, curveId()]));
  const rename = (id: string) => ids.get(id) ?? id;
  return {
    type: 'add',
    curves: records.curves.map((c) => {
      const copy = { ...cloneData(c), id: rename(c.id) };
      if (copy.name) copy.name = uniqueName(copy.name);
      return copy;
    }),
    constraints: records.constraints.map((k) => ({
      ...k,
      id: constraintId(),
      a: { ...k.a, curve: rename(k.a.curve) },
      b: { ...k.b, curve: rename(k.b.curve) },
    })),
    ...(records.pointSets?.length && {
      pointSets: records.pointSets.map((set) => ({
        ...cloneData(set),
        id: dataId(),
        name: uniqueSetName(source ?? set.name),
      })),
    }),
  };
}

/**
 * `drawing` with the imported records added (a new object; `drawing` is left as it was), point sets named `source`.
 * Throws a FormatError.
 */
export function withImported(drawing: Drawing, records: ImportedRecords, source?: string): Drawing {
  const add = importAddCommand(drawing, records, source);
  const merged: Drawing = {
    ...drawing,
    curves: [...drawing.curves, ...(add.curves ?? [])],
    constraints: [...drawing.constraints, ...(add.constraints ?? [])],
  };
  if (add.pointSets) merged.pointSets = [...(drawing.pointSets ?? []), ...add.pointSets];
  checkDrawing(merged);
  return merged;
}

/** A new drawing of the imported records, titled `title`, its view centred on them. Throws a FormatError. */
export function drawingOfImported(records: ImportedRecords, title: string, now?: string): Drawing {
  const base = emptyDrawing(now);
  base.meta.title = title;
  const drawing = withImported(base, records, title);
  const b = emptyBounds();
  for (const c of drawing.curves) addPathBounds(b, curvePath(c, drawing));
  for (const set of drawing.pointSets ?? []) for (const [x, y] of set.points) addPoint(b, x, y);
  if (b[0] <= b[2]) drawing.view.center = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  return drawing;
}
