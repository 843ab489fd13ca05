// Undo history as marks and diffs. Before an edit (or a whole drag) the session takes a mark: a deep copy of the
// drawing's collections. After it, the mark and the drawing are compared item by item (by id) and only what changed
// is kept: the items added and removed whole, of an item changed only the fields that changed (before and after),
// and the id order of a collection whose membership or order changed. Undo writes the "before" side back, redo the
// "after" side: copies of plain numbers, so a pose comes back exactly. Fields, not whole items: what moved outside
// the history (a mechanism played after a rename) stays where it is when an edit that did not move it is undone.
// The history is unlimited; a mark can also be restored whole (a cancelled drag).
//
// A trace's trail (trail.ts) is the one value never copied: marks and entries hold it by reference, and it is
// compared by identity. An edit never changes a trail in place — clearing one puts a new empty trail in its place —
// so an entry keeps the old trail whole at no cost, and undoing a clear puts that very trail back. Only the
// recorder appends to a trail in place, outside the history, like every other change a mechanism's play makes.
//
// Reference images, point sets, attractors and parameters are kept the same way, whole: an edit never changes one of
// their records in place (commands.ts puts a changed copy in its place), so a mark holds each list of records by
// reference and an entry the list before and after — an image's megabytes of data and a scan's 100,000 points are
// never copied or compared.

import type { Drawing } from '../shared/drawing';
import { RECORD_LISTS, WHOLE_LISTS, type RecordList, type WholeList } from '../shared/references';
import type { Trail } from '../shared/trail';
import { cloneData } from '../shared/clone-data';
import { sameData } from '../shared/same-data';

/** The drawing's lists of records, each item with an id: what an undo entry diffs. */
export const COLLECTIONS = RECORD_LISTS;
export type CollectionName = RecordList;

interface Item {
  id: string;
}

type Wholes = { [K in WholeList]: Drawing[K] };

/** A deep copy of the drawing's collections at one moment, and its whole lists (records shared: see the header). */
export type Mark = { [K in CollectionName]: Drawing[K] } & Wholes;

/** Some fields of an item, by name; a field absent on that side is there as undefined (written back: deleted). */
type Fields = Record<string, unknown>;

interface CollectionDiff {
  collection: CollectionName;
  /** Items as they were, by id: removed ones whole, changed ones as their changed fields. */
  before: Map<string, Item | Fields>;
  /** Items as they became, by id: added ones whole, changed ones as their changed fields. */
  after: Map<string, Item | Fields>;
  /** The ids of the changed items (in `before` and `after` as fields, not whole). */
  changed: Set<string>;
  /** Id order before and after, kept only when membership or order changed. */
  orderBefore: string[] | null;
  orderAfter: string[] | null;
}

export interface HistoryEntry {
  label: string;
  diffs: CollectionDiff[];
  /** The whole lists that changed, each as it was before and after (records shared). */
  wholes?: { before: Partial<Wholes>; after: Partial<Wholes> };
}

function items(drawing: Drawing | Mark, collection: CollectionName): Item[] {
  return drawing[collection] as Item[];
}

function isTrail(value: unknown): value is Trail {
  return typeof value === 'object' && value !== null && (value as Trail).xy instanceof Float64Array;
}

/** A deep copy of a record, a field's value or a list of records, sharing every trail in it (see the header). */
function copy<T>(value: T): T {
  if (isTrail(value)) return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  if (typeof value === 'object' && value !== null && isTrail((value as { points?: unknown }).points)) {
    const { points, ...rest } = value as unknown as { points: Trail };
    return { ...cloneData(rest), points } as T;
  }
  return cloneData(value);
}

/** Equal field values: trails by identity (an edit replaces a trail, never changes it), the rest by value. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isTrail(a) || isTrail(b)) return a === b;
  return sameData(a, b);
}

export function takeMark(drawing: Drawing): Mark {
  return {
    curves: cloneData(drawing.curves),
    constraints: cloneData(drawing.constraints),
    springs: cloneData(drawing.springs),
    traces: copy(drawing.traces),
    equations: cloneData(drawing.equations),
    images: drawing.images?.slice(),
    pointSets: drawing.pointSets?.slice(),
    attractors: drawing.attractors?.slice(),
    parameters: drawing.parameters?.slice(),
  };
}

/** Puts the mark's collections back into the drawing (copies, so the mark can be restored again). */
export function restoreMark(drawing: Drawing, mark: Mark): void {
  for (const collection of COLLECTIONS) (drawing as Mark)[collection] = copy(mark[collection]) as never;
  for (const list of WHOLE_LISTS) setWhole(drawing, list, mark[list]);
}

/** The drawing's whole list set to a copy of `records` (the records shared); none: no field. */
function setWhole<K extends WholeList>(drawing: Drawing, list: K, records: Drawing[K]): void {
  if (records?.length) drawing[list] = records.slice() as Drawing[K];
  else delete drawing[list];
}

/** Whether two whole lists hold the very same records in the same order. */
function sameRecords(a: readonly object[] | undefined, b: readonly object[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((record, i) => record === y[i]);
}

function sameOrder(a: Item[], b: Item[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].id !== b[i].id) return false;
  return true;
}

