// Whether every equation definition of a drawing compiles, used or not: a definition that does not compile could
// never be opened again, so neither the loader nor the session accepts one. The expression compiler names the
// field (and column) of the first problem; this turns it into a SchemaError at the definition's path.

import { compileDefinition } from '../engine/expr';
import type { Drawing } from '../shared/drawing';
import { SchemaError } from '../shared/schema';

export function checkDefinitionsCompile(drawing: Drawing): void {
  drawing.equations.forEach((eq, i) => {
    const compiled = compileDefinition(eq);
    if (!compiled.ok) {
      const first = compiled.errors[0];
      throw new SchemaError(`equations[${i}].${first.field}`, first.message);
    }
  });
}
