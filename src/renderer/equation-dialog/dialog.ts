// The equation dialog: define or edit a curve type by its equations, with a live preview. Plain DOM, mounted into
// a host element the editor gives; all checking is in form.ts, all geometry in preview-geometry.ts.
//
// Stable hooks for tests and the editor: every input has data-field ('name', 'x', 'y', 'u0', 'u1', 'closed',
// 'params[i].name', 'params[i].value', 'params[i].free'); error slots have data-error-for with the same names;
// buttons have data-action ('save', 'cancel', 'add-param', 'remove-param'); the preset picker data-field 'preset'.

import type { EquationDefinition } from '../../shared/drawing';
import { EQUATION_PRESETS, type DefinitionError } from '../../engine/expr';
import { el, input } from './dom';
import { showErrors } from './error-view';
import {
  blankForm,
  checkForm,
  formFromDefinition,
  formFromPreset,
  unusedParamName,
  type EquationForm,
  type FormCheck,
} from './form';
import { drawPreview } from './preview';
import { previewGeometry } from './preview-geometry';
import './equation-dialog.css';

export interface EquationDialogHandle {
  close(): void;
}

const PREVIEW_WIDTH = 320;
const PREVIEW_HEIGHT = 240;

export function openEquationDialog(
  host: HTMLElement,
  initial: EquationDefinition | null,
  onSave: (def: EquationDefinition) => void,
): EquationDialogHandle {
  const form: EquationForm = initial ? formFromDefinition(initial) : blankForm();
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let frame = 0;
  let closed = false;
  let check: FormCheck = checkForm(form);

  // Skeleton.
  const backdrop = el('div', 'cw-eqd-backdrop');
  const dialog = el('div', 'cw-eqd');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', initial ? 'Edit equation curve' : 'New equation curve');
  backdrop.append(dialog);

  const header = el('div', 'cw-eqd-header');
  header.append(el('h2', 'cw-eqd-title', initial ? 'Edit equation curve' : 'New equation curve'));
  const presetSelect = el('select', 'cw-eqd-preset');
  presetSelect.dataset.field = 'preset';
  presetSelect.setAttribute('aria-label', 'Start from a preset');
  presetSelect.append(new Option('Start from a preset…', ''));
  for (const p of EQUATION_PRESETS) presetSelect.append(new Option(p.name, p.id));
  header.append(presetSelect);

  const body = el('div', 'cw-eqd-body');
  const fields = el('div', 'cw-eqd-fields');
  const side = el('div', 'cw-eqd-side');
  body.append(fields, side);

  const slots = new Map<string, HTMLElement>();
  const errorSlot = (field: string): HTMLElement => {
    const slot = el('div', 'cw-eqd-error');
    slot.dataset.errorFor = field;
    slot.hidden = true;
    slots.set(field, slot);
    return slot;
  };

  const nameInput = input('cw-eqd-input', 'name', form.name, 'Name');
  const xInput = input('cw-eqd-input cw-eqd-expr', 'x', form.x, 'x(u)');
  const yInput = input('cw-eqd-input cw-eqd-expr', 'y', form.y, 'y(u)');
  const u0Input = input('cw-eqd-input cw-eqd-number', 'u0', form.u0, 'u from');
  const u1Input = input('cw-eqd-input cw-eqd-number', 'u1', form.u1, 'u to');
  const closedInput = el('input');
  closedInput.type = 'checkbox';
  closedInput.dataset.field = 'closed';
  closedInput.checked = form.closed;

  const row = (label: string, ...content: HTMLElement[]): HTMLElement => {
    const r = el('label', 'cw-eqd-row');
    r.append(el('span', 'cw-eqd-label', label), ...content);
    return r;
  };
  const range = el('div', 'cw-eqd-row');
  const closedLabel = el('label', 'cw-eqd-closed');
  closedLabel.append(closedInput, ' closed');
  range.append(
    el('span', 'cw-eqd-label', 'u from'),
    u0Input,
    el('span', 'cw-eqd-to', 'to'),
    u1Input,
    closedLabel,
  );
  fields.append(
    row('Name', nameInput),
    errorSlot('name'),
    row('x(u) =', xInput),
    errorSlot('x'),
    row('y(u) =', yInput),
    errorSlot('y'),
    range,
    errorSlot('closed'),
    errorSlot('u0'),
    errorSlot('u1'),
  );

  const paramsTable = el('table', 'cw-eqd-params');
  const paramsHead = el('thead');
  const headRow = el('tr');
  for (const h of ['Parameter', 'Value', 'Free', '']) headRow.append(el('th', '', h));
  paramsHead.append(headRow);
  const paramsBody = el('tbody');
  paramsTable.append(paramsHead, paramsBody);
  const addParam = el('button', 'cw-eqd-button cw-eqd-add', '+ Parameter');
  addParam.type = 'button';
  addParam.dataset.action = 'add-param';
  // What can be saved but will surprise (a curve no free parameter moves): said, not refused.
  const warning = el('div', 'cw-eqd-warning');
  warning.dataset.warning = '';
  warning.hidden = true;
  fields.append(
    el('div', 'cw-eqd-section', 'Parameters (free ones move with the drawing; fixed ones are shape)'),
    paramsTable,
    addParam,
    errorSlot('params'),
    errorSlot('definition'),
    warning,
  );

  const canvas = el('canvas', 'cw-eqd-canvas');
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  canvas.width = PREVIEW_WIDTH * ratio;
  canvas.height = PREVIEW_HEIGHT * ratio;
  canvas.style.width = `${PREVIEW_WIDTH}px`;
  canvas.style.height = `${PREVIEW_HEIGHT}px`;
  canvas.setAttribute('aria-label', 'Preview');
  const help = el(
    'div',
    'cw-eqd-help',
    'Operators + − * / ^, constants pi and e; sin cos tan asin acos atan atan2 exp log sqrt abs min max hypot. ' +
      'The dot marks u from, the ring u to.',
  );
  side.append(canvas, help);

  const footer = el('div', 'cw-eqd-footer');
  const cancel = el('button', 'cw-eqd-button', 'Cancel');
  cancel.type = 'button';
  cancel.dataset.action = 'cancel';
  const save = el('button', 'cw-eqd-button cw-eqd-primary', 'Save');
  save.type = 'button';
  save.dataset.action = 'save';
  footer.append(cancel, save);
  dialog.append(header, body, footer);

  // Parameters table: rebuilt whenever rows are added or removed or a preset is loaded.
  const renderParams = (): void => {
    paramsBody.replaceChildren();
    for (const field of [...slots.keys()]) if (field.startsWith('params[')) slots.delete(field);
    form.params.forEach((p, i) => {
      const tr = el('tr');
      const name = input(
        'cw-eqd-input cw-eqd-param-name',
        `params[${i}].name`,
        p.name,
        `Parameter ${i + 1} name`,
      );
      const value = input(
        'cw-eqd-input cw-eqd-number',
        `params[${i}].value`,
        p.value,
        `Parameter ${i + 1} value`,
      );
      const free = el('input');
      free.type = 'checkbox';
      free.checked = p.free;
      free.dataset.field = `params[${i}].free`;
      free.setAttribute('aria-label', `Parameter ${i + 1} free`);
      const remove = el('button', 'cw-eqd-button cw-eqd-remove', '×');
      remove.type = 'button';
      remove.dataset.action = 'remove-param';
      remove.dataset.index = String(i);
      remove.setAttribute('aria-label', `Remove parameter ${i + 1}`);
      const nameCell = el('td');
      nameCell.append(name, errorSlot(`params[${i}].name`));
      const valueCell = el('td');
      valueCell.append(value, errorSlot(`params[${i}].value`));
      const freeCell = el('td', 'cw-eqd-center');
      freeCell.append(free);
      const removeCell = el('td');
      removeCell.append(remove);
      tr.append(nameCell, valueCell, freeCell, removeCell);
      paramsBody.append(tr);
    });
  };

  const fillInputs = (): void => {
    nameInput.value = form.name;
    xInput.value = form.x;
    yInput.value = form.y;
    u0Input.value = form.u0;
    u1Input.value = form.u1;
    closedInput.checked = form.closed;
    renderParams();
  };

  const textOf = (field: string): string | null => {
    if (field === 'x') return form.x;
    if (field === 'y') return form.y;
    if (field === 'u0') return form.u0;
    if (field === 'u1') return form.u1;
    const m = /^params\[(\d+)\]\.value$/.exec(field);
    return m ? (form.params[Number(m[1])]?.value ?? null) : null;
  };

  let lastGood: ReturnType<typeof previewGeometry> = null;
  const update = (): void => {
    frame = 0;
    check = checkForm(form);
    const byField = new Map<string, DefinitionError[]>();
    for (const e of check.errors) {
      const field = slots.has(e.field) ? e.field : 'definition';
      byField.set(field, [...(byField.get(field) ?? []), e]);
    }
    for (const [field, slot] of slots) showErrors(slot, byField.get(field) ?? [], textOf(field));
    for (const node of dialog.querySelectorAll<HTMLInputElement>('input[data-field]')) {
      node.classList.toggle('cw-eqd-invalid', byField.has(node.dataset.field ?? ''));
    }
    save.disabled = check.definition === null;
    warning.textContent = check.warning ?? '';
    warning.hidden = check.warning === null;
    const geometry =
      check.compiled && check.values
        ? previewGeometry(check.compiled, check.values, PREVIEW_WIDTH, PREVIEW_HEIGHT)
        : null;
    if (geometry) lastGood = geometry;
    const message = check.errors.length > 0 ? 'fix the errors to update the preview' : '';
    drawPreview(canvas, geometry ?? lastGood, geometry ? message : message || 'nothing to draw', !geometry);
  };

  const schedule = (): void => {
    if (frame === 0 && !closed) frame = requestAnimationFrame(update);
  };

  // Events: one listener each on the dialog, reading the field from data-field.
  const onInput = (event: Event): void => {
    const target = event.target as HTMLInputElement;
    const field = target.dataset.field;
    if (!field) return;
    const m = /^params\[(\d+)\]\.(name|value|free)$/.exec(field);
    if (m) {
      const p = form.params[Number(m[1])];
      if (m[2] === 'free') p.free = target.checked;
      else p[m[2] as 'name' | 'value'] = target.value;
    } else if (field === 'closed') {
      form.closed = target.checked;
    } else if (field === 'name' || field === 'x' || field === 'y' || field === 'u0' || field === 'u1') {
      form[field] = target.value;
    } else if (field === 'preset') {
      const preset = EQUATION_PRESETS.find((p) => p.id === presetSelect.value);
      if (!preset) return;
      Object.assign(form, formFromPreset(preset, form.id));
      fillInputs();
      presetSelect.value = '';
    }
    schedule();
  };

  const trySave = (): void => {
    check = checkForm(form);
    if (!check.definition) {
      update();
      return;
    }
    const def = check.definition;
    close();
    onSave(def);
  };

  const onClick = (event: MouseEvent): void => {
    if (event.target === backdrop) {
      close();
      return;
    }
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
    if (!button) return;
    switch (button.dataset.action) {
      case 'save':
        trySave();
        break;
      case 'cancel':
        close();
        break;
      case 'add-param':
        form.params.push({ name: unusedParamName(form), value: '0', free: false });
        renderParams();
        schedule();
        (paramsBody.lastElementChild?.querySelector('input') as HTMLInputElement | null)?.focus();
        break;
      case 'remove-param':
        form.params.splice(Number(button.dataset.index), 1);
        renderParams();
        schedule();
        break;
    }
  };

  const onKey = (event: KeyboardEvent): void => {
    // Keys typed in the dialog are the dialog's: the editor's shortcuts must not see them.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // A modal keeps the focus: Tab past the last control comes back to the first, and the reverse.
      const controls = [...dialog.querySelectorAll<HTMLElement>('input, select, button')].filter(
        (c) => !(c as HTMLButtonElement).disabled,
      );
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      trySave();
    }
  };

  backdrop.addEventListener('input', onInput);
  backdrop.addEventListener('change', onInput);
  backdrop.addEventListener('click', onClick);
  backdrop.addEventListener('keydown', onKey);

  function close(): void {
    if (closed) return;
    closed = true;
    if (frame !== 0) cancelAnimationFrame(frame);
    backdrop.removeEventListener('input', onInput);
    backdrop.removeEventListener('change', onInput);
    backdrop.removeEventListener('click', onClick);
    backdrop.removeEventListener('keydown', onKey);
    backdrop.remove();
    previousFocus?.focus();
  }

  renderParams();
  host.append(backdrop);
  update();
  xInput.focus();
  return { close };
}
