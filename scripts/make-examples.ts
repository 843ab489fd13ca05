// Writes the example library, resources/examples/*.curvewright, from src/mechanisms/examples: every pose is
// assembled in closed form, checked here (each constraint's residual from plain geometry < 1e-12, the file parses
// back to the same drawing) and written in the document layer's canonical form, so the files are reproducible:
//   npx tsx scripts/make-examples.ts           write the files
//   npx tsx scripts/make-examples.ts --check   fail if a file differs from what would be written

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDrawingText } from '../src/document/validate';
import { serializeDrawing } from '../src/document/serialize';
import { residuals } from '../src/mechanisms/builder';
import { EXAMPLES } from '../src/mechanisms/examples';

const dir = fileURLToPath(new URL('../resources/examples/', import.meta.url));
const check = process.argv.includes('--check');
let failed = false;

for (const example of EXAMPLES) {
  const drawing = example.build();
  for (const r of residuals(drawing)) {
    // NaN: a bead on a spline, which only the engine can evaluate (the tests check it at load).
    if (r.residual > 1e-12) throw new Error(`${example.name}: constraint '${r.id}' residual ${r.residual}`);
  }
  const text = serializeDrawing(drawing);
  if (
    JSON.stringify(parseDrawingText(text)) !== JSON.stringify(parseDrawingText(serializeDrawing(drawing)))
  ) {
    throw new Error(`${example.name}: does not round-trip`);
  }
  const path = `${dir}${example.name}.curvewright`;
  if (check) {
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      // missing: reported below
    }
    if (old !== text) {
      console.error(`${path}: out of date (run npx tsx scripts/make-examples.ts)`);
      failed = true;
    }
  } else {
    writeFileSync(path, text);
    console.log(`${path}: ${drawing.curves.length} curves, ${drawing.constraints.length} constraints`);
  }
}
if (failed) process.exit(1);
