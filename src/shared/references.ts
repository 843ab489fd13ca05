// The checks a record's schema cannot make alone, because they look across records: every id unique in the whole
// drawing, every reference pointing at something that exists and is of the right kind, equation curves giving
// exactly the parameters their definition declares. One module for the loader, the session and the engine's build.
// Runs on shape-checked records; throws the first problem as a SchemaError naming its path.

import type { Connector, Constraint, Curve, Drawing, Spring, Trace } from './drawing';
import { SchemaError, describeValue } from './schema';

/** The kinds of record a drawing lists, in file order: every id is unique across all of them. */
export const RECORD_LISTS = ['curves', 'constraints', 'springs', 'traces', 'equations'] as const;
export type RecordList = (typeof RECORD_LISTS)[number];

/** The curve ids a constraint, spring or trace refers to (what deleting a curve takes along). */
export function referencedCurves(item: Constraint | Spring | Trace): string[] {
  const out: string[] = [];
  const add = (c: Connector | undefined) => {
    if (c) out.push(c.curve);
  };
  if ('kind' in item) {
    switch (item.kind) {
      case 'attach':
      case 'distance':
        add(item.a);
        add(item.b);
        break;
      case 'on-curve':
        add(item.point);
        out.push(item.curve);
        break;
      case 'pin':
        add(item.point);
        break;
      case 'motor':
        if (item.bar) out.push(item.bar);
        add(item.point);
        add(item.pivot);
        break;
    }
  } else if ('stiffness' in item) {
    add(item.a);
    add(item.b);
  } else {
    add(item.point);
  }
  return out;
}

/**
 * Every reference of a drawing as a file must hold it: the connections (below), and each equation curve giving
 * exactly the parameters its definition declares.
 */
export function checkReferences(drawing: Drawing): void {
  checkConnections(drawing);
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

/**
 * What the engine needs to connect a drawing's parts: every id unique across all lists, every curve a
 * constraint, spring or trace names present, a motor's bar a bar. (The engine lets an equation curve leave out
 * parameters, which then take their declared values; a file names them all.)
 */
export function checkConnections(drawing: Drawing): void {
  const owners = new Map<string, string>();
  for (const list of RECORD_LISTS) {
    const records: readonly { id: string }[] = drawing[list];
    for (let i = 0; i < records.length; i++) {
      const path = `${list}[${i}]`;
      const first = owners.get(records[i].id);
      if (first !== undefined)
        throw new SchemaError(
          `${path}.id`,
          `duplicate id ${describeValue(records[i].id)} (also used by ${first})`,
        );
      owners.set(records[i].id, path);
    }
  }

  const curves = new Map<string, Curve>(drawing.curves.map((c) => [c.id, c]));
  const curveRef = (ref: string, path: string): Curve => {
    const found = curves.get(ref);
    if (!found) throw new SchemaError(path, `unknown curve ${describeValue(ref)}`);
    return found;
  };
  const connector = (c: Connector, path: string) => curveRef(c.curve, `${path}.curve`);

  drawing.constraints.forEach((c, i) => {
    const path = `constraints[${i}]`;
    switch (c.kind) {
      case 'attach':
      case 'distance':
        connector(c.a, `${path}.a`);
        connector(c.b, `${path}.b`);
        break;
      case 'pin':
        connector(c.point, `${path}.point`);
        break;
      case 'on-curve':
        connector(c.point, `${path}.point`);
        curveRef(c.curve, `${path}.curve`);
        break;
      case 'motor':
        // Which of bar or point + pivot is set is the record's own rule (records.ts).
        if (c.bar !== undefined) {
          const bar = curveRef(c.bar, `${path}.bar`);
          if (bar.kind !== 'bar')
            throw new SchemaError(
              `${path}.bar`,
              `expected a bar, got the ${bar.kind} ${describeValue(bar.id)}`,
            );
        }
        if (c.point) connector(c.point, `${path}.point`);
        if (c.pivot) connector(c.pivot, `${path}.pivot`);
        break;
    }
  });

  drawing.springs.forEach((sp, i) => {
    connector(sp.a, `springs[${i}].a`);
    connector(sp.b, `springs[${i}].b`);
  });
  drawing.traces.forEach((t, i) => connector(t.point, `traces[${i}].point`));
}
