// How a constraint reads in the constraints list: what it holds (the names of its curves, "— seg3" or
// "— c1, c2") and, for a dimension, its value ("25 mm", "⌀ 20 mm", "30°").

import type { Constraint, Drawing } from '../../shared/drawing';
import { referencedCurves } from '../../shared/references';
import { formatNumber } from './dom';

/** The curves a constraint holds, by name (or id), each once, in the record's order. */
export function constraintTargets(k: Constraint, drawing: Drawing): string {
  const names = new Map(drawing.curves.map((c) => [c.id, c.name ?? c.id]));
  return [...new Set(referencedCurves(k))].map((id) => names.get(id) ?? id).join(', ');
}

/** A dimension's value with its unit; '' for a constraint that has none. */
export function constraintValue(k: Constraint): string {
  const mm = (v: number) => `${formatNumber(Number(v.toFixed(3)))} mm`;
  switch (k.kind) {
    case 'distance':
    case 'length':
      return mm(k.length);
    case 'point-line-distance':
      return mm(k.distance);
    case 'radius':
      return k.diameter ? `⌀ ${mm(2 * k.radius)}` : `R ${mm(k.radius)}`;
    case 'angle':
      return `${formatNumber(Number(((k.angle * 180) / Math.PI).toFixed(2)))}°`;
    default:
      return '';
  }
}

/** The row's second part: "— c1, c2" with the value after it when there is one ("— c1 · 25 mm"). */
export function constraintSummary(k: Constraint, drawing: Drawing): string {
  const value = constraintValue(k);
  return `— ${constraintTargets(k, drawing)}${value ? ` · ${value}` : ''}`;
}
