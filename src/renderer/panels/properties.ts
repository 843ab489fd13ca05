// The properties panel: the single selected curve, constraint or spring, with a field per editable property, each
// in the unit the user reads (mm, degrees, rpm, N/mm: units.ts) and rounded to it. A change goes to the session as
// one undoable `set` edit (and through the solver): the panel shows the value the session answers with, not what
// was typed. A value the field's rule refuses (a negative radius), or one the session refuses (a crank too long
// for its loop), puts the field back to the current value and says why beside it, in the user's words; the status
// bar keeps the tool's hint.

import { curveStateOf } from '../../engine/pure';
import { sizedForm } from '../../shared/curve-sizes';
import { displayName, generatedNames } from '../../shared/display-names';
import type { Constraint, Curve, Drawing, Spring } from '../../shared/drawing';
import {
  CONSTRAINT_FIELD_SCHEMAS,
  CONSTRAINT_FIELDS,
  SPRING_FIELD_SCHEMAS,
  SPRING_FIELDS,
  curveFieldNames,
  curveFieldSchema,
  curveFlagSchema,
  type FieldSchema,
} from '../../shared/edit-commands';
import { fieldUnit } from '../../shared/field-units';
import type { Schema } from '../../shared/schema';
import { UNIT_SYMBOL, degrees, formatValue, radians, toRecord, type Unit } from '../../shared/units';
import {
  expressionShown,
  isDimension,
  recordValueOf,
  shownValue,
  type DimensionConstraint,
} from '../../shared/dimension-value';
import { fieldProblem } from '../../shared/user-message';
import type { Editor } from '../editor/editor';
import { el } from './dom';
import { equationParamUnit } from './equation-units';
import { imageList, imageProperties } from './image-properties';
import {
  attractorList,
  attractorProperties,
  attractorsOf,
  pointSetProperties,
  refreshReadouts,
} from './attractor-properties';

interface Field {
  name: string;
  value: number | boolean;
  unit: Unit;
  schema: Schema<unknown>;
  /**
   * An angle dimension's value as the canvas shows it, its size (the record's unit), and what a typed size makes
   * of the record's value (its direction kept): one angle, one sign, everywhere.
   */
  size?: { shown: number; record(size: number): number };
}

function curveFields(curve: Curve, drawing: Drawing): Field[] {
  // The curve as the user reads it: positive sizes (a radius the engine took through zero shown as its size, the
  // arc's start turned with it: curve-sizes.ts); the session takes a value set here as one of this form.
  const state = curveStateOf(sizedForm(curve), drawing);
  const names = curveFieldNames(curve, drawing);
  if (curve.kind === 'bar') names.push('length');
  // An equation's parameters have the unit their expressions give them, where they give one (equation-units.ts).
  const definition =
    curve.kind === 'equation' ? drawing.equations.find((e) => e.id === curve.definition) : undefined;
  const fields: Field[] = names.map((name, i) => ({
    name,
    value: name === 'length' && curve.kind === 'bar' ? curve.length : state[i],
    unit: definition ? equationParamUnit(definition, name) : fieldUnit({ curve: curve.kind }, name),
    schema: curveFieldSchema(curve, name, drawing) as Schema<unknown>,
  }));
  // A spline is closed and opened here (a flag `set` may change: edit-commands.ts).
  const closed = curveFlagSchema(curve, 'closed');
  if (curve.kind === 'spline' && closed)
    fields.unshift({ name: 'closed', value: curve.closed, unit: 'none', schema: closed as Schema<unknown> });
  return fields;
}

function constraintFields(k: Constraint): Field[] {
  return CONSTRAINT_FIELDS[k.kind].map((name) => {
    const schema: FieldSchema = CONSTRAINT_FIELD_SCHEMAS[k.kind][name];
    const unit = fieldUnit({ constraint: k.kind }, name);
    switch (name) {
      case 'x':
        return { name, value: (k as { at: [number, number] }).at[0], unit, schema };
      case 'y':
        return { name, value: (k as { at: [number, number] }).at[1], unit, schema };
      default: {
        const value = (k as unknown as Record<string, number | boolean | undefined>)[name];
        // An optional flag (a dimension's reference, a radius's diameter) left out of the record is off.
        const flag = schema.jsonSchema().type === 'boolean';
        const field: Field = { name, value: value ?? (flag ? false : NaN), unit, schema };
        if (k.kind === 'angle' && name === 'angle')
          field.size = {
            shown: radians(shownValue(k, k.angle)),
            record: (size) => recordValueOf(k, degrees(size)),
          };
        return field;
      }
    }
  });
}

function springFields(sp: Spring): Field[] {
  return SPRING_FIELDS.map((name) => ({
    name,
    value: sp[name as 'stiffness' | 'rest'],
    unit: fieldUnit('spring', name),
    schema: SPRING_FIELD_SCHEMAS[name],
  }));
}

/**
 * Enter sends a field's value (its change) and leaves the field, so the next key is a shortcut again, not typed into
 * it ("20D"); Escape puts the value back (`current`) and leaves too.
 */
function leaveOnEnter(box: HTMLInputElement, current: () => string): void {
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== 'Escape') return;
    if (e.key === 'Escape') box.value = current();
    e.preventDefault();
    box.blur();
  });
}

