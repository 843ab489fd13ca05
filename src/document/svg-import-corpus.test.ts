// Real SVGs the project did not write (Adwaita icons from Debian's adwaita-icon-theme 43: test/fixtures/svg/
// README.md), imported: their bounding boxes match an independent reader's, svgelements (scripts/svg-corpus-bounds.py
// measured test/fixtures/svg/bounds.json) to 1e-6 mm, and each is one valid drawing.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { curvePath } from '../engine';
import { emptyBounds } from '../shared/bounds';
import { drawingOfImported } from './import-merge';
import { importSvg, summaryLine } from './svg-import';
import { addPathBounds } from './svg-path';
import { FIXTURES_DIR } from './test-support/fixtures';

const dir = join(FIXTURES_DIR, 'svg');
const expected = JSON.parse(readFileSync(join(dir, 'bounds.json'), 'utf8')) as Record<string, number[]>;

describe('a corpus of real SVGs', () => {
  it.each(Object.keys(expected))('%s: bounding box as svgelements measures it, to 1e-6 mm', (name) => {
    const records = importSvg(readFileSync(join(dir, name), 'utf8'));
    const drawing = drawingOfImported(records, name);
    const b = emptyBounds();
    for (const c of drawing.curves) addPathBounds(b, curvePath(c, drawing));
    b.forEach((v, i) => expect(Math.abs(v - expected[name][i])).toBeLessThanOrEqual(1e-6));
    expect(summaryLine(records.summary)).toMatch(/^imported /);
  });
});
