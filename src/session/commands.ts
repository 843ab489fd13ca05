// Edit commands applied to the drawing as data. Each function checks everything first and only then mutates, so a
// refused command changes nothing (the session additionally rebuilds the engine and restores its mark if that
// fails). Errors are one line naming the command and the offending id or field.

import { applyCurveState, curveStateOf } from '../engine';
import type { Connector, Constraint, Curve, Drawing, Spring } from '../shared/drawing';
import {
  curveFieldNames,
  type AddCommand,
  type DefineCommand,
  type DeleteCommand,
  type EditCommand,
  type RenameCommand,
  type SetCommand,
} from '../shared/edit-commands';

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
  }
}

function allIds(drawing: Drawing): Set<string> {
  const ids = new Set<string>();
  for (const list of [
    drawing.curves,
    drawing.constraints,
    drawing.springs,
    drawing.traces,
    drawing.equations,
  ])
    for (const item of list) ids.add(item.id);
  return ids;
}

/** The curve ids a constraint, spring or trace refers to. */
export function referencedCurves(item: Constraint | Spring | Drawing['traces'][number]): string[] {
  const out: string[] = [];
  const add = (c: Connector | undefined) => {
    if (c) out.push(c.curve);
  };
  if ('kind' in item) {
    switch (item.kind) {
      case 'attach':
      case 'distance':
        add(item.a);
        add(item.b);
        break;
      case 'on-curve':
        add(item.point);
        out.push(item.curve);
        break;
      case 'pin':
        add(item.point);
        break;
      case 'motor':
        if (item.bar) out.push(item.bar);
        add(item.point);
        add(item.pivot);
        break;
    }
  } else if ('stiffness' in item) {
    add(item.a);
    add(item.b);
  } else {
    add(item.point);
  }
  return out;
}

function checkConnector(where: string, c: Connector, curves: Map<string, Curve>): void {
  if (!curves.has(c.curve)) throw new Error(`${where}.curve: unknown curve '${c.curve}'`);
  if ((c.u === undefined) === (c.anchor === undefined))
    throw new Error(`${where}: set exactly one of u and anchor`);
}

function checkConstraint(where: string, k: Constraint, curves: Map<string, Curve>): void {
  switch (k.kind) {
    case 'attach':
    case 'distance':
      checkConnector(`${where}.a`, k.a, curves);
      checkConnector(`${where}.b`, k.b, curves);
      return;
    case 'on-curve':
      checkConnector(`${where}.point`, k.point, curves);
      if (!curves.has(k.curve)) throw new Error(`${where}.curve: unknown curve '${k.curve}'`);
      return;
    case 'pin':
      checkConnector(`${where}.point`, k.point, curves);
      return;
    case 'motor':
      if (k.bar !== undefined) {
        if (curves.get(k.bar)?.kind !== 'bar') throw new Error(`${where}.bar: '${k.bar}' is not a bar`);
      } else if (k.point && k.pivot) {
        checkConnector(`${where}.point`, k.point, curves);
        checkConnector(`${where}.pivot`, k.pivot, curves);
      } else throw new Error(`${where}: a motor needs a bar, or a point and a pivot`);
      return;
  }
}

