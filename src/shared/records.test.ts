// The records' schemas: `check` (no copy, what the engine's build uses) and `parse` (the loader's and the gate's)
// must agree on every value, to the letter of the error; and the rules between fields hold for both.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as r from './records';
import { check, type Schema } from './schema';

function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

/** One valid record of each kind. */
const VALID: Record<string, unknown>[] = [
  { kind: 'point', id: 'p', at: [0, 0] },
  { kind: 'circle', id: 'my circle', center: [1, 2], radius: 3 },
  { kind: 'arc', id: 'a', center: [1, 2], radius: 3, start: 0, sweep: 1 },
  {
    kind: 'spline',
    id: 's',
    points: [
      [0, 0],
      [1, 1],
    ],
    closed: false,
  },
  { kind: 'equation', id: 'e', definition: 'eq', params: { a: 1 } },
  { kind: 'pin', id: 'k', point: { curve: 'c', u: 0.5 }, at: [0, 0] },
  { kind: 'distance', id: 'd', a: { curve: 'c', anchor: 'start' }, b: { curve: 'c', u: 1 }, length: 2 },
  { kind: 'motor', id: 'm', bar: 'b', rpm: 1, angle: 0, running: true },
  { id: 's1', a: { curve: 'c', u: 0 }, b: { curve: 'd', u: 1 }, stiffness: 1, rest: 0 },
  { id: 't1', point: { curve: 'c', u: 0 }, points: [[0, 0]] },
  { center: [0, 0], zoom: 1 },
];
const value = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -1, 0.5, 2, 1e9, 1e10, 5e-324, '', 'x', 'middle', null, true),
  fc.constantFrom([0], [0, 1, 2], [0, 'a'], { curve: 'c' }, { curve: 'c', u: 0, anchor: 'end' }, { a: NaN }),
);
const key = fc.constantFrom(
  'kind',
  'id',
  'at',
  'center',
  'radius',
  'points',
  'params',
  'point',
  'a',
  'bar',
  'pivot',
  'rpm',
  'running',
  'stiffness',
  'zoom',
  'extra',
  'u',
  'curve',
  'anchor',
);
/** A valid record with one fault: a field set to a random value, deleted, or set inside a nested value. */
const nearRecord = fc
  .tuple(fc.constantFrom(...VALID), key, value, fc.constantFrom('set', 'delete', 'nested'))
  .map(([record, k, v, how]) => {
    const copy = structuredClone(record) as Record<string, unknown>;
    if (how === 'delete') delete copy[k];
    else if (how === 'set') copy[k] = v;
    else {
      const inner = Object.values(copy).find((x) => typeof x === 'object' && x !== null) as
        Record<string, unknown> | undefined;
      if (inner) inner[k] = v;
    }
    return copy;
  });

const schemas: [string, Schema<unknown>][] = [
  ['curve', r.curve],
  ['constraint', r.constraint],
  ['spring', r.spring],
  ['trace', r.trace],
  ['view', r.view],
];

describe('check and parse agree', () => {
  it.each(schemas)('%s: the same verdict and message on random near-records', (_name, schema) => {
    fc.assert(
      fc.property(nearRecord, (value) => {
        expect(outcome(() => check(schema, value, 'x'))).toBe(outcome(() => schema.parse(value, 'x')));
      }),
      { numRuns: 1000 },
    );
  });

  it('both refuse a motor naming a bar and a point, and an equation running backwards', () => {
    const motor = {
      kind: 'motor',
      id: 'm',
      bar: 'b',
      point: { curve: 'p', u: 0 },
      pivot: { curve: 'q', u: 0 },
      rpm: 1,
      angle: 0,
      running: true,
    };
    const message = 'constraints[0]: expected either bar or point and pivot, not both';
    expect(() => check(r.constraint, motor, 'constraints[0]')).toThrow(message);
    expect(() => r.constraint.parse(motor, 'constraints[0]')).toThrow(message);
    const backwards = { id: 'e', name: '', x: 'u', y: 'u', u0: 1, u1: 0, closed: false, params: [] };
    expect(() => check(r.equationDefinition, backwards, 'eq')).toThrow(
      'eq.u1: expected a number greater than u0 (1), got 0',
    );
  });

  it("both take a spring's other end on a curve (b) or the paper (at), exactly one of them", () => {
    const base = { id: 's', a: { curve: 'c', anchor: 'start' }, stiffness: 1, rest: 0 };
    const onCurve = { ...base, b: { curve: 'd', u: 0.5 } };
    const onPaper = { ...base, at: [3, -4] };
    for (const ok of [onCurve, onPaper]) {
      expect(() => check(r.spring, ok, 'springs[0]')).not.toThrow();
      expect(r.spring.parse(ok, 'springs[0]')).toEqual(ok);
    }
    const neither = 'springs[0].b: missing (or at: a point on the paper)';
    expect(() => check(r.spring, base, 'springs[0]')).toThrow(neither);
    expect(() => r.spring.parse(base, 'springs[0]')).toThrow(neither);
    const both = 'springs[0].at: a spring ends on a curve (b) or the paper (at), not both';
    expect(() => check(r.spring, { ...onCurve, at: [0, 0] }, 'springs[0]')).toThrow(both);
    expect(() => r.spring.parse({ ...onCurve, at: [0, 0] }, 'springs[0]')).toThrow(both);
  });
});

describe('an angle’s directions', () => {
  it('are one or two: lines, then the tangent at `at`', () => {
    const at = { curve: 'c', u: 0.3 };
    const angle = (lines: string[], withAt: boolean) => ({
      kind: 'angle',
      id: 'k',
      lines,
      ...(withAt ? { at } : {}),
      angle: 0.5,
    });
    expect(() => r.constraint.parse(angle(['a'], false))).not.toThrow();
    expect(() => r.constraint.parse(angle(['a'], true))).not.toThrow();
    expect(() => r.constraint.parse(angle([], true))).not.toThrow();
    expect(() => r.constraint.parse(angle([], false), 'k')).toThrow(
      'k.lines: expected one or two directions (lines, then at), got 0',
    );
    expect(() => r.constraint.parse(angle(['a', 'b'], true), 'k')).toThrow(
      'k.lines: expected one or two directions (lines, then at), got 3',
    );
  });
});
