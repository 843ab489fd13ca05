// The expressions of a drawing (issue 31): parameters and dimensions computed from named values in dependency order,
// in the units the UI shows; unknown names, cycles, syntax errors, bounds and refused values said where.

import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Constraint, type Drawing, type Parameter } from '../shared/drawing';
import { resolveExpressions, usersOf } from './parameters';
import { SchemaError } from '../shared/schema';

const param = (id: string, name: string, value: number, extra: Partial<Parameter> = {}): Parameter => ({
  id,
  name,
  value,
  unit: 'mm',
  ...extra,
});

/** A segment with a distance between its ends and an angle to the x axis, and the parameters given. */
function drawing(
  parameters: Parameter[],
  distance: Partial<Constraint> = {},
  angle: Partial<Constraint> = {},
) {
  const d: Drawing = emptyDrawing();
  d.curves.push({ kind: 'segment', id: 's', a: [0, 0], b: [10, 0] });
  d.constraints.push({
    kind: 'distance',
    id: 'k1',
    a: { curve: 's', anchor: 'start' },
    b: { curve: 's', anchor: 'end' },
    length: 10,
    ...distance,
  } as Constraint);
  d.constraints.push({ kind: 'angle', id: 'k2', lines: ['s'], angle: 0.5, ...angle } as Constraint);
  if (parameters.length) d.parameters = parameters;
  return d;
}

function refusal(d: Drawing): string {
  try {
    resolveExpressions(d);
  } catch (error) {
    if (error instanceof SchemaError) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('resolveExpressions', () => {
  it('evaluates in dependency order whatever the list order, writing values into new records', () => {
    const d = drawing(
      [param('p1', 'b', 0, { expression: '= a + 1' }), param('p2', 'a', 4)],
      { expression: '= 2*b + a', name: 'dist' },
      { expression: 'dist * 3' },
    );
    const before = d.parameters![0];
    const beforeK = d.constraints[0];
    resolveExpressions(d);
    expect(d.parameters![0].value).toBe(5);
    expect(before.value).toBe(0); // the old record left whole
    expect(d.constraints[0]).toMatchObject({ length: 14 });
    expect(beforeK).toMatchObject({ length: 10 });
    // An angle dimension's expression gives degrees: 42° stored as radians.
    expect((d.constraints[1] as { angle: number }).angle).toBeCloseTo((42 * Math.PI) / 180, 12);
  });

  it("reads a 'deg' parameter and an angle dimension's name in degrees", () => {
    const d = drawing(
      [param('p1', 'tilt', Math.PI / 6, { unit: 'deg' })],
      { expression: 'tilt + half' },
      { name: 'half', expression: 'tilt / 2' },
    );
    resolveExpressions(d);
    expect((d.constraints[1] as { angle: number }).angle).toBeCloseTo(Math.PI / 12, 12);
    expect((d.constraints[0] as { length: number }).length).toBeCloseTo(45, 12);
  });

  it('keeps an angle dimension turning the way it turns', () => {
    const d = drawing([], {}, { angle: -0.5, expression: '30' });
    resolveExpressions(d);
    expect((d.constraints[1] as { angle: number }).angle).toBeCloseTo(-Math.PI / 6, 12);
  });

  it('refuses an unknown name at its column (counted in the expression as written)', () => {
    expect(refusal(drawing([param('p1', 'a', 1)], { expression: '= 2*crank' }))).toBe(
      'constraints[0].expression: unknown name "crank" at column 5',
    );
  });

  it('orders a chain deeper than the recursion limit', () => {
    const n = 50_000;
    const chain = Array.from({ length: n }, (_, i) =>
      param(`v${i}`, `p${i}`, 0, i < n - 1 ? { expression: `p${i + 1} + 1` } : {}),
    );
    const d = drawing(chain);
    resolveExpressions(d);
    expect(d.parameters![0].value).toBe(n - 1);
  });

  it('refuses a cycle naming its chain', () => {
    const d = drawing([
      param('p1', 'a', 1, { expression: 'b + 1' }),
      param('p2', 'b', 1, { expression: '2*a' }),
    ]);
    expect(refusal(d)).toBe('parameters[0].expression: "a" depends on itself: a → b → a');
    expect(refusal(drawing([param('p1', 'a', 1, { expression: 'a' })]))).toBe(
      'parameters[0].expression: "a" depends on itself: a → a',
    );
  });

  it('refuses a syntax error with its column', () => {
    expect(refusal(drawing([param('p1', 'a', 1)], { expression: '=2*(a' }))).toBe(
      'constraints[0].expression: unbalanced parenthesis at column 4',
    );
    expect(refusal(drawing([param('p1', 'a', 1, { expression: '2 +* 3' })]))).toMatch(
      /^parameters\[0\]\.expression: .* at column 4$/,
    );
  });

  it('refuses a value the dimension refuses, saying the value as shown', () => {
    expect(refusal(drawing([param('p1', 'a', 1)], { kind: 'length', expression: 'a - 4' } as never))).toBe(
      'constraints[0].expression: "a - 4" = -3 mm: expected a positive number, got -3',
    );
  });

  it('refuses a parameter outside its bounds, in its unit', () => {
    expect(refusal(drawing([param('p1', 'a', 400, { max: 300 })]))).toBe(
      'parameters[0].value: 400 mm is above its maximum 300 mm',
    );
    expect(refusal(drawing([param('p1', 't', -0.1, { unit: 'deg', min: 0 })]))).toBe(
      'parameters[0].value: -5.73° is below its minimum 0°',
    );
    expect(refusal(drawing([param('p1', 'a', 2), param('p2', 'b', 0, { min: 5, expression: 'a' })]))).toBe(
      'parameters[1].value: 2 mm is below its minimum 5 mm',
    );
  });

  it('refuses names the language owns and names used twice', () => {
    expect(refusal(drawing([param('p1', 'pi', 1)]))).toBe(
      'parameters[0].name: "pi" is a name of the expression language',
    );
    expect(refusal(drawing([param('p1', 'a', 1)], { name: 'a' }))).toBe(
      'constraints[0].name: duplicate name "a" (also parameters[0])',
    );
  });

  it('lists who uses a name', () => {
    const d = drawing([param('p1', 'a', 1), param('p2', 'b', 1, { expression: 'a*2' })], {
      expression: 'a+b',
    });
    expect(usersOf(d, 'a')).toEqual(['parameters[1]', 'constraints[0]']);
    expect(usersOf(d, 'b')).toEqual(['constraints[0]']);
  });

  it('leaves a drawing without expressions alone', () => {
    const d = drawing([param('p1', 'a', 1)]);
    const copy = structuredClone(d);
    resolveExpressions(d);
    expect(d).toEqual(copy);
  });
});
