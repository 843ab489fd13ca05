import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileJsonSchema, fileJsonSchemaText } from './json-schema';

const published = fileURLToPath(new URL('../../docs/curvewright.schema.json', import.meta.url));

describe('the published JSON Schema', () => {
  it('docs/curvewright.schema.json is what the documented command writes, byte for byte (run it if this fails)', () => {
    // docs/file-format.md: `npm run cli -- json-schema -o docs/curvewright.schema.json`, whose file is the text
    // below; prettier leaves the file alone (.prettierignore), so the command is the whole recipe.
    expect(readFileSync(published, 'utf8')).toBe(fileJsonSchemaText());
  });

  it('describes the file the loader reads', () => {
    const schema = fileJsonSchema() as {
      $schema: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<
        string,
        { const?: unknown; items?: { oneOf?: { properties: { kind: unknown } }[] } }
      >;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual([
      'format',
      'version',
      'curves',
      'constraints',
      'springs',
      'traces',
      'equations',
      'view',
      'meta',
    ]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.format.const).toBe('curvewright');
    expect(schema.properties.version.const).toBe(2);
    expect(schema.properties.curves.items?.oneOf?.map((v) => v.properties.kind)).toEqual(
      ['point', 'segment', 'bar', 'circle', 'arc', 'ellipse', 'bezier', 'spline', 'equation'].map((k) => ({
        const: k,
      })),
    );
    const circle = (schema.properties.curves.items?.oneOf ?? [])[3] as unknown as {
      properties: { radius: unknown };
    };
    expect(circle.properties.radius).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 1e9 });
  });
});
