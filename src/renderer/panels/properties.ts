// The properties panel: the single selected curve, constraint or spring, with a numeric field per editable
// property. A change goes to the session as one undoable `set` edit (and through the solver): the panel shows the
// value the session answers with, not what was typed.

import { curveStateOf } from '../../engine/pure';
import type { Constraint, Curve, Spring } from '../../shared/drawing';
import { CONSTRAINT_FIELDS, SPRING_FIELDS, curveFieldNames } from '../../shared/edit-commands';
import type { Editor } from '../editor/editor';
import { el, formatNumber } from './dom';

type Field = { name: string; value: number | boolean };

function curveFields(editor: Editor, curve: Curve): Field[] {
  const state = curveStateOf(curve, editor.mirror.drawing);
  const fields: Field[] = curveFieldNames(curve, editor.mirror.drawing).map((name, i) => ({
    name,
    value: state[i],
  }));
  if (curve.kind === 'bar') fields.push({ name: 'length', value: curve.length });
  return fields;
}

function constraintFields(k: Constraint): Field[] {
  return CONSTRAINT_FIELDS[k.kind].map((name) => {
    switch (name) {
      case 'x':
        return { name, value: (k as { at: [number, number] }).at[0] };
      case 'y':
        return { name, value: (k as { at: [number, number] }).at[1] };
      default:
        // The optional fields are flags (a dimension's reference, a radius's diameter): absent means off.
        return { name, value: (k as unknown as Record<string, number | boolean | undefined>)[name] ?? false };
    }
  });
}

function springFields(sp: Spring): Field[] {
  return SPRING_FIELDS.map((name) => ({ name, value: sp[name as 'stiffness' | 'rest'] }));
}

export function mountProperties(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Properties' });
  const body = el('div', { className: 'properties' });
  host.append(title, body);
  let shownId: string | null = null;

  const input = (id: string, field: Field): HTMLElement => {
    const box = el('input');
    box.dataset.field = field.name;
    if (typeof field.value === 'boolean') {
      box.type = 'checkbox';
      box.checked = field.value;
      box.addEventListener('change', () =>
        editor.commit({ type: 'set', id, field: field.name, value: box.checked }),
      );
    } else {
      box.type = 'text';
      box.inputMode = 'decimal';
      box.value = formatNumber(field.value);
      box.addEventListener('change', () => {
        const value = Number(box.value);
        if (!Number.isFinite(value) || box.value.trim() === '') {
          editor.notify(`${field.name}: not a number: ${box.value}`);
          box.value = formatNumber(field.value as number);
          return;
        }
        editor.commit({ type: 'set', id, field: field.name, value });
      });
    }
    return el('label', {}, el('span', { text: field.name }), box);
  };

  /** A curve's display name (a `rename` edit; empty clears it). */
  const nameInput = (curve: Curve): HTMLElement => {
    const box = el('input');
    box.type = 'text';
    box.dataset.field = 'name';
    box.value = curve.name ?? '';
    box.placeholder = curve.id;
    box.addEventListener('change', () =>
      editor.commit({ type: 'rename', id: curve.id, name: box.value.trim() }),
    );
    return el('label', {}, el('span', { text: 'name' }), box);
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
      );
      return;
    }
    const d = editor.mirror.drawing;
    const curve = d.curves.find((c) => c.id === id);
    const k = d.constraints.find((c) => c.id === id);
    const sp = d.springs.find((c) => c.id === id);
    const kind = curve?.kind ?? k?.kind ?? (sp ? 'spring' : '?');
    const fields = curve ? curveFields(editor, curve) : k ? constraintFields(k) : sp ? springFields(sp) : [];
    const rows = fields.map((f) => input(id, f));
    if (curve) rows.unshift(nameInput(curve));
    body.replaceChildren(el('p', { className: 'heading', text: `${kind} ${id}` }), ...rows);
  };
  refresh(true);
  editor.subscribe((change) => {
    if (change.selection || change.structure) refresh(true);
    else if (shownId !== null && change.curves.has(shownId)) refresh(false);
  });
}
