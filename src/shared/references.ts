// The checks a record's schema cannot make alone, because they look across records: every id unique in the whole
// drawing, every reference pointing at something that exists and is of the right kind, equation curves giving
// exactly the parameters their definition declares. One module for the loader, the session and the engine's build.
// Runs on shape-checked records; throws the first problem as a SchemaError naming its path.

import type { Attractor, Connector, Constraint, Curve, Drawing, Spring, Trace } from './drawing';
import { CONSTRAINT_TARGETS, curveIdsOf } from './constraint-targets';
import { SchemaError, describeValue } from './schema';
import { assertNever } from './assert-never';

/** The kinds of record a drawing lists, in file order: every id is unique across all of them. */
export const RECORD_LISTS = ['curves', 'constraints', 'springs', 'traces', 'equations'] as const;
export type RecordList = (typeof RECORD_LISTS)[number];
/**
 * The optional lists: absent from a drawing (and its file) while empty, their ids unique among every record's too.
 * The session's history keeps them whole, their records never changed in place (session/history.ts).
 */
export const WHOLE_LISTS = ['images', 'pointSets', 'attractors', 'parameters'] as const;
export type WholeList = (typeof WHOLE_LISTS)[number];

/** The curve ids a constraint, spring or trace refers to (what deleting a curve takes along). */
export function referencedCurves(item: Constraint | Spring | Trace): string[] {
  const out: string[] = [];
  const add = (c: Connector | undefined) => {
    if (c) out.push(c.curve);
  };
  if ('kind' in item) {
    const targets = CONSTRAINT_TARGETS[item.kind];
    const fields = item as unknown as Record<string, Connector | undefined>;
    for (const field of targets.connectors) add(fields[field]);
    for (const { field } of targets.curves) out.push(...curveIdsOf(item, field));
  } else if ('stiffness' in item) {
    add(item.a);
    add(item.b);
  } else {
    add(item.point);
  }
  return out;
}

/** The curves an attractor pulls (what deleting a curve takes it off, and what it joins into one part). */
export function attractorCurves(a: Attractor): readonly string[] {
  switch (a.kind) {
    case 'points':
    case 'edges':
      return a.curves;
    case 'target':
      return [a.point.curve];
    default:
      return assertNever(a);
  }
}

/**
 * A copy of a constraint, spring or trace whose curve references are renamed (the same fields referencedCurves
 * reads): what a pasted record refers to is the pasted curves.
 */
export function renameCurveReferences<T extends Constraint | Spring | Trace>(
  item: T,
  rename: (id: string) => string,
): T {
  const out = structuredClone(item);
  const connector = (c: Connector | undefined) => {
    if (c) c.curve = rename(c.curve);
  };
  if ('kind' in out) {
    const targets = CONSTRAINT_TARGETS[out.kind];
    const fields = out as unknown as Record<string, unknown>;
    for (const field of targets.connectors) connector(fields[field] as Connector | undefined);
    for (const { field } of targets.curves) {
      const value = fields[field];
      if (typeof value === 'string') fields[field] = rename(value);
      else if (Array.isArray(value)) fields[field] = value.map((id: string) => rename(id));
    }
  } else if ('stiffness' in out) {
    connector(out.a);
    connector(out.b);
  } else connector(out.point);
  return out;
}

/**
 * Every reference of a drawing as a file must hold it: the connections (below), and each equation curve giving
 * exactly the parameters its definition declares.
 */
export function checkReferences(drawing: Drawing): void {
  checkConnections(drawing);
  checkWholeLists(drawing);
  const equations = new Map(drawing.equations.map((e) => [e.id, e]));
  drawing.curves.forEach((c, i) => {
    if (c.kind !== 'equation') return;
    const path = `curves[${i}]`;
    const def = equations.get(c.definition);
    if (!def) throw new SchemaError(`${path}.definition`, `unknown equation ${describeValue(c.definition)}`);
    for (const p of def.params) {
      if (!Object.hasOwn(c.params, p.name)) throw new SchemaError(`${path}.params.${p.name}`, 'missing');
    }
    const declared = new Set(def.params.map((p) => p.name));
    for (const key of Object.keys(c.params)) {
      if (!declared.has(key))
        throw new SchemaError(
          `${path}.params.${key}`,
          `not a parameter of equation ${describeValue(def.id)}`,
        );
    }
  });
}

/** How a problem names a record of each optional list: an image, a point set or a parameter by its name. */
const WHOLE_LIST_RECORD: { [L in WholeList]: (record: NonNullable<Drawing[L]>[number]) => string } = {
  images: (image) => `image ${describeValue(image.name)}`,
  pointSets: (set) => `point set ${describeValue(set.name)}`,
  attractors: (a) => `the ${a.kind} pull ${describeValue(a.id)}`,
  parameters: (p) => `parameter ${describeValue(p.name)}`,
};

