// Edit commands applied to the drawing as data. What a command may say is the records' own rule
// (src/shared/records.ts, through the edit command and field schemas); whether the drawing it leaves could be
// saved and opened again is the file loader's own check (checkDrawing), run on the result. So the session accepts
// exactly what the file format accepts. A failure may leave the drawing half-changed: the caller (the session)
// took a mark before the command and restores it, so one copy of the drawing serves undo and refusal alike.
// Errors are one line naming the command and the offending id or field.

import { EngineError, applyCurveState, curveStateOf } from '../engine';
import { FormatError, checkDrawing } from '../document/validate';
import { resolveExpressions, usersOf } from '../document/parameters';
import type {
  Attractor,
  AttractorKind,
  Constraint,
  Curve,
  Drawing,
  Parameter,
  Spring,
  Trace,
  TraceRecord,
} from '../shared/drawing';
import { SchemaError, describeValue } from '../shared/schema';
import { emptyTrail } from '../shared/trail';
import { compactTrace } from '../shared/trace-records';
import {
  CONSTRAINT_FIELD_SCHEMAS,
  curveFieldNames,
  SPRING_FIELD_SCHEMAS,
  curveFieldSchema,
  curveFlagSchema,
  type AddCommand,
  type AttractorCommand,
  type DefineCommand,
  type DeleteCommand,
  type EditCommand,
  type ExpressionCommand,
  type ImageCommand,
  type LabelCommand,
  type ParameterCommand,
  type RenameCommand,
  type SetCommand,
  type TraceCommand,
} from '../shared/edit-commands';
import { isDimension } from '../shared/dimension-value';
import { DIMENSION_VALUE_FIELD } from '../shared/dimensions';
import { withArticle } from '../shared/article';
import { signedLike, sizedForm } from '../shared/curve-sizes';
import { displayName, kindWord } from '../shared/display-names';
import {
  RECORD_LISTS,
  WHOLE_LISTS,
  referencedCurves,
  type RecordList,
  type WholeList,
} from '../shared/references';
import { tieBarLength, tieBarLengths } from './bar-lengths';

