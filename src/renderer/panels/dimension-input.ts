// The inline editor of a dimension's value: an input over the canvas, on the dimension's value, opened by a
// double-click (the Select tool). It shows the value in the unit the dimension reads (mm, degrees, a diameter);
// Enter sends it (editor/value-editing.ts: a `set` edit, which the session settles or refuses, the status bar
// showing why), Escape or leaving it cancels. Its Reference box makes the dimension measure instead of drive.
// The same editor edits a curve's main value (a circle's radius, a bar's length: `values.valueEdit`), where the
// curve was double-clicked, without the Reference box. Either way it says which value it edits and its unit.

import { dimensionById, dimensionLayout } from '../editor/dimensions';
import type { Editor } from '../editor/editor';
import { expressionShown, formatShown, recordValue, shownValue } from '../../shared/dimension-value';
import { mainValue } from '../../shared/main-value';
import type { Vec2 } from '../../shared/drawing';
import { el } from './dom';

export function mountDimensionInput(host: HTMLElement, editor: Editor): void {
  const value = el('input', { className: 'value' });
  value.type = 'text';
  value.inputMode = 'decimal';
  value.dataset.field = 'dimension-value';
  const reference = el('input');
  reference.type = 'checkbox';
  reference.dataset.field = 'dimension-reference';
  const referenceLabel = el(
    'label',
    { title: 'Measures the drawing instead of driving it' },
    reference,
    'Reference',
  );
  // Which value it edits and in what unit ("distance 1 … mm", "circle 1 radius … mm", "angle 2 … °").
  const caption = el('span', { className: 'caption', data: { role: 'value-caption' } });
  const unit = el('span', { className: 'unit', data: { role: 'value-unit' } });
  const box = el(
    'div',
    { className: 'dimension-input', data: { role: 'dimension-input' } },
    caption,
    value,
    unit,
    referenceLabel,
  );
  box.hidden = true;
  host.append(box);
  /**
   * What is open: a dimension's value, a curve's main value where it was double-clicked (`curveAt`), or a value a
   * tool asks for there (`prompt`: a fillet's radius).
   */
  let open: { id: string; curveAt?: Vec2; prompt?: true } | null = null;

  const anchor = (): Vec2 | null => {
    if (!open) return null;
    if (open.curveAt) return open.curveAt;
    const k = dimensionById(editor.mirror, open.id);
    return k ? (dimensionLayout(editor, k)?.at ?? null) : null;
  };

  const place = () => {
    const at = anchor();
    if (!at) return;
    const [x, y] = editor.view.toScreen(at);
    box.style.left = `${Math.round(x)}px`;
    box.style.top = `${Math.round(y)}px`;
  };

  const show = () => {
    const curveEdit = editor.values.valueEdit;
    const curve = curveEdit ? editor.mirror.curve(curveEdit.id) : undefined;
    const main = curve && mainValue(curve);
    const k = editor.values.dimensionEdit ? dimensionById(editor.mirror, editor.values.dimensionEdit) : null;
    const prompt = editor.values.prompt;
    if (prompt) {
      open = { id: '', curveAt: prompt.at, prompt: true };
      value.value = formatShown(prompt.initial);
      value.disabled = false;
      delete box.dataset.field;
    } else if (curveEdit && main) {
      open = { id: curveEdit.id, curveAt: curveEdit.at };
      value.value = formatShown(main.value);
      value.disabled = false;
      box.dataset.field = main.field;
    } else if (k) {
      open = { id: k.id };
      // A dimension driven by an expression opens on it ("= 2*crank"), to be edited as written.
      value.value = k.expression
        ? `= ${expressionShown(k.expression)}`
        : formatShown(shownValue(k, recordValue(k)));
      value.disabled = k.reference === true;
      reference.checked = k.reference === true;
      delete box.dataset.field;
    } else {
      open = null;
      box.hidden = true;
      return;
    }
    referenceLabel.hidden = open.curveAt !== undefined;
    caption.textContent = prompt ? prompt.caption : editor.values.caption(open.id);
    unit.textContent = prompt ? prompt.unit : editor.values.unit(open.id);
    box.hidden = false;
    place();
    (k?.reference && !open.curveAt ? reference : value).focus();
    value.select();
  };

  const close = () => {
    if (!box.hidden) editor.values.close();
  };

  value.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      const was = open;
      const text = value.value;
      if (was?.prompt) return void (editor.values.submitPrompt(text), e.preventDefault());
      close();
      if (was?.curveAt) editor.values.setCurveValue(was.id, text);
      else if (was) editor.values.setDimensionValue(was.id, text);
      e.preventDefault();
    } else if (e.key === 'Escape') {
      close();
      e.preventDefault();
    }
  });
  reference.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  reference.addEventListener('change', () => {
    const id = open?.id;
    close();
    if (id) editor.commit({ type: 'set', id, field: 'reference', value: reference.checked });
  });
  // Leaving the editor (a click elsewhere) cancels it; moving between its input and its box does not.
  box.addEventListener('focusout', (e) => {
    if (!(e.relatedTarget instanceof Node && box.contains(e.relatedTarget))) close();
  });
  // A press on the box is the box's, not the canvas's (which would start a selection or a drag under it).
  box.addEventListener('pointerdown', (e) => e.stopPropagation());
  box.addEventListener('dblclick', (e) => e.stopPropagation());

  editor.subscribe((change) => {
    if (change.dimensionEdit) show();
    else if (open && (change.view || change.structure || change.curves.size > 0)) place();
  });
}
