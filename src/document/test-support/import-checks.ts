// Test support shared by the import tests: the all-kinds fixture, distances, how far a point is from an ellipse
// (the round trips), and the one check of a fuzzed import's outcome (records with finite numbers that make a
// drawing, or one ImportError line).

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Curve, Drawing, Vec2 } from '../../shared/drawing';
import { ImportError, type ImportedRecords } from '../import-geometry/records';
import { drawingOfImported } from '../import-merge';
import { parseDrawingText } from '../validate';
import { validFixtures } from './fixtures';

/** test/fixtures/all-kinds.curvewright: one curve of every kind. */
export function allKindsDrawing(): Drawing {
  return parseDrawingText(
    readFileSync(
      validFixtures().find((f) => f.endsWith('all-kinds.curvewright'))!,
      'utf8',
    ),
  );
}

export const dist = (p: ArrayLike<number>, q: ArrayLike<number>) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** How far p is from the ellipse (or circle) of `c`, to first order. */
export function offEllipse(c: Extract<Curve, { kind: 'ellipse' }>, p: Vec2): number {
  const dx = p[0] - c.center[0];
  const dy = p[1] - c.center[1];
  const x = dx * Math.cos(c.rotation) + dy * Math.sin(c.rotation);
  const y = -dx * Math.sin(c.rotation) + dy * Math.cos(c.rotation);
  return Math.abs(Math.hypot(x / c.rx, y / c.ry) - 1) * Math.max(c.rx, c.ry);
}

/**
 * A round trip's imported curves by the original each came from, in order: the export writes each original's
 * pieces in turn, `pieces(c, i)` of them (i: how many imported curves came before). Every imported curve is
 * accounted for.
 */
export function importedByOriginal(
  originals: readonly Curve[],
  imported: readonly Curve[],
  pieces: (c: Curve, i: number) => number,
): Map<string, Curve[]> {
  const out = new Map<string, Curve[]>();
  let i = 0;
  for (const c of originals) {
    const n = pieces(c, i);
    out.set(c.id, imported.slice(i, i + n));
    i += n;
  }
  expect(i).toBe(imported.length);
  return out;
}

function finite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finite);
  if (value && typeof value === 'object') return Object.values(value).every(finite);
  return true;
}

/**
 * One fuzzed import: either records whose every number is finite and that make a valid drawing (counted in
 * `outcomes.curves` when there are curves), or one ImportError of one line of at most 200 characters (counted in
 * `outcomes.refused`). Anything else fails the test.
 */
export function expectImportOrOneLine(
  read: () => ImportedRecords,
  outcomes: { curves: number; refused: number },
) {
  let records;
  try {
    records = read();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n/);
    expect(message.length).toBeLessThanOrEqual(200);
    outcomes.refused++;
    return;
  }
  expect(finite(records.curves)).toBe(true);
  drawingOfImported(records, 'fuzz');
  if (records.curves.length) outcomes.curves++;
}