/** A short label for the history entry and the Edit menu ("Undo Add circle"). */
export function describeCommand(command: EditCommand): string {
  switch (command.type) {
    case 'add': {
      if (RECORD_LISTS.every((list) => !command[list]?.length)) {
        if (command.images?.length) return 'Place image';
        if (command.attractors?.length) return ATTRACTOR_LABELS[command.attractors[0].kind];
        if (command.pointSets?.length) return 'Add points';
        if (command.parameters?.length) return 'Add parameter';
      }
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
    case 'image':
      return describeImageCommand(command);
    case 'attractor':
      return describeAttractorCommand(command);
    case 'parameter':
      return 'Edit parameter';
    case 'expression':
      return command.expression ? 'Set expression' : 'Clear expression';
    case 'batch':
      return command.label;
  }
}

/** An attractor edit's history label, by what it changes. */
function describeAttractorCommand(command: AttractorCommand): string {
  if (command.on !== undefined) return command.on ? 'Pull on' : 'Pull off';
  if (command.strength !== undefined) return 'Pull strength';
  if (command.loss !== undefined) return 'Fit loss';
  if (command.range !== undefined) return 'Capture range';
  return 'Move target';
}

/** An image edit's history label, by what it changes. */
function describeImageCommand(command: ImageCommand): string {
  if (command.width !== undefined) return 'Scale image';
  if (command.rotation !== undefined) return 'Rotate image';
  if (command.center !== undefined) return 'Move image';
  if (command.opacity !== undefined) return 'Image opacity';
  if (command.locked !== undefined) return command.locked ? 'Lock image' : 'Unlock image';
  return 'Rename image';
}

/** What adding an attractor of each kind is called in the history. */
const ATTRACTOR_LABELS: Record<AttractorKind, string> = {
  points: 'Fit to points',
  edges: 'Follow edges',
  target: 'Add target',
};

function applyAdd(drawing: Drawing, command: AddCommand): void {
  if (
    RECORD_LISTS.every((list) => !command[list]?.length) &&
    WHOLE_LISTS.every((list) => !command[list]?.length)
  )
    throw new Error('add: nothing to add');
  for (const list of WHOLE_LISTS) {
    const added = command[list];
    if (added?.length)
      (drawing as Record<WholeList, unknown[]>)[list] = [...(drawing[list] ?? []), ...structuredClone(added)];
  }
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
  for (const list of WHOLE_LISTS) for (const item of drawing[list] ?? []) ids.add(item.id);
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
  keepWhole(drawing, 'images', (image) => !gone.has(image.id));
  keepWhole(drawing, 'pointSets', (set) => !gone.has(set.id));
  refuseUsedParameters(drawing, gone);
  keepWhole(drawing, 'parameters', (p) => !gone.has(p.id));
  // An attractor goes with its point set or image, and with the last of its curves; one that loses some of its
  // curves is a copy without them (history keeps these records whole: history.ts).
  const attractors = (drawing.attractors ?? []).flatMap((a): Attractor[] => {
    if (
      gone.has(a.id) ||
      (a.kind === 'points' && gone.has(a.data)) ||
      (a.kind === 'edges' && gone.has(a.image))
    )
      return [];
    if (a.kind === 'target') return gone.has(a.point.curve) ? [] : [a];
    const curves = a.curves.filter((id) => !gone.has(id));
    if (curves.length === 0) return [];
    return curves.length === a.curves.length ? [a] : [{ ...a, curves }];
  });
  if (attractors.length) drawing.attractors = attractors;
  else delete drawing.attractors;
}

/**
 * Deleting a parameter an expression still uses is refused naming who uses it ("parameter "crank" is used by
 * distance 2"), unless that user goes too: the user rewrites or deletes the expression first.
 */
function refuseUsedParameters(drawing: Drawing, gone: ReadonlySet<string>): void {
  for (const p of drawing.parameters ?? []) {
    if (!gone.has(p.id)) continue;
    const users = usersOf(drawing, p.name).filter((path) => !gone.has(recordAt(drawing, path).id));
    if (users.length === 0) continue;
    throw new Error(`delete: parameter ${describeValue(p.name)} is used by ${userName(drawing, users[0])}`);
  }
}

/** The record at a resolver path ("parameters[2]", "constraints[5]"). */
function recordAt(drawing: Drawing, path: string): { id: string; name?: string } {
  const [, list, at] = /^(\w+)\[(\d+)\]/.exec(path)!;
  return list === 'parameters' ? drawing.parameters![Number(at)] : drawing.constraints[Number(at)];
}

/** A parameter or dimension as the user calls it: 'parameter "b"', "distance 2" (or its name). */
function userName(drawing: Drawing, path: string): string {
  const record = recordAt(drawing, path);
  if (path.startsWith('parameters')) return `parameter ${describeValue(record.name)}`;
  return record.name ?? displayName(drawing, record.id);
}

/** The drawing's whole list without the records `keep` refuses; no field when none is left. */
function keepWhole<K extends WholeList>(
  drawing: Drawing,
  list: K,
  keep: (record: NonNullable<Drawing[K]>[number]) => boolean,
): void {
  const records = drawing[list] as { id: string }[] | undefined;
  if (!records) return;
  const kept = records.filter((record) => keep(record as NonNullable<Drawing[K]>[number]));
  if (kept.length) (drawing as Record<WholeList, unknown>)[list] = kept;
  else delete drawing[list];
}

/** Changes one attractor: a changed copy in its place (history.ts keeps attractor records whole). */
function applyAttractor(drawing: Drawing, command: AttractorCommand): void {
  const index = drawing.attractors?.findIndex((a) => a.id === command.id) ?? -1;
  if (index < 0) throw new Error(`attractor: unknown pull '${command.id}'`);
  const a: Attractor = { ...drawing.attractors![index] };
  const refuse = (field: string) => {
    throw new Error(`attractor ${command.id}.${field}: a ${a.kind} pull has no ${field}`);
  };
  if (command.on !== undefined) a.on = command.on;
  if (command.strength !== undefined) a.strength = command.strength;
  if (command.loss !== undefined) {
    if (a.kind !== 'points') refuse('loss');
    else a.loss = command.loss;
  }
  if (command.range !== undefined) {
    if (a.kind !== 'edges') refuse('range');
    else a.range = command.range;
  }
  if (command.at !== undefined) {
    if (a.kind !== 'target') refuse('at');
    else a.at = [command.at[0], command.at[1]];
  }
  drawing.attractors = drawing.attractors!.map((one, i) => (i === index ? a : one));
}

function setCurveField(drawing: Drawing, curve: Curve, command: SetCommand): void {
  const where = `set ${curve.id}.${command.field}`;
  const flag = curveFlagSchema(curve, command.field);
  if (flag) {
    (curve as unknown as Record<string, boolean>)[command.field] = flag.parse(command.value, where);
    return;
  }
  const schema = curveFieldSchema(curve, command.field, drawing);
  if (!schema) throw new Error(`${where}: ${withArticle(curve.kind)} has no such field`);
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
  // The value is one of the curve as the user reads it (positive sizes: what Edit Value and the Properties panel
  // show), set on that form and written back in the curve's own signs: setting an arc's own size moves nothing.
  const sized = sizedForm(curve);
  const state = curveStateOf(sized, drawing);
  state[curveFieldNames(curve, drawing).indexOf(command.field)] = value;
  applyCurveState(sized, state, drawing);
  if (sized !== curve) signedLike(curve, sized);
}

function setConstraintField(k: Constraint, command: SetCommand): void {
  const where = `set ${k.id}.${command.field}`;
  const fields = CONSTRAINT_FIELD_SCHEMAS[k.kind];
  if (!Object.hasOwn(fields, command.field)) throw new Error(`${where}: ${aConstraint(k)} has no such field`);
  const value = fields[command.field].parse(command.value, where);
  // A number set over a dimension's expression replaces it, as in a spreadsheet (one edit, one undo).
  if (isDimension(k) && command.field === DIMENSION_VALUE_FIELD[k.kind]) delete k.expression;
  if (k.kind === 'pin') k.at[command.field === 'x' ? 0 : 1] = value as number;
  else (k as unknown as Record<string, number | boolean>)[command.field] = value;
}

/** "an attach constraint", "a bead constraint": a constraint's kind as the user reads it. */
function aConstraint(k: Constraint): string {
  return `${withArticle(kindWord(k.kind))} constraint`;
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
  const dimension = curve ? undefined : drawing.constraints.find((k) => k.id === command.id);
  if (dimension && isDimension(dimension)) {
    // A dimension's name is what expressions call it (checked as an identifier with the drawing).
    if (command.name) dimension.name = command.name;
    else delete dimension.name;
    return;
  }
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
  if (!isDimension(k)) throw new Error(`label ${k.id}: ${aConstraint(k)} has no field label`);
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

function applyImage(drawing: Drawing, command: ImageCommand): void {
  const index = drawing.images?.findIndex((i) => i.id === command.id) ?? -1;
  if (index < 0) throw new Error(`image: unknown image '${command.id}'`);
  // A new record, the old one left whole for the history to put back: its data is shared, never copied.
  const image = { ...drawing.images![index] };
  if (command.center) image.center = [command.center[0], command.center[1]];
  if (command.width !== undefined) image.width = command.width;
  if (command.rotation !== undefined) image.rotation = command.rotation;
  if (command.opacity !== undefined) image.opacity = command.opacity;
  if (command.locked !== undefined) image.locked = command.locked;
  if (command.name !== undefined) image.name = command.name;
  drawing.images = drawing.images!.map((one, i) => (i === index ? image : one));
}

/** Changes one parameter: a changed copy in its place (history.ts keeps parameter records whole). */
function applyParameter(drawing: Drawing, command: ParameterCommand): void {
  const index = drawing.parameters?.findIndex((p) => p.id === command.id) ?? -1;
  if (index < 0) throw new Error(`parameter: unknown parameter '${command.id}'`);
  const p: Parameter = { ...drawing.parameters![index] };
  if (command.name !== undefined) p.name = command.name;
  if (command.unit !== undefined) p.unit = command.unit;
  if (command.min !== undefined) p.min = command.min;
  if (command.max !== undefined) p.max = command.max;
  if (command.value !== undefined) {
    p.value = command.value;
    if (command.expression === undefined) delete p.expression;
  }
  if (command.expression !== undefined) {
    if (command.expression.trim()) p.expression = command.expression;
    else delete p.expression;
  }
  drawing.parameters = drawing.parameters!.map((one, i) => (i === index ? p : one));
}

/** Drives a dimension by an expression, or ('') by its value again. */
function applyExpression(drawing: Drawing, command: ExpressionCommand): void {
  const k = drawing.constraints.find((c) => c.id === command.id);
  if (!k) throw new Error(`expression: unknown constraint '${command.id}'`);
  if (!isDimension(k)) throw new Error(`expression ${k.id}: ${aConstraint(k)} has no value`);
  if (command.expression.trim()) k.expression = command.expression;
  else delete k.expression;
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
    case 'image':
      return applyImage(drawing, command);
    case 'attractor':
      return applyAttractor(drawing, command);
    case 'parameter':
      return applyParameter(drawing, command);
    case 'expression':
      return applyExpression(drawing, command);
    case 'batch':
      // In order, each as it would be alone (a bar's length tied as it changes); checked once, at the end.
      for (const one of command.commands) {
        mutate(drawing, one);
        tieBarLengths(drawing, one);
      }
      return;
  }
}

/**
 * The drawing's expressions evaluated into its records (document/parameters.ts), a refusal as the loader's
 * FormatError at its path; a bar's length dimension driven by an expression takes its bar (and the bars tied to it)
 * along, as a typed length does.
 */
function resolveDrawingExpressions(drawing: Drawing): void {
  try {
    resolveExpressions(drawing);
  } catch (error) {
    if (error instanceof SchemaError) throw new FormatError(error.path, error.detail);
    throw error;
  }
  for (const k of drawing.constraints)
    if (k.kind === 'length' && k.expression !== undefined && k.reference !== true) tieBarLength(drawing, k);
}

/** A problem with one place of the drawing: the loader's (FormatError) or the engine's build's (EngineError). */
interface PlacedProblem {
  /** Where in the drawing, as the file says it: `constraints[12].a`. */
  path: string;
  detail: string;
  message: string;
}

function placed(error: unknown): PlacedProblem | null {
  if (error instanceof FormatError) return error;
  if (error instanceof EngineError) {
    const prefix = `${error.path}: `;
    const detail = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return { path: error.path, detail, message: error.message };
  }
  return null;
}

/** The record a command names (set, rename, label, trace: its id; define: its definition's), if any. */
function ownId(command: EditCommand): string | null {
  switch (command.type) {
    case 'add':
    case 'delete':
    case 'batch':
      return null;
    case 'define':
      return command.definition.id;
    case 'set':
    case 'rename':
    case 'label':
    case 'trace':
    case 'image':
    case 'attractor':
    case 'parameter':
    case 'expression':
      return command.id;
  }
}

/**
 * A problem with the drawing said the way the command said it, never by the drawing's index of a record: a record
 * the command added sits past the old end of its list, so `constraints[12].a` is `add.constraints[0].a` when the
 * drawing had 12 constraints; the record a command names is named by it (`set e1.r`, the field the user set;
 * `define.definition.x`); any other record by its id (`define: e1: …`, a curve the new definition leaves undefined).
 */
function commandError(
  problem: PlacedProblem,
  command: EditCommand,
  drawing: Drawing,
  before: Record<RecordList | WholeList, number>,
): string {
  const found = /^(\w+)\[(\d+)\](.*)$/.exec(problem.path);
  if (found && (WHOLE_LISTS as readonly string[]).includes(found[1]))
    return wholeListError(problem, command, drawing, before, found);
  if (!found || !(RECORD_LISTS as readonly string[]).includes(found[1]))
    return `${command.type}: ${problem.message}`;
  const list = found[1] as RecordList;
  const index = Number(found[2]);
  const rest = found[3];
  if (command.type === 'add' && index >= before[list])
    return `add.${list}[${index - before[list]}]${rest}: ${problem.detail}`;
  const id = (drawing[list][index] as { id: string } | undefined)?.id;
  if (id === undefined) return `${command.type}: ${problem.message}`;
  if (id !== ownId(command)) return `${command.type}: ${id}${rest}: ${problem.detail}`;
  if (command.type === 'set') return `set ${id}.${command.field}: ${problem.detail}`;
  if (command.type === 'define') return `define.definition${rest}: ${problem.detail}`;
  return `${command.type} ${id}${rest}: ${problem.detail}`;
}

/**
 * A problem with an image, a point set or an attractor: one the command added by its place in the command, any
 * other by its name (an attractor, which has none, by its id).
 */
function wholeListError(
  problem: PlacedProblem,
  command: EditCommand,
  drawing: Drawing,
  before: Record<WholeList, number>,
  [, listName, at, rest]: RegExpExecArray,
): string {
  const list = listName as WholeList;
  const index = Number(at);
  if (command.type === 'add' && index >= before[list])
    return `add.${list}[${index - before[list]}]${rest}: ${problem.detail}`;
  const record = drawing[list]?.[index];
  if (record === undefined) return `${command.type}: ${problem.message}`;
  const name = 'name' in record ? describeValue(record.name) : record.id;
  return `${command.type} ${name}${rest}: ${problem.detail}`;
}

/**
 * Applies the command to the drawing (mutating it), checks that the result could be saved and opened again, and
 * builds it (`build`: the session's engine); throws when any of these fails, a problem with one record said in the
 * command's terms (commandError), and the caller restores the mark it took before.
 */
export function applyCommand<T>(drawing: Drawing, command: EditCommand, build: (drawing: Drawing) => T): T {
  const before = {
    ...(Object.fromEntries(RECORD_LISTS.map((l) => [l, drawing[l].length])) as Record<RecordList, number>),
    ...(Object.fromEntries(WHOLE_LISTS.map((l) => [l, drawing[l]?.length ?? 0])) as Record<
      WholeList,
      number
    >),
  };
  try {
    mutate(drawing, command);
    tieBarLengths(drawing, command);
    resolveDrawingExpressions(drawing);
    checkDrawing(drawing);
    return build(drawing);
  } catch (error) {
    const problem = placed(error);
    if (problem) throw new Error(commandError(problem, command, drawing, before));
    throw error;
  }
}
