// How a constraint reads in the constraints list: what it holds (the names of its curves, "— segment 3" or
// "— crank, circle 2") and, for a dimension or a motor, its value ("25 mm", "⌀ 20 mm", "30°", "60 rpm"), in the
// units and the precision every other number is shown in (units.ts).

import { assertNever } from '../../shared/assert-never';
import { dimensionWithExpression } from '../../shared/dimension-value';
import type { Constraint, Drawing } from '../../shared/drawing';
import { displayNames } from '../../shared/display-names';
import { referencedCurves } from '../../shared/references';
import { formatQuantity } from '../../shared/units';

/** The curves a constraint holds, by display name, each once, in the record's order. */
export function constraintTargets(k: Constraint, drawing: Drawing, names = displayNames(drawing)): string {
  return [...new Set(referencedCurves(k))].map((id) => names.get(id) ?? id).join(', ');
}

/** A dimension's value with its unit; '' for a constraint that has none. */
export function constraintValue(k: Constraint): string {
  switch (k.kind) {
    case 'distance':
    case 'length':
    case 'point-line-distance':
    case 'radius':
    case 'angle':
      // As the canvas shows it: an angle's size (its direction is the drawing's), a diameter doubled.
      return dimensionWithExpression(k);
    case 'motor':
      return formatQuantity('rpm', k.rpm);
    case 'attach':
    case 'on-curve':
    case 'pin':
    case 'horizontal':
    case 'vertical':
    case 'parallel':
    case 'perpendicular':
    case 'tangent':
    case 'equal':
    case 'symmetric':
    case 'midpoint':
    case 'concentric':
      return '';
    default:
      return assertNever(k);
  }
}

/** The row's second part: "— c1, c2" with the value after it when there is one ("— c1 · 25 mm"). */
export function constraintSummary(k: Constraint, drawing: Drawing, names = displayNames(drawing)): string {
  const value = constraintValue(k);
  return `— ${constraintTargets(k, drawing, names)}${value ? ` · ${value}` : ''}`;
}
