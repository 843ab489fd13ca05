// The inline editor of a dimension's value: an input over the canvas, on the dimension's value, opened by a
// double-click (the Select tool). It shows the value in the unit the dimension reads (mm, degrees, a diameter);
// Enter sends it (Editor.setDimensionValue: a `set` edit, which the session settles or refuses, the status bar
// showing why), Escape or leaving it cancels. Its Reference box makes the dimension measure instead of drive.

import { dimensionById, dimensionLayout } from '../editor/dimensions';
import type { Editor } from '../editor/editor';
import { formatShown, recordValue, shownValue } from '../../shared/dimension-value';
import { el } from './dom';

export function mountDimensionInput(host: HTMLElement, editor: Editor): void {
  const value = el('input', { className: 'value' });
  value.type = 'text';
  value.inputMode = 'decimal';
  value.dataset.field = 'dimension-value';
  const reference = el('input');
  reference.type = 'checkbox';
  reference.dataset.field = 'dimension-reference';
  const box = el(
    'div',
    { className: 'dimension-input', data: { role: 'dimension-input' } },
    value,
    el('label', { title: 'Measures the drawing instead of driving it' }, reference, 'Reference'),
  );
  box.hidden = true;
  host.append(box);
  let open: string | null = null;

  const place = () => {
    const k = open ? dimensionById(editor.mirror, open) : null;
    const layout = k ? dimensionLayout(editor, k) : null;
    if (!layout) return;
    const [x, y] = editor.view.toScreen(layout.at);
    box.style.left = `${Math.round(x)}px`;
    box.style.top = `${Math.round(y)}px`;
  };

  const show = (id: string | null) => {
    open = id;
    const k = id ? dimensionById(editor.mirror, id) : null;
    if (!k) {
      box.hidden = true;
      return;
    }
    value.value = formatShown(shownValue(k, recordValue(k)));
    value.disabled = k.reference === true;
    reference.checked = k.reference === true;
    box.hidden = false;
    place();
    (k.reference ? reference : value).focus();
    value.select();
  };

  const close = () => {
    if (!box.hidden) editor.closeDimensionEdit();
  };

  value.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      const id = open;
      const text = value.value;
      close();
      if (id) editor.setDimensionValue(id, text);
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
    const id = open;
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
    if (change.dimensionEdit) show(editor.dimensionEdit);
    else if (open && (change.view || change.structure || change.curves.size > 0)) place();
  });
}
