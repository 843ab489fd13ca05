// Imported records (svg-import.ts, and later DXF and CSV) into a drawing: as the one `add` edit the session makes
// undoable (fresh ids, names kept unique), added to a drawing, or as a new drawing of their own. Either drawing is
// checked with the loader's own rules (checkDrawing), so what is imported can be saved and opened again.

import { curvePath } from '../engine';
import { emptyBounds } from '../shared/bounds';
import { cloneData } from '../shared/clone-data';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import type { AddCommand } from '../shared/edit-commands';
import type { ImportedRecords } from './svg-import';
import { addPathBounds } from './svg-path';
import { checkDrawing } from './validate';

/** Ids with `prefix` and a number that `drawing` does not use yet, in order: c1, c2 … past any taken. */
function idSource(drawing: Drawing, prefix: string): () => string {
  const used = new Set<string>();
  for (const list of [
    drawing.curves,
    drawing.constraints,
    drawing.springs,
    drawing.traces,
    drawing.equations,
  ])
    for (const item of list) used.add(item.id);
  let n = 0;
  return () => {
    do n++;
    while (used.has(`${prefix}${n}`));
    return `${prefix}${n}`;
  };
}

/** A name the drawing's curves do not have yet: the name itself, else "name (2)", "name (3)" … */
function nameSource(drawing: Drawing): (name: string) => string {
  const used = new Set(drawing.curves.flatMap((c) => (c.name ? [c.name] : [])));
  return (name) => {
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = `${name} (${n})`;
    used.add(unique);
    return unique;
  };
}

/** The `add` edit that brings the imported records into `drawing`: ids fresh in it, references renamed. */
export function importAddCommand(drawing: Drawing, records: ImportedRecords): AddCommand {
  const curveId = idSource(drawing, 'c');
  const constraintId = idSource(drawing, 'k');
  const uniqueName = nameSource(drawing);
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
  };
}

/** `drawing` with the imported records added (a new object; `drawing` is left as it was). Throws a FormatError. */
export function withImported(drawing: Drawing, records: ImportedRecords): Drawing {
  const add = importAddCommand(drawing, records);
  const merged: Drawing = {
    ...drawing,
    curves: [...drawing.curves, ...(add.curves ?? [])],
    constraints: [...drawing.constraints, ...(add.constraints ?? [])],
  };
  checkDrawing(merged);
  return merged;
}

/** A new drawing of the imported records, titled `title`, its view centred on them. Throws a FormatError. */
export function drawingOfImported(records: ImportedRecords, title: string, now?: string): Drawing {
  const base = emptyDrawing(now);
  base.meta.title = title;
  const drawing = withImported(base, records);
  const b = emptyBounds();
  for (const c of drawing.curves) addPathBounds(b, curvePath(c, drawing));
  if (b[0] <= b[2]) drawing.view.center = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  return drawing;
}
