// The checks JSON Schema cannot express: every id unique across the whole drawing, every reference pointing at
// something that exists and is of the right kind, connectors naming exactly one of u / anchor, equation curves
// giving exactly the parameters their definition declares. Runs on a shape-checked drawing; throws the first
// problem as a SchemaError naming its path, like the shape check does.

import { compileDefinition } from '../engine/expr';
import type { Connector, Curve, Drawing } from '../shared/drawing';
import { SchemaError, describeValue } from '../shared/schema';

export function checkReferences(drawing: Drawing): void {
  const owners = new Map<string, string>();
  const claim = (id: string, path: string) => {
    const first = owners.get(id);
    if (first !== undefined)
      throw new SchemaError(`${path}.id`, `duplicate id ${describeValue(id)} (also used by ${first})`);
    owners.set(id, path);
  };
  drawing.curves.forEach((c, i) => claim(c.id, `curves[${i}]`));
  drawing.constraints.forEach((c, i) => claim(c.id, `constraints[${i}]`));
  drawing.springs.forEach((c, i) => claim(c.id, `springs[${i}]`));
  drawing.traces.forEach((c, i) => claim(c.id, `traces[${i}]`));
  drawing.equations.forEach((c, i) => claim(c.id, `equations[${i}]`));

  const curves = new Map<string, Curve>(drawing.curves.map((c) => [c.id, c]));
  const equations = new Map(drawing.equations.map((e) => [e.id, e]));

  const curveRef = (ref: string, path: string): Curve => {
    const found = curves.get(ref);
    if (!found) throw new SchemaError(path, `unknown curve ${describeValue(ref)}`);
    return found;
  };
  const checkConnector = (c: Connector, path: string) => {
    curveRef(c.curve, `${path}.curve`);
    if ((c.u === undefined) === (c.anchor === undefined))
      throw new SchemaError(path, 'expected exactly one of u or anchor');
  };

  drawing.equations.forEach((eq, i) => {
    const path = `equations[${i}]`;
    if (!(eq.u0 < eq.u1))
      throw new SchemaError(`${path}.u1`, `expected a number greater than u0 (${eq.u0}), got ${eq.u1}`);
    const seen = new Set<string>();
    eq.params.forEach((p, j) => {
      if (seen.has(p.name))
        throw new SchemaError(`${path}.params[${j}].name`, `duplicate parameter ${describeValue(p.name)}`);
      seen.add(p.name);
    });
    const compiled = compileDefinition(eq);
    if (!compiled.ok) {
      const first = compiled.errors[0];
      throw new SchemaError(`${path}.${first.field}`, first.message);
    }
  });

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

  drawing.constraints.forEach((c, i) => {
    const path = `constraints[${i}]`;
    switch (c.kind) {
      case 'attach':
      case 'distance':
        checkConnector(c.a, `${path}.a`);
        checkConnector(c.b, `${path}.b`);
        break;
      case 'pin':
        checkConnector(c.point, `${path}.point`);
        break;
      case 'on-curve':
        checkConnector(c.point, `${path}.point`);
        curveRef(c.curve, `${path}.curve`);
        break;
      case 'motor': {
        if (c.bar !== undefined) {
          if (c.point !== undefined || c.pivot !== undefined)
            throw new SchemaError(path, 'expected either bar or point and pivot, not both');
          const bar = curveRef(c.bar, `${path}.bar`);
          if (bar.kind !== 'bar')
            throw new SchemaError(
              `${path}.bar`,
              `expected a bar, got the ${bar.kind} ${describeValue(bar.id)}`,
            );
        } else {
          if (c.point === undefined || c.pivot === undefined)
            throw new SchemaError(path, 'expected either bar or both point and pivot');
          checkConnector(c.point, `${path}.point`);
          checkConnector(c.pivot, `${path}.pivot`);
        }
        break;
      }
    }
  });

  drawing.springs.forEach((sp, i) => {
    checkConnector(sp.a, `springs[${i}].a`);
    checkConnector(sp.b, `springs[${i}].b`);
  });
  drawing.traces.forEach((t, i) => checkConnector(t.point, `traces[${i}].point`));
}
