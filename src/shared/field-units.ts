// The unit of each settable field (edit-commands.ts names them): what the Properties panel shows next to a field
// and converts through (units.ts). Angles are the fields that turn: a bar's and an angle constraint's `angle`, an
// arc's `start` and `sweep`, an ellipse's `rotation`, a motor's `angle`.

import type { Constraint, CurveKind } from './drawing';
import type { Unit } from './units';

const ANGLE_FIELDS = new Set(['angle', 'start', 'sweep', 'rotation']);

/** What a record's field measures; `owner` says which list the record is in. */
export function fieldUnit(
  owner: { curve: CurveKind } | { constraint: Constraint['kind'] } | 'spring',
  field: string,
): Unit {
  if (owner === 'spring') return field === 'stiffness' ? 'stiffness' : 'mm';
  // An equation's parameters are whatever its expressions make of them: no unit is known.
  if ('curve' in owner && owner.curve === 'equation') return 'none';
  if ('constraint' in owner && owner.constraint === 'on-curve') return 'none';
  if (field === 'rpm') return 'rpm';
  return ANGLE_FIELDS.has(field) ? 'angle' : 'mm';
}