/**
 * The optional lists' records (images, point sets, attractors, parameters): each id unique among every record's (an
 * edit names a record by its id alone), and what each attractor names present — its curves, its point set, its
 * image. Problems name the record as WHOLE_LIST_RECORD says.
 */
export function checkWholeLists(drawing: Pick<Drawing, RecordList | WholeList>): void {
  if (WHOLE_LISTS.every((list) => !drawing[list]?.length)) return;
  const ids = new Set<string>();
  for (const list of RECORD_LISTS) for (const item of drawing[list]) ids.add(item.id);
  for (const list of WHOLE_LISTS) {
    const name = WHOLE_LIST_RECORD[list] as (record: { id: string }) => string;
    (drawing[list] ?? []).forEach((record: { id: string }, i: number) => {
      if (ids.has(record.id))
        throw new SchemaError(
          `${list}[${i}].id`,
          `${name(record)}: duplicate id ${describeValue(record.id)}`,
        );
      ids.add(record.id);
    });
  }
  const attractors = drawing.attractors ?? [];
  if (attractors.length === 0) return;
  const curves = new Set(drawing.curves.map((c) => c.id));
  const setIds = new Set((drawing.pointSets ?? []).map((set) => set.id));
  const imageIds = new Set((drawing.images ?? []).map((image) => image.id));
  attractors.forEach((a, i) => {
    const path = `attractors[${i}]`;
    const fields = a.kind === 'target' ? ['point.curve'] : a.curves.map((_, j) => `curves[${j}]`);
    attractorCurves(a).forEach((curve, j) => {
      if (!curves.has(curve))
        throw new SchemaError(`${path}.${fields[j]}`, `unknown curve ${describeValue(curve)}`);
    });
    if (a.kind === 'points' && !setIds.has(a.data))
      throw new SchemaError(`${path}.data`, `unknown point set ${describeValue(a.data)}`);
    if (a.kind === 'edges' && !imageIds.has(a.image))
      throw new SchemaError(`${path}.image`, `unknown image ${describeValue(a.image)}`);
  });
}

/**
 * What the engine needs to connect a drawing's parts: every id unique across all lists, every curve a
 * constraint, spring or trace names present, a motor's bar a bar. (The engine lets an equation curve leave out
 * parameters, which then take their declared values; a file names them all.)
 */
export function checkConnections(drawing: Drawing): void {
  // Paths are spelled only for the problem found: the engine's build runs this on every edit of large drawings.
  const owners = new Map<string, number>();
  const listCount = RECORD_LISTS.length;
  RECORD_LISTS.forEach((list, l) => {
    const records: readonly { id: string }[] = drawing[list];
    for (let i = 0; i < records.length; i++) {
      const first = owners.get(records[i].id);
      if (first !== undefined) {
        const also = `${RECORD_LISTS[first % listCount]}[${Math.floor(first / listCount)}]`;
        throw new SchemaError(
          `${list}[${i}].id`,
          `duplicate id ${describeValue(records[i].id)} (also used by ${also})`,
        );
      }
      owners.set(records[i].id, i * listCount + l);
    }
  });

  const curves = new Map<string, Curve>();
  for (const c of drawing.curves) curves.set(c.id, c);
  const curveRef = (ref: string, list: RecordList, i: number, field: string): Curve => {
    const found = curves.get(ref);
    if (!found) throw new SchemaError(`${list}[${i}].${field}`, `unknown curve ${describeValue(ref)}`);
    return found;
  };
  const connector = (c: Connector, list: RecordList, i: number, field: string) =>
    curveRef(c.curve, list, i, `${field}.curve`);

  const constraints = drawing.constraints;
  const named: Curve[] = [];
  for (let i = 0; i < constraints.length; i++) {
    const c = constraints[i];
    const targets = CONSTRAINT_TARGETS[c.kind];
    const fields = c as unknown as Record<string, Connector | undefined>;
    for (const field of targets.connectors) {
      const at = fields[field];
      if (at) connector(at, 'constraints', i, field);
    }
    named.length = 0;
    for (const { field, kinds, describe } of targets.curves) {
      const ids = curveIdsOf(c, field);
      const list = Array.isArray((c as unknown as Record<string, unknown>)[field]);
      ids.forEach((ref, j) => {
        const path = list ? `${field}[${j}]` : field;
        const found = curveRef(ref, 'constraints', i, path);
        if (kinds && !kinds.includes(found.kind))
          throw new SchemaError(
            `constraints[${i}].${path}`,
            `expected ${describe}, got the ${found.kind} ${describeValue(found.id)}`,
          );
        named.push(found);
      });
    }
    const problem = targets.rule?.(c, named);
    if (problem) throw new SchemaError(`constraints[${i}].${problem[0]}`, problem[1]);
  }
  drawing.springs.forEach((sp, i) => {
    connector(sp.a, 'springs', i, 'a');
    if (sp.b) connector(sp.b, 'springs', i, 'b');
  });
  drawing.traces.forEach((t, i) => connector(t.point, 'traces', i, 'point'));
}
