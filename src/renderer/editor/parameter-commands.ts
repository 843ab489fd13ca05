// What the Parameters panel sends (panels/parameters-panel.ts): a new parameter, and what the user typed into a
// parameter's fields as its `parameter` edit, in the unit shown (mm, degrees). Pure, on the mirror's drawing.

import type { Drawing, Parameter, ParameterUnit } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import { parameterShown, parameterStored } from '../../shared/parameter-units';

/** The names taken: every parameter's and every named dimension's (one name space, document/parameters.ts). */
function takenNames(drawing: Drawing): Set<string> {
  const names = new Set((drawing.parameters ?? []).map((p) => p.name));
  for (const k of drawing.constraints) if ('name' in k && k.name) names.add(k.name);
  return names;
}

/** Add's parameter: the first free name of p1, p2 …, 10 mm. */
export function newParameter(drawing: Drawing, id: string): Parameter {
  const taken = takenNames(drawing);
  let n = 1;
  while (taken.has(`p${n}`)) n++;
  return { id, name: `p${n}`, value: 10, unit: 'mm' };
}

/**
 * What was typed as a parameter's value, in its unit as shown: a number sets it (and drops an expression), "= …"
 * makes it an expression; anything else is said (a string, nothing sent).
 */
export function parameterValueEdit(p: Parameter, text: string): EditCommand | string {
  const typed = text.trim();
  if (typed.startsWith('=')) return { type: 'parameter', id: p.id, expression: typed };
  const shown = Number(typed);
  if (typed === '' || !Number.isFinite(shown))
    return `${p.name} must be a number or "= expression", not "${typed}"`;
  return { type: 'parameter', id: p.id, value: parameterStored(p, shown) };
}

/** A unit chosen: the number shown stays (10 mm becomes 10°); one with an expression is computed again. */
export function parameterUnitEdit(p: Parameter, unit: ParameterUnit): EditCommand {
  if (p.expression !== undefined) return { type: 'parameter', id: p.id, unit };
  return { type: 'parameter', id: p.id, unit, value: parameterStored({ unit }, parameterShown(p)) };
}