export function mountProperties(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Properties' });
  const body = el('div', { className: 'properties' });
  host.append(title, body);
  let shownId: string | null = null;

  const input = (id: string, field: Field): HTMLElement => {
    const box = el('input');
    box.dataset.field = field.name;
    const problem = el('span', { className: 'field-error', data: { errorFor: field.name } });
    problem.hidden = true;
    const say = (text: string | null) => {
      problem.textContent = text ?? '';
      problem.hidden = text === null;
      box.classList.toggle('refused', text !== null);
    };
    const shown = () => formatValue(field.unit, field.size?.shown ?? (field.value as number));
    /** Sends the value; a refusal puts the field back to the value it shows and says why beside it. */
    const send = async (value: number | boolean) => {
      const refused = await editor.tryCommit({ type: 'set', id, field: field.name, value });
      say(refused);
      if (refused !== null && box.type === 'checkbox') box.checked = field.value as boolean;
      else if (refused !== null) box.value = shown();
    };
    if (typeof field.value === 'boolean') {
      box.type = 'checkbox';
      box.checked = field.value;
      box.addEventListener('change', () => void send(box.checked));
    } else {
      box.type = 'text';
      box.inputMode = 'decimal';
      box.value = shown();
      box.addEventListener('change', () => {
        const text = box.value.trim();
        const typed = Number(text);
        const inUnit = toRecord(field.unit, typed);
        const value = field.size ? field.size.record(inUnit) : inUnit;
        const rule =
          text === '' || !Number.isFinite(typed)
            ? `${field.name} must be a number`
            : fieldProblem(field.name, field.schema, value, field.unit);
        if (rule !== null) {
          box.value = shown();
          say(rule);
          return;
        }
        void send(value);
      });
      leaveOnEnter(box, shown);
    }
    const unit = UNIT_SYMBOL[field.unit];
    return el(
      'label',
      {},
      el('span', { text: field.name }),
      box,
      el('span', { className: 'unit', text: typeof field.value === 'boolean' ? '' : unit }),
      problem,
    );
  };

  /** A curve's display name, or a dimension's name in expressions (a `rename` edit; empty clears it). */
  const nameInput = (record: Curve | DimensionConstraint, fallback: string): HTMLElement => {
    const box = el('input');
    box.type = 'text';
    box.dataset.field = 'name';
    box.value = record.name ?? '';
    box.placeholder = fallback;
    box.addEventListener('change', () =>
      editor.commit({ type: 'rename', id: record.id, name: box.value.trim() }),
    );
    leaveOnEnter(box, () => record.name ?? '');
    return el('label', {}, el('span', { text: 'name' }), box);
  };

  /** A dimension's expression ("= 2*crank": an `expression` edit; empty: its value is typed again). */
  const expressionInput = (k: DimensionConstraint): HTMLElement => {
    const box = el('input');
    box.type = 'text';
    box.dataset.field = 'expression';
    const current = () => (k.expression === undefined ? '' : `= ${expressionShown(k.expression)}`);
    box.value = current();
    box.placeholder = '= expression';
    box.addEventListener('change', () =>
      editor.commit({ type: 'expression', id: k.id, expression: box.value.trim() }),
    );
    leaveOnEnter(box, current);
    return el('label', {}, el('span', { text: 'expression' }), box);
  };

  const refresh = (force: boolean) => {
    const ids = [...editor.selection];
    const id = ids.length === 1 ? ids[0] : null;
    // Do not rebuild under the user's fingers unless the selection itself changed.
    if (!force && id === shownId && host.contains(document.activeElement)) return;
    shownId = id;
    if (!id) {
      body.replaceChildren(
        el('p', { className: 'empty', text: ids.length ? `${ids.length} selected` : 'Nothing selected' }),
        ...imageList(editor),
      );
      return;
    }
    const d = editor.mirror.drawing;
    const image = d.images?.find((i) => i.id === id);
    if (image) return body.replaceChildren(...imageProperties(editor, image));
    const attractor = d.attractors?.find((a) => a.id === id);
    if (attractor) return body.replaceChildren(...attractorProperties(editor, attractor));
    const set = d.pointSets?.find((p) => p.id === id);
    if (set) return body.replaceChildren(...pointSetProperties(editor, set));
    const curve = d.curves.find((c) => c.id === id);
    const k = d.constraints.find((c) => c.id === id);
    const sp = d.springs.find((c) => c.id === id);
    const fields = curve ? curveFields(curve, d) : k ? constraintFields(k) : sp ? springFields(sp) : [];
    const rows = fields.map((f) => input(id, f));
    const name = displayName(d, id);
    // A named curve's heading says its kind too ("crank (bar)"); a generated name already does ("bar 3").
    const heading = curve?.name ? `${name} (${curve.kind})` : name;
    if (curve) rows.unshift(nameInput(curve, generatedNames(d).get(id) ?? id));
    if (k && isDimension(k)) rows.push(nameInput(k, 'a name for expressions'), expressionInput(k));
    // What pulls the curve (fits, snakes, targets), each a button that selects it.
    const pulls = curve ? attractorList(editor, 'Pulled by', attractorsOf(d, id)) : [];
    body.replaceChildren(el('p', { className: 'heading', text: heading }), ...rows, ...pulls);
  };
  refresh(true);
  editor.subscribe((change) => {
    if (change.selection || change.structure) refresh(true);
    else if (shownId !== null && change.curves.has(shownId)) refresh(false);
    // A pull frame's readouts (an attractor shown): its line only, not the fields under the user's fingers.
    if (change.answer) refreshReadouts(body, editor);
  });
}
