// A cubic Bézier written as an equation curve (Bernstein form, eight free control coordinates): the expression
// tests and the expression benchmark compare it with the hand-written Bézier.
import type { EquationDefinition } from '../../shared/drawing';

export function bezierDefinition(id = 'bezier'): EquationDefinition {
  return {
    id,
    name: 'bezier',
    x: '(1 - u)^3 * x0 + 3 * (1 - u)^2 * u * x1 + 3 * (1 - u) * u^2 * x2 + u^3 * x3',
    y: '(1 - u)^3 * y0 + 3 * (1 - u)^2 * u * y1 + 3 * (1 - u) * u^2 * y2 + u^3 * y3',
    u0: 0,
    u1: 1,
    closed: false,
    params: (
      [
        ['x0', 0],
        ['y0', 0],
        ['x1', 10],
        ['y1', 20],
        ['x2', 30],
        ['y2', -5],
        ['x3', 40],
        ['y3', 10],
      ] as const
    ).map(([name, value]) => ({ name, value, free: true })),
  };
}
