// Where the test fixtures live, for the document and CLI tests (not used by the app itself).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../../../test/fixtures', import.meta.url));
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../resources/examples', import.meta.url));

/** Every valid current-version fixture (the top folder), as absolute paths. */
export function validFixtures(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.curvewright'))
    .sort()
    .map((f) => join(FIXTURES_DIR, f));
}

/** The example drawings shipped with the app (resources/examples), as absolute paths. */
export function exampleDrawings(): string[] {
  let names: string[];
  try {
    names = readdirSync(EXAMPLES_DIR);
  } catch {
    return [];
  }
  return names
    .filter((f) => f.endsWith('.curvewright'))
    .sort()
    .map((f) => join(EXAMPLES_DIR, f));
}

/** Every current-version file that must round-trip byte for byte: the fixtures and the shipped examples. */
export function canonicalFiles(): string[] {
  return [...validFixtures(), ...exampleDrawings()];
}

/** Each older-version fixture with the canonical current-version file its migration must produce. */
export function migrationFixtures(): { source: string; expected: string }[] {
  const out: { source: string; expected: string }[] = [];
  for (const folder of readdirSync(FIXTURES_DIR)
    .filter((f) => /^v\d+$/.test(f))
    .sort()) {
    for (const f of readdirSync(join(FIXTURES_DIR, folder)).sort()) {
      if (!f.endsWith('.curvewright') || f.endsWith('.migrated.curvewright')) continue;
      out.push({
        source: join(FIXTURES_DIR, folder, f),
        expected: join(FIXTURES_DIR, folder, f.replace(/\.curvewright$/, '.migrated.curvewright')),
      });
    }
  }
  return out;
}

/**
 * Each invalid fixture (test/fixtures/invalid) with the error the loader must give for it, after the file name:
 * from test/fixtures/invalid/expected.json. Every fixture there must have an entry, and every entry a fixture.
 */
export function invalidFixtures(): { file: string; message: string }[] {
  const dir = join(FIXTURES_DIR, 'invalid');
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, string>;
  const files = readdirSync(dir).filter((f) => f.endsWith('.curvewright'));
  const missing = files
    .filter((f) => !(f in expected))
    .concat(Object.keys(expected).filter((f) => !files.includes(f)));
  if (missing.length)
    throw new Error(`test/fixtures/invalid: expected.json and the files disagree on ${missing.join(', ')}`);
  return files.sort().map((f) => ({ file: join(dir, f), message: expected[f] }));
}
