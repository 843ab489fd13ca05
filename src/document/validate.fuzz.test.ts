import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import type { Drawing } from '../shared/drawing';
import { canonicalFiles, migrationFixtures } from './test-support/fixtures';
import { serializeDrawing } from './serialize';
import { exportSvg } from './svg-export';
import { FormatError, parseDrawingText } from './validate';
import { testClock } from '../shared/test-support/clock';

const sources = [...canonicalFiles(), ...migrationFixtures().map((m) => m.source)].map((f) =>
  readFileSync(f, 'utf8'),
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path (list of keys) inside a JSON value, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** Values a corrupted or hostile file might hold, weighted towards the dangerous ones. */
const nasty: fc.Arbitrary<Json | undefined> = fc.oneof(
  fc.constantFrom<Json | undefined>(
    undefined, // delete the field
    null,
    0,
    -0,
    -1,
    1e308,
    -1e308,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    5e-324,
    '',
    'c1',
    'p1',
    'b1',
    'start',
    'circle',
    'motor',
    'constructor',
    '__proto__',
    { toString: 1 },
    JSON.parse('{"__proto__": 1}'),
    [],
    {},
    [0, 0],
    true,
  ),
  fc.double(),
  fc.string(),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

function mutate(root: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy as Json;
}

function nonFiniteNumbers(value: unknown, out: unknown[] = []): unknown[] {
  if (typeof value === 'number' && !Number.isFinite(value)) out.push(value);
  else if (value === null) out.push(null);
  else if (typeof value === 'object') for (const v of Object.values(value)) nonFiniteNumbers(v, out);
  return out;
}

/**
 * An accepted drawing renders (its SVG has no NaN), builds an engine that solves without NaN, and the solved
 * drawing can be saved again.
 */
function checkSolves(drawing: Drawing): void {
  // Geometry attributes only: ids and titles are free text and may spell anything.
  const svg = exportSvg(drawing, { includeConstruction: true });
  expect(svg).not.toMatch(
    / (?:d|viewBox|width|height|cx|cy|r|stroke-width|stroke-dasharray)="[^"]*(?:NaN|Infinity|undefined)/,
  );
  const engine = Engine.build(drawing, { clock: testClock() });
  const report = engine.settle(5);
  expect(Number.isNaN(report.maxResidual)).toBe(false);
  for (const c of drawing.curves) expect(engine.curveState(c.id).every(Number.isFinite)).toBe(true);
  const solved = structuredClone(drawing);
  engine.writeBack(solved);
  expect(parseDrawingText(serializeDrawing(solved)).curves).toHaveLength(drawing.curves.length);
}

/** The loader's contract on any input: a Drawing that round-trips canonically, or one FormatError line. */
function checkLoaderContract(text: string, solve = false): 'accepted' | 'rejected' {
  let drawing;
  try {
    drawing = parseDrawingText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    const message = (error as Error).message;
    expect(message.length).toBeGreaterThan(0);
    expect(message).not.toMatch(/[\r\n]/);
    return 'rejected';
  }
  const canonical = serializeDrawing(drawing);
  expect(parseDrawingText(canonical)).toEqual(drawing);
  expect(serializeDrawing(parseDrawingText(canonical))).toBe(canonical);
  // Every number in an accepted drawing is finite (JSON cannot carry NaN; the validator refused ±Infinity).
  expect(nonFiniteNumbers(drawing)).toEqual([]);
  if (solve) checkSolves(drawing);
  return 'accepted';
}

describe('fuzz: random mutations of valid files', () => {
  it('structural mutations never crash the loader; accepted files render, build, solve without NaN and save again', () => {
    const tally = { accepted: 0, rejected: 0 };
    const trees = sources.map((t) => JSON.parse(t) as Json);
    fc.assert(
      fc.property(
        fc.nat(trees.length - 1),
        fc.array(fc.tuple(fc.nat(), nasty), { minLength: 1, maxLength: 3 }),
        (which, edits) => {
          let tree = trees[which];
          for (const [pick, value] of edits) {
            const paths = pathsOf(tree);
            tree = mutate(tree, paths[pick % paths.length], value);
          }
          // JSON.stringify writes NaN and Infinity as null: the loader sees what a file could hold.
          // The engine check costs a few ms: run it on the first few hundred accepted files.
          tally[checkLoaderContract(JSON.stringify(tree), tally.accepted < 300)]++;
        },
      ),
      { numRuns: 3000 },
    );
    // Both outcomes occur, so the property is exercised on both sides of the contract.
    expect(tally.accepted).toBeGreaterThan(50);
    expect(tally.rejected).toBeGreaterThan(50);
  });

  it('text mutations (cut, inserted or replaced characters) never crash the loader', () => {
    fc.assert(
      fc.property(
        fc.nat(sources.length - 1),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.nat(20),
            fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('NaN', '1e999', '"', '}', ']', ',')),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        (which, edits) => {
          let text = sources[which];
          for (const [at, cut, insert] of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + insert + text.slice(i + cut);
          }
          checkLoaderContract(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('every prefix of a valid file (a truncated save) is rejected', () => {
    const text = sources[0];
    for (let cut = 0; cut < text.length; cut += 7) {
      const outcome = checkLoaderContract(text.slice(0, cut));
      expect(outcome).toBe('rejected');
    }
  });
});