function applyAdd(drawing: Drawing, command: AddCommand): void {
  const ids = allIds(drawing);
  const fresh = (where: string, id: string) => {
    if (ids.has(id)) throw new Error(`${where}.id: '${id}' is already used`);
    ids.add(id);
  };
  const curves = new Map(drawing.curves.map((c) => [c.id, c]));
  const definitions = new Set(drawing.equations.map((e) => e.id));
  (command.equations ?? []).forEach((e, i) => {
    fresh(`add.equations[${i}]`, e.id);
    definitions.add(e.id);
  });
  (command.curves ?? []).forEach((c, i) => {
    fresh(`add.curves[${i}]`, c.id);
    if (c.kind === 'equation' && !definitions.has(c.definition))
      throw new Error(`add.curves[${i}].definition: unknown equation '${c.definition}'`);
    curves.set(c.id, c);
  });
  (command.constraints ?? []).forEach((k, i) => {
    fresh(`add.constraints[${i}]`, k.id);
    checkConstraint(`add.constraints[${i}]`, k, curves);
  });
  (command.springs ?? []).forEach((sp, i) => {
    fresh(`add.springs[${i}]`, sp.id);
    checkConnector(`add.springs[${i}].a`, sp.a, curves);
    checkConnector(`add.springs[${i}].b`, sp.b, curves);
  });
  (command.traces ?? []).forEach((tr, i) => {
    fresh(`add.traces[${i}]`, tr.id);
    checkConnector(`add.traces[${i}].point`, tr.point, curves);
  });
  if (
    !command.curves?.length &&
    !command.constraints?.length &&
    !command.springs?.length &&
    !command.traces?.length &&
    !command.equations?.length
  )
    throw new Error('add: nothing to add');
  drawing.equations.push(...structuredClone(command.equations ?? []));
  drawing.curves.push(...structuredClone(command.curves ?? []));
  drawing.constraints.push(...structuredClone(command.constraints ?? []));
  drawing.springs.push(...structuredClone(command.springs ?? []));
  drawing.traces.push(...structuredClone(command.traces ?? []));
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

function numberValue(where: string, value: number | boolean, test?: (v: number) => boolean): number {
  if (typeof value !== 'number' || (test && !test(value)))
    throw new Error(
      `${where}: ${typeof value === 'number' ? `${value} is out of range` : 'expected a number'}`,
    );
  return value;
}

function setCurveField(drawing: Drawing, curve: Curve, command: SetCommand): void {
  const where = `set ${curve.id}.${command.field}`;
  if (curve.kind === 'bar' && command.field === 'length') {
    curve.length = numberValue(where, command.value, (v) => v > 0 && v <= 1e9);
    return;
  }
  if (curve.kind === 'equation' && command.field in curve.params) {
    curve.params[command.field] = numberValue(where, command.value);
    return;
  }
  const names = curveFieldNames(curve, drawing);
  const index = names.indexOf(command.field);
  if (index < 0) throw new Error(`${where}: a ${curve.kind} has no such field`);
  const positive = ['radius', 'rx', 'ry'].includes(command.field);
  const value = numberValue(where, command.value, (v) => Math.abs(v) <= 1e9 && (!positive || v > 0));
  const state = curveStateOf(curve, drawing);
  state[index] = value;
  applyCurveState(curve, state, drawing);
}

function setConstraintField(k: Constraint, command: SetCommand): void {
  const where = `set ${k.id}.${command.field}`;
  const finite = (v: number) => Math.abs(v) <= 1e9;
  if (k.kind === 'pin' && (command.field === 'x' || command.field === 'y'))
    k.at[command.field === 'x' ? 0 : 1] = numberValue(where, command.value, finite);
  else if (k.kind === 'distance' && command.field === 'length')
    k.length = numberValue(where, command.value, (v) => v > 0 && v <= 1e9);
  else if (k.kind === 'motor' && command.field === 'rpm')
    k.rpm = numberValue(where, command.value, (v) => Math.abs(v) <= 1e4);
  else if (k.kind === 'motor' && command.field === 'angle')
    k.angle = numberValue(where, command.value, (v) => Math.abs(v) <= 1e6);
  else if (k.kind === 'motor' && command.field === 'running') {
    if (typeof command.value !== 'boolean') throw new Error(`${where}: expected true or false`);
    k.running = command.value;
  } else if (k.kind === 'on-curve' && command.field === 's')
    k.s = numberValue(where, command.value, (v) => v >= 0 && v <= 1);
  else throw new Error(`${where}: a ${k.kind} constraint has no such field`);
}

function setSpringField(sp: Spring, command: SetCommand): void {
  const where = `set ${sp.id}.${command.field}`;
  const range = (v: number) => v >= 0 && v <= 1e9;
  if (command.field === 'stiffness') sp.stiffness = numberValue(where, command.value, range);
  else if (command.field === 'rest') sp.rest = numberValue(where, command.value, range);
  else throw new Error(`${where}: a spring has no such field`);
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

/** Applies the command to the drawing (mutating it) or throws without changing it. */
export function applyCommand(drawing: Drawing, command: EditCommand): void {
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
  }
}
