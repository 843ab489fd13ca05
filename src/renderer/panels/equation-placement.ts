// Where a new equation curve goes: at the centre of the view, so it appears where the user is looking.

import type { EquationDefinition, Vec2 } from '../../shared/drawing';

/** A new curve's parameters: the definition's values, with its cx, cy (when it has them) at `center`. */
export function newCurveParams(def: EquationDefinition, center: Vec2): Record<string, number> {
  const params = Object.fromEntries(def.params.map((p) => [p.name, p.value]));
  if (Object.hasOwn(params, 'cx') && Object.hasOwn(params, 'cy')) {
    params.cx = center[0];
    params.cy = center[1];
  }
  return params;
}
