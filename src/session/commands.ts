// Edit commands applied to the drawing as data. What a command may say is the records' own rule
// (src/shared/records.ts, through the edit command and field schemas); whether the drawing it leaves could be
// saved and opened again is the file loader's own check (checkDrawing), run on the result. So the session accepts
// exactly what the file format accepts. A failure may leave the drawing half-changed: the caller (the session)
// took a mark before the command and restores it, so one copy of the drawing serves undo and refusal alike.
// Errors are one line naming the command and the offending id or field.

import { applyCurveState, curveStateOf } from '../engine';
import { FormatError, checkDrawing } from '../document/validate';
import type { Constraint, Curve, Drawing, Spring, Trace, TraceRecord } from '../shared/drawing';
import { SchemaError } from '../shared/schema';
import { emptyTrail } from '../shared/trail';
import { compactTrace } from '../shared/trace-records';
import {
  CONSTRAINT_FIELD_SCHEMAS,
  curveFieldNames,
  SPRING_FIELD_SCHEMAS,
  curveFieldSchema,
  type AddCommand,
  type DefineCommand,
  type DeleteCommand,
  type EditCommand,
  type LabelCommand,
  type RenameCommand,
  type SetCommand,
  type TraceCommand,
} from '../shared/edit-commands';
import { isDimension } from '../shared/dimension-value';
import { RECORD_LISTS, referencedCurves, type RecordList } from '../shared/references';
import { tieBarLengths } from './bar-lengths';

/** A short label for the history entry and the Edit menu ("Undo Add circle"). */
export function describeCommand(command: EditCommand): string {
  switch (command.type) {
    case 'add': {
      const first =
        command.curves?.[0]?.kind ??
        command.constraints?.[0]?.kind ??
        (command.springs?.length ? 'spring' : command.traces?.length ? 'trace' : 'equation');
      return `Add ${first}`;
    }
    case 'delete':
      return 'Delete';
    case 'set':
      return `Set ${command.field}`;
    case 'rename':
      return 'Rename';
    case 'define':
      return 'Edit equation';
    case 'label':
      return 'Move dimension';
    case 'trace':
      return command.clear ? 'Clear trace' : 'Trace colour';
  }
}

function applyAdd(drawing: Drawing, command: AddCommand): void {
  if (RECORD_LISTS.every((list) => !command[list]?.length)) throw new Error('add: nothing to add');
  for (const list of RECORD_LISTS) {
    const added = command[list];
    if (!added?.length) continue;
    if (list === 'traces') drawing.traces.push(...command.traces!.map(addedTrace));
    else (drawing[list] as unknown[]).push(...structuredClone(added));
  }
}

/** An added trace as memory keeps it: thinned, or refused (naming `add.traces[i].points`) when still too long. */
function addedTrace(record: TraceRecord, index: number): Trace {
  const path = `add.traces[${index}].points`;
  try {
    return compactTrace(record, path);
  } catch (error) {
    if (error instanceof SchemaError) throw new Error(error.message);
    throw error;
  }
}

function allIds(drawing: Drawing): Set<string> {
  const ids = new Set<string>();
  for (const list of RECORD_LISTS) for (const item of drawing[list]) ids.add(item.id);
  return ids;
}

function applyDelete(drawing: Drawing, command: DeleteCommand): void {
  const existing = allIds(drawing);
  for (const id of command.ids) if (!existing.has(id)) throw new Error(`delete: unknown id '${id}'`);
  const gone = new Set(command.ids);
  const curveGone = (item: Constraint | Spring | Drawing['traces'][number]) =>
    referencedCurves(item).some((id) => gone.has(id));
  const used = new Set(
    drawing.curves.flatMap((c) => (c.kind === 'equation' && !gone.has(c.id) ? [c.definition] : [])),
  );
  const orphan = command.ids.find((id) => used.has(id));
  if (orphan) throw new Error(`delete: equation '${orphan}' is used by a curve`);
  drawing.curves = drawing.curves.filter((c) => !gone.has(c.id));
  drawing.constraints = drawing.constraints.filter((k) => !gone.has(k.id) && !curveGone(k));
  drawing.springs = drawing.springs.filter((sp) => !gone.has(sp.id) && !curveGone(sp));
  drawing.traces = drawing.traces.filter((t) => !gone.has(t.id) && !curveGone(t));
  drawing.equations = drawing.equations.filter((e) => !gone.has(e.id));
}

function setCurveField(drawing: Drawing, curve: Curve, command: SetCommand): void {
  const where = `set ${curve.id}.${command.field}`;
  const schema = curveFieldSchema(curve, command.field, drawing);
  if (!schema) throw new Error(`${where}: a ${curve.kind} has no such field`);
  const value = schema.parse(command.value, where);
  if (curve.kind === 'bar' && command.field === 'length') {
    curve.length = value;
    return;
  }
  if (curve.kind === 'segment' && command.field === 'length') {
    // The end moves along the segment, its start stays (a zero-length segment has no direction: along x).
    const [dx, dy] = [curve.b[0] - curve.a[0], curve.b[1] - curve.a[1]];
    const now = Math.hypot(dx, dy);
    const [ux, uy] = now > 0 ? [dx / now, dy / now] : [1, 0];
    curve.b = [curve.a[0] + ux * value, curve.a[1] + uy * value];
    return;
  }
  if (curve.kind === 'equation' && Object.hasOwn(curve.params, command.field)) {
    curve.params[command.field] = value;
    return;
  }
  const state = curveStateOf(curve, drawing);
  state[curveFieldNames(curve, drawing).indexOf(command.field)] = value;
  applyCurveState(curve, state, drawing);
}