/** The fields of `old` and `now` that differ, each side's value (undefined where a side has none); null if none. */
function changedFields(old: Item, now: Item): { before: Fields; after: Fields } | null {
  const a = old as unknown as Fields;
  const b = now as unknown as Fields;
  let fields: { before: Fields; after: Fields } | null = null;
  for (const key in a) if (Object.hasOwn(a, key)) fields = noteField(fields, a, b, key);
  for (const key in b)
    if (Object.hasOwn(b, key) && !Object.hasOwn(a, key)) fields = noteField(fields, a, b, key);
  return fields;
}

/**
 * Adds field `key` to `fields` if it differs between `a` and `b` — made at the first difference: a drag's end
 * compares every record, most of them unchanged, and allocates nothing for those.
 */
function noteField(
  fields: { before: Fields; after: Fields } | null,
  a: Fields,
  b: Fields,
  key: string,
): { before: Fields; after: Fields } | null {
  if (sameValue(a[key], b[key])) return fields;
  const out = fields ?? { before: {}, after: {} };
  out.before[key] = a[key]; // the mark is already a private copy
  out.after[key] = copy(b[key]);
  return out;
}

function diffCollection(collection: CollectionName, was: Item[], now: Item[]): CollectionDiff | null {
  const before = new Map<string, Item | Fields>();
  const after = new Map<string, Item | Fields>();
  const changed = new Set<string>();
  const wasById = new Map(was.map((item) => [item.id, item]));
  const nowIds = new Set<string>();
  for (const item of now) {
    nowIds.add(item.id);
    const old = wasById.get(item.id);
    if (old === undefined) {
      after.set(item.id, copy(item));
      continue;
    }
    const fields = changedFields(old, item);
    if (!fields) continue;
    before.set(item.id, fields.before);
    after.set(item.id, fields.after);
    changed.add(item.id);
  }
  for (const item of was) if (!nowIds.has(item.id)) before.set(item.id, item);
  const reordered = !sameOrder(was, now);
  if (before.size === 0 && after.size === 0 && !reordered) return null;
  return {
    collection,
    before,
    after,
    changed,
    orderBefore: reordered ? was.map((item) => item.id) : null,
    orderAfter: reordered ? now.map((item) => item.id) : null,
  };
}

/** What changed between a mark and the drawing now; null when nothing did. */
export function diffSinceMark(mark: Mark, drawing: Drawing, label: string): HistoryEntry | null {
  const diffs: CollectionDiff[] = [];
  for (const collection of COLLECTIONS) {
    const diff = diffCollection(collection, items(mark, collection), items(drawing, collection));
    if (diff) diffs.push(diff);
  }
  let wholes: HistoryEntry['wholes'];
  for (const list of WHOLE_LISTS) {
    if (sameRecords(mark[list], drawing[list])) continue;
    wholes ??= { before: {}, after: {} };
    (wholes.before as Record<WholeList, unknown>)[list] = mark[list]?.slice();
    (wholes.after as Record<WholeList, unknown>)[list] = drawing[list]?.slice();
  }
  if (diffs.length === 0 && !wholes) return null;
  return wholes ? { label, diffs, wholes } : { label, diffs };
}

function applySide(drawing: Drawing, entry: HistoryEntry, side: 'before' | 'after'): void {
  for (const diff of entry.diffs) {
    const values = side === 'before' ? diff.before : diff.after;
    const order = side === 'before' ? diff.orderBefore : diff.orderAfter;
    const current = items(drawing, diff.collection);
    const byId = new Map(current.map((item) => [item.id, item]));
    for (const [id, value] of values) {
      if (!diff.changed.has(id)) {
        byId.set(id, copy(value) as Item);
        continue;
      }
      // A changed item is there whenever its entry is undone or redone (the later entries went first).
      const item = byId.get(id);
      if (!item) continue;
      const fields = item as unknown as Fields;
      for (const [key, v] of Object.entries(value)) {
        if (v === undefined) delete fields[key];
        else fields[key] = copy(v);
      }
    }
    const ids = order ?? current.map((item) => item.id);
    (drawing as Mark)[diff.collection] = ids.map((id) => byId.get(id)) as never;
  }
  if (entry.wholes) {
    const lists = entry.wholes[side];
    for (const list of WHOLE_LISTS) if (Object.hasOwn(lists, list)) setWhole(drawing, list, lists[list]);
  }
}

/** The undo and redo stacks of one open drawing. */
export class History {
  private readonly undoStack: HistoryEntry[] = [];
  private readonly redoStack: HistoryEntry[] = [];

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  /** The entry on top of the undo stack: compared with the one at the last save to know whether it is dirty. */
  get top(): HistoryEntry | null {
    return this.undoStack.at(-1) ?? null;
  }

  /** Records what changed since the mark as one entry; returns false (and records nothing) when nothing did. */
  commit(mark: Mark, drawing: Drawing, label: string): boolean {
    const entry = diffSinceMark(mark, drawing, label);
    if (!entry) return false;
    this.undoStack.push(entry);
    this.redoStack.length = 0;
    return true;
  }

  /** Writes the previous state back into the drawing; returns the entry undone, or null if there is none. */
  undo(drawing: Drawing): HistoryEntry | null {
    const entry = this.undoStack.pop();
    if (!entry) return null;
    applySide(drawing, entry, 'before');
    this.redoStack.push(entry);
    return entry;
  }

  redo(drawing: Drawing): HistoryEntry | null {
    const entry = this.redoStack.pop();
    if (!entry) return null;
    applySide(drawing, entry, 'after');
    this.undoStack.push(entry);
    return entry;
  }

  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
  }
}
