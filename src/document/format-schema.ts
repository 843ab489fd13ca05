// The schema of a .curvewright file, version 2: the records of src/shared/records.ts (the one source of truth for
// each record's valid values) put together as a file. Both the loader's runtime validation (validate.ts) and the
// published JSON Schema (json-schema.ts → docs/curvewright.schema.json) come from it. Cross-references (ids that
// must exist, ids that must be unique) cannot be said in JSON Schema; src/shared/references.ts checks them after
// this shape check.

import type { PlainDrawing } from '../shared/drawing';
import * as r from '../shared/records';
import * as s from '../shared/schema';

export const FORMAT_NAME = 'curvewright';
/**
 * 2: the sketcher's constraint kinds (horizontal … length) and the dimensions' `reference` and `label`. A version-1
 * reader refuses those kinds, so the version moved; a version-1 file is a valid version-2 file (migrateV1).
 */
export const CURRENT_VERSION = 2;

/** The whole file, the current version: the Drawing's fields at the top level next to format and version. */
export const fileSchema = s.object({
  format: s.literal(FORMAT_NAME),
  version: s.literal(CURRENT_VERSION),
  ...r.drawingFields,
});

// Compile-time proof that the file's output is the shared drawing model, as plain data.
type AssertExtends<A extends B, B> = A;
export type _DrawingMatch = AssertExtends<
  Omit<s.Infer<typeof fileSchema>, 'format' | 'version'>,
  PlainDrawing
>;

/** A version-1 file object as the current version: version 2 only added kinds and optional fields. */
export function migrateV1<T extends object>(file: T): T & { version: typeof CURRENT_VERSION } {
  return { ...file, version: CURRENT_VERSION };
}
