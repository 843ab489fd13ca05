// Canonical text of a drawing: the same drawing always gives the same bytes, so open → save → open round-trips
// exactly and a saved file diffs cleanly under version control. Canonical means: validated first (a drawing
// that could not be opened again is never written), keys in the schema's order (the validator copies them in
// that order), free-form keys (equation parameters) sorted, numbers in JavaScript's shortest round-trip form,
// 2-space indentation with number lists (points) and small flat objects (connectors) kept on one line, a final
// newline.

import type { Drawing } from '../shared/drawing';
import { CURRENT_VERSION, FORMAT_NAME } from './format-schema';
import { withPositiveSizes } from '../shared/positive-sizes';
import { validateDrawing } from './validate';
import { plainDrawing } from '../shared/trace-records';
import { WHOLE_LISTS } from '../shared/references';

/**
 * The drawing as a file object of the current version, validated (throws FormatError if it is not valid).
 * Negative radii, which the engine allows, are first rewritten to their positive equivalent (orientation.ts). The
 * traces are written as the loader would thin them (a trail recorded while playing may hold a few points more), so
 * what is saved loads back equal.
 */
export function toFileObject(drawing: Drawing): Record<string, unknown> {
  const valid = validateDrawing({
    format: FORMAT_NAME,
    version: CURRENT_VERSION,
    ...plainDrawing(withPositiveSizes(drawing)),
  });
  const plain: Record<string, unknown> = { ...plainDrawing(valid) };
  // An empty optional list, no field: a drawing without images, point sets or attractors is written as before
  // there were any (still version 2).
  for (const list of WHOLE_LISTS) if (!valid[list]?.length) delete plain[list];
  return { format: FORMAT_NAME, version: CURRENT_VERSION, ...plain };
}

export function serializeDrawing(drawing: Drawing): string {
  const parts: string[] = [];
  write(parts, toFileObject(drawing), '', false);
  parts.push('\n');
  return parts.join('');
}

function isScalar(value: unknown): boolean {
  return (
    typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || value === null
  );
}

function write(out: string[], value: unknown, indent: string, sortKeys: boolean): void {
  if (typeof value === 'number') {
    out.push(JSON.stringify(value));
  } else if (typeof value === 'string' || typeof value === 'boolean' || value === null) {
    out.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    if (value.length === 0) out.push('[]');
    else if (value.every((v) => typeof v === 'number'))
      out.push(`[${value.map((v) => JSON.stringify(v)).join(', ')}]`);
    else {
      const inner = indent + '  ';
      out.push('[\n');
      value.forEach((item, i) => {
        out.push(inner);
        write(out, item, inner, false);
        out.push(i < value.length - 1 ? ',\n' : '\n');
      });
      out.push(indent, ']');
    }
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((k) => record[k] !== undefined);
    if (sortKeys) keys.sort();
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    // Small flat objects (connectors, an equation's parameter) stay on one line: easier to read and to diff.
    if (keys.every((k) => isScalar(record[k]))) {
      const flat = `{ ${keys.map((k) => `${JSON.stringify(k)}: ${JSON.stringify(record[k])}`).join(', ')} }`;
      if (indent.length + flat.length <= 100) {
        out.push(flat);
        return;
      }
    }
    const inner = indent + '  ';
    out.push('{\n');
    keys.forEach((key, i) => {
      out.push(inner, JSON.stringify(key), ': ');
      // Equation curves' params are a free-form map: sort it so key order never changes the bytes.
      write(out, record[key], inner, key === 'params' && !Array.isArray(record[key]));
      out.push(i < keys.length - 1 ? ',\n' : '\n');
    });
    out.push(indent, '}');
  } else {
    throw new TypeError(`cannot serialise ${typeof value}`);
  }
}
