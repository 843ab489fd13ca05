// assertNever is a compile-time guard: the functions below show that a switch missing a kind does not compile
// (`npm run typecheck` fails if the expected errors go away), and what it does with a value the types did not foresee.
import { describe, expect, it } from 'vitest';
import { assertNever } from './assert-never';
import type { Constraint, CurveKind } from './drawing';

/** Every curve kind handled: compiles. */
function corners(kind: CurveKind): number {
  switch (kind) {
    case 'point':
      return 1;
    case 'segment':
    case 'bar':
      return 2;
    case 'circle':
    case 'arc':
    case 'ellipse':
    case 'bezier':
    case 'spline':
    case 'equation':
      return 0;
    default:
      return assertNever(kind);
  }
}

/** A curve kind forgotten: the value reaching `default` is not `never`, and that is a compile error. */
function forgetsEquations(kind: CurveKind): number {
  switch (kind) {
    case 'point':
    case 'segment':
    case 'bar':
    case 'circle':
    case 'arc':
    case 'ellipse':
    case 'bezier':
    case 'spline':
      return 0;
    default:
      // @ts-expect-error 'equation' is not handled
      return assertNever(kind);
  }
}

/** The same over the records: a constraint kind forgotten does not compile either. */
function forgetsMotors(k: Constraint): string {
  switch (k.kind) {
    case 'attach':
    case 'on-curve':
    case 'pin':
    case 'distance':
    case 'horizontal':
    case 'vertical':
    case 'parallel':
    case 'perpendicular':
    case 'angle':
    case 'tangent':
    case 'equal':
    case 'symmetric':
    case 'midpoint':
    case 'concentric':
    case 'point-line-distance':
    case 'radius':
    case 'length':
      return k.id;
    default:
      // @ts-expect-error 'motor' is not handled
      return assertNever(k);
  }
}

describe('assertNever', () => {
  it('is never reached for the kinds a switch handles', () => {
    expect(corners('segment')).toBe(2);
    expect(forgetsEquations('spline')).toBe(0);
    expect(forgetsMotors({ kind: 'pin', id: 'p', point: { curve: 'c', anchor: 'start' }, at: [0, 0] })).toBe(
      'p',
    );
  });

  it('throws, naming the kind, for a value the types did not foresee (an unchecked record)', () => {
    expect(() => corners('spiral' as CurveKind)).toThrow("unexpected value 'spiral'");
    expect(() => forgetsMotors({ kind: 'motor', id: 'm', rpm: 1, angle: 0 } as Constraint)).toThrow(
      "unexpected kind 'motor'",
    );
    expect(() => assertNever('x' as never, 'kind: unknown curve kind')).toThrow('kind: unknown curve kind');
  });
});
