// What an edit command was, as its refusal names it ("crank length 200: the constraints cannot all be met …"): the
// session writes it before the reason, and the page, which knows the command it sent, takes it off again
// (user-message.ts) to show the reason beside the field that asked. Written once, so the two always agree. The
// value reads as the field shows it: rounded in its unit, an angle in degrees ("tilt angle 30°").

import type { Drawing } from './drawing';
import type { EditCommand, ParameterCommand, SetCommand } from './edit-commands';
import { fieldUnit } from './field-units';
import { formatValue } from './units';
import { parameterQuantity } from './parameter-units';
import { expressionShown } from './dimension-value';

/** The value a `set` sends, as its field shows it: "200", "30°", "0.5", "true". */
export function shownSetValue(command: SetCommand, drawing: Drawing): string {
  if (typeof command.value === 'boolean') return String(command.value);
  const curve = drawing.curves.find((c) => c.id === command.id);
  const constraint = curve ? undefined : drawing.constraints.find((k) => k.id === command.id);
  const unit = fieldUnit(
    curve ? { curve: curve.kind } : constraint ? { constraint: constraint.kind } : 'spring',
    command.field,
  );
  const shown = formatValue(unit, command.value);
  return unit === 'angle' ? `${shown}°` : shown;
}

/** What the edit was, as the user would say it: "crank length 200", "tilt angle 30°", "add". */
export function commandSubject(command: EditCommand, drawing: Drawing): string {
  if (command.type === 'parameter') return parameterSubject(command, drawing);
  if (command.type !== 'set') return command.type;
  const curve = drawing.curves.find((c) => c.id === command.id);
  return `${curve?.name || command.id} ${command.field} ${shownSetValue(command, drawing)}`;
}

/** A parameter edit as the user would say it: "crank 400 mm", "tilt = 2*a", "parameter crank". */
function parameterSubject(command: ParameterCommand, drawing: Drawing): string {
  const p = drawing.parameters?.find((one) => one.id === command.id);
  const name = command.name ?? p?.name ?? command.id;
  if (command.expression) return `${name} = ${expressionShown(command.expression)}`;
  if (command.value === undefined) return `parameter ${name}`;
  return `${name} ${parameterQuantity({ unit: command.unit ?? p?.unit ?? 'none' }, command.value)}`;
}