function setConstraintField(k: Constraint, command: SetCommand): void {
  const where = `set ${k.id}.${command.field}`;
  const fields = CONSTRAINT_FIELD_SCHEMAS[k.kind];
  if (!Object.hasOwn(fields, command.field))
    throw new Error(`${where}: a ${k.kind} constraint has no such field`);
  const value = fields[command.field].parse(command.value, where);
  if (k.kind === 'pin') k.at[command.field === 'x' ? 0 : 1] = value as number;
  else (k as unknown as Record<string, number | boolean>)[command.field] = value;
}

function setSpringField(sp: Spring, command: SetCommand): void {
  const where = `set ${sp.id}.${command.field}`;
  if (!Object.hasOwn(SPRING_FIELD_SCHEMAS, command.field))
    throw new Error(`${where}: a spring has no such field`);
  (sp as unknown as Record<string, number | boolean>)[command.field] = SPRING_FIELD_SCHEMAS[
    command.field
  ].parse(command.value, where);
}

function applySet(drawing: Drawing, command: SetCommand): void {
  const curve = drawing.curves.find((c) => c.id === command.id);
  if (curve) return setCurveField(drawing, curve, command);
  const constraint = drawing.constraints.find((k) => k.id === command.id);
  if (constraint) return setConstraintField(constraint, command);
  const spring = drawing.springs.find((sp) => sp.id === command.id);
  if (spring) return setSpringField(spring, command);
  throw new Error(`set: unknown id '${command.id}'`);
}

function applyRename(drawing: Drawing, command: RenameCommand): void {
  const curve = drawing.curves.find((c) => c.id === command.id);
  if (!curve) throw new Error(`rename: unknown curve '${command.id}'`);
  if (command.name) curve.name = command.name;
  else delete curve.name;
}

function applyDefine(drawing: Drawing, command: DefineCommand): void {
  const { definition } = command;
  const index = drawing.equations.findIndex((e) => e.id === definition.id);
  if (index < 0) throw new Error(`define: unknown equation '${definition.id}'`);
  drawing.equations[index] = structuredClone(definition);
  for (const curve of drawing.curves) {
    if (curve.kind !== 'equation' || curve.definition !== definition.id) continue;
    const params: Record<string, number> = {};
    for (const p of definition.params) params[p.name] = curve.params[p.name] ?? p.value;
    curve.params = params;
  }
}

function applyLabel(drawing: Drawing, command: LabelCommand): void {
  const k = drawing.constraints.find((c) => c.id === command.id);
  if (!k) throw new Error(`label: unknown constraint '${command.id}'`);
  if (!isDimension(k)) throw new Error(`label ${k.id}: a ${k.kind} constraint has no field label`);
  // Back where the editor places it: no label in the record (as a dimension never moved).
  if (command.offset[0] === 0 && command.offset[1] === 0) delete k.label;
  else k.label = [command.offset[0], command.offset[1]];
}

function applyTrace(drawing: Drawing, command: TraceCommand): void {
  const trace = drawing.traces.find((t) => t.id === command.id);
  if (!trace) throw new Error(`trace: unknown trace '${command.id}'`);
  // A new trail, the old one left whole for the history to put back (history.ts): nothing is copied.
  if (command.clear) trace.points = emptyTrail();
  if (command.color !== undefined) trace.color = command.color;
}

function mutate(drawing: Drawing, command: EditCommand): void {
  switch (command.type) {
    case 'add':
      return applyAdd(drawing, command);
    case 'delete':
      return applyDelete(drawing, command);
    case 'set':
      return applySet(drawing, command);
    case 'rename':
      return applyRename(drawing, command);
    case 'define':
      return applyDefine(drawing, command);
    case 'label':
      return applyLabel(drawing, command);
    case 'trace':
      return applyTrace(drawing, command);
  }
}

/**
 * The loader's problem said the way the command said it: a record the command added sits past the drawing's old
 * end of its list, so `constraints[12].a.curve` is `add.constraints[0].a.curve` when the drawing had 12
 * constraints; the definition a `define` replaced is `define.definition`.
 */
function commandError(error: FormatError, command: EditCommand, before: Record<RecordList, number>): string {
  const found = /^(\w+)\[(\d+)\](.*)$/.exec(error.path);
  if (found && (RECORD_LISTS as readonly string[]).includes(found[1])) {
    const list = found[1] as RecordList;
    const index = Number(found[2]);
    if (command.type === 'add' && index >= before[list])
      return `add.${list}[${index - before[list]}]${found[3]}: ${error.detail}`;
  }
  return `${command.type}: ${error.message}`;
}

/**
 * Applies the command to the drawing (mutating it) and checks that the result could be saved and opened again;
 * throws when either fails, and the caller restores the mark it took before.
 */
export function applyCommand(drawing: Drawing, command: EditCommand): void {
  const before = Object.fromEntries(RECORD_LISTS.map((l) => [l, drawing[l].length])) as Record<
    RecordList,
    number
  >;
  try {
    mutate(drawing, command);
    tieBarLengths(drawing, command);
    checkDrawing(drawing);
  } catch (error) {
    if (error instanceof FormatError) throw new Error(commandError(error, command, before));
    throw error;
  }
}
