// Messages in the user's words. The session and the IPC gate write their errors for logs and the CLI: they name
// the channel and the record's path ("edit:apply: set c4.radius: expected a positive number, got -10"), which is
// what a developer needs and what a user should never read. These turn a field's rule into a sentence ("radius
// must be more than 0") and a refusal into one without channel names or ids (ids become display names).

import { allChannels } from './contract';
import { shownSetValue } from './command-subject';
import { displayNames } from './display-names';
import type { Drawing } from './drawing';
import type { EditCommand } from './edit-commands';
import type { Schema } from './schema';
import { formatQuantity, type Unit } from './units';

/**
 * Why `value` (the record's, in its own unit) is not valid for a field with this schema, as the user would say it
 * ("radius must be more than 0"); null when the schema accepts it. Bounds are shown in the field's unit.
 */
export function fieldProblem(
  label: string,
  schema: Schema<unknown>,
  value: unknown,
  unit: Unit,
): string | null {
  try {
    schema.parse(value);
    return null;
  } catch {
    // The schema's own bounds say which rule the value broke; its message is in the developer's words.
  }
  const rule = schema.jsonSchema();
  const bound = (n: number) => (n === 0 ? '0' : formatQuantity(unit, n));
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${label} must be a number`;
  if (typeof rule.exclusiveMinimum === 'number' && value <= rule.exclusiveMinimum)
    return `${label} must be more than ${bound(rule.exclusiveMinimum)}`;
  if (typeof rule.minimum === 'number' && value < rule.minimum)
    return `${label} must be at least ${bound(rule.minimum)}`;
  if (typeof rule.maximum === 'number' && value > rule.maximum)
    return `${label} must be at most ${bound(rule.maximum)}`;
  if (rule.type === 'integer') return `${label} must be a whole number`;
  return `${label} cannot be ${formatQuantity(unit, value)}`;
}

const CHANNEL_PREFIX = new RegExp(
  `^(?:${Object.keys(allChannels)
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')}): `,
);
/**
 * The command word the session puts before a refusal ("set c4.radius: ", "add: ", "delete: "), or the path of a
 * record being added ("add.constraints[0].bar: ": the record the user just asked for).
 */
const COMMAND_PREFIX =
  /^(?:(?:set|add|delete|rename|define|label)(?: [^\s:]+)?|add\.[a-z]+\[\d+\](?:\.[\w.[\]]+)?): /;

/**
 * An error from the session (through the IPC gate) as the user reads it: without the channel's name or the
 * command's path, every id the drawing holds replaced by its display name ("the constraints cannot all be met:
 * crank, coupler cannot close (pin 1, distance 2)"). Given the command refused, its subject goes too ("c4 radius
 * 200: ", in the record's unit): the message then stands beside the field that asked for it.
 */
export function userMessage(error: unknown, drawing: Drawing, command?: EditCommand): string {
  let text = error instanceof Error ? error.message : String(error);
  text = text.replace(CHANNEL_PREFIX, '').replace(COMMAND_PREFIX, '');
  if (command?.type === 'set') {
    const subject = ` ${command.field} ${shownSetValue(command, drawing)}: `;
    const at = text.indexOf(subject);
    if (at >= 0 && !text.slice(0, at).includes(':')) text = text.slice(at + subject.length);
  }
  const names = displayNames(drawing);
  // An id as the engine quotes a value ("c7") is named without the quotes.
  text = text.replace(/"([^"\s]+)"/g, (whole, id: string) => names.get(id) ?? whole);
  // Ids are quoted or stand between spaces, commas, brackets and dots; an id never contains those in the files
  // the tools make, and a name that does is left as it is.
  return text.replace(/(^|[\s,(.'])([^\s,().':]+)(?=$|[\s,).':])/g, (whole, before: string, word: string) => {
    const name = names.get(word);
    return name === undefined ? whole : `${before}${name}`;
  });
}
