// The published JSON Schema of the file format (docs/curvewright.schema.json), derived from the same schema
// objects the loader validates with, so the two cannot disagree. Checked up to date by json-schema.test.ts;
// regenerate with `npm run cli -- json-schema -o docs/curvewright.schema.json`.
// What JSON Schema cannot say (unique ids, references that must exist) is listed in the description and checked
// by the loader (references.ts).

import type { JsonSchema } from '../shared/schema';
import { CURRENT_VERSION, fileSchema } from './format-schema';

export function fileJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://curvewright.app/schema/curvewright-v${CURRENT_VERSION}.json`,
    title: `Curvewright drawing, version ${CURRENT_VERSION}`,
    description:
      'A .curvewright file. Lengths in millimetres, y down, angles in radians. Beyond this schema the loader ' +
      'also requires: every id unique across curves, constraints, springs, traces and equations; every ' +
      'connector, on-curve target and motor bar naming an existing curve (a motor bar must be a bar, an ellipse or an equation curve with a free rot or phi); each ' +
      'connector giving exactly one of u or anchor; a motor giving either bar or both point and pivot; an ' +
      "equation curve's definition naming an existing equation and giving exactly its parameters; u0 < u1.",
    ...fileSchema.jsonSchema(),
  };
}

/** The schema as the text of docs/curvewright.schema.json. */
export function fileJsonSchemaText(): string {
  return JSON.stringify(fileJsonSchema(), null, 2) + '\n';
}
