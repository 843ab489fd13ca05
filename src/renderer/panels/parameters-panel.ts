// The Parameters panel (issue 31): a row per parameter — its name, its value in the unit shown (mm, degrees, plain)
// with the unit, its expression, Delete — and Add (p1, p2 …, 10 mm). Each field commits one undoable edit when it
// changes (Enter or leaving it); a value typed as "= …" makes it an expression. The session refuses what cannot be
// (an unknown name, a cycle, a value the constraints cannot meet): the status bar says why in one line and the
// panel shows the drawing as it still is.

import type { Editor } from '../editor/editor';
import { PARAMETER_UNITS, type Parameter } from '../../shared/drawing';
import { formatValue } from '../../shared/units';
import { parameterUnit } from '../../shared/parameter-units';
import { expressionShown } from '../../shared/dimension-value';
import { newParameter, parameterUnitEdit, parameterValueEdit } from '../editor/parameter-commands';
import { el } from './dom';

const UNIT_LABELS = { mm: 'mm', deg: '°', none: '—' } as const;

function field(name: string, value: string, title: string): HTMLInputElement {
  const input = el('input', { className: name, title, data: { field: name } });
  input.type = 'text';
  input.value = value;
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') input.blur();
  });
  return input;
}

export function mountParametersPanel(host: HTMLElement, editor: Editor): void {
  const add = el('button', {
    text: 'Add',
    title: 'Add a parameter (p1, 10 mm)',
    data: { action: 'add-parameter' },
  });
  add.type = 'button';
  const title = el('h2', { text: 'Parameters' }, add);
  const list = el('ul', { className: 'parameters' });
  host.append(title, list);

  add.addEventListener('click', () =>
    editor.commit({ type: 'add', parameters: [newParameter(editor.mirror.drawing, editor.newId('v'))] }),
  );

  const row = (p: Parameter): HTMLElement => {
    const name = field('name', p.name, 'Its name in expressions');
    name.addEventListener('change', () =>
      editor.commit({ type: 'parameter', id: p.id, name: name.value.trim() }),
    );
    const value = field('value', formatValue(parameterUnit(p.unit), p.value), 'Its value, or "= expression"');
    value.readOnly = p.expression !== undefined;
    value.addEventListener('change', () => {
      const edit = parameterValueEdit(p, value.value);
      if (typeof edit === 'string') return editor.notify(edit);
      editor.commit(edit);
    });
    const unit = el('select', { className: 'unit', title: 'Its unit', data: { field: 'unit' } });
    for (const u of PARAMETER_UNITS) unit.append(new Option(UNIT_LABELS[u], u, false, u === p.unit));
    unit.addEventListener('change', () =>
      editor.commit(parameterUnitEdit(p, unit.value as Parameter['unit'])),
    );
    const expression = field(
      'expression',
      p.expression === undefined ? '' : `= ${expressionShown(p.expression)}`,
      'An expression over other parameters and named dimensions ("= 2*crank"); empty: its value is typed',
    );
    expression.placeholder = '= expression';
    expression.addEventListener('change', () =>
      editor.commit({ type: 'parameter', id: p.id, expression: expression.value.trim() }),
    );
    const remove = el('button', { text: '×', title: 'Delete the parameter', data: { action: 'delete' } });
    remove.type = 'button';
    remove.addEventListener('click', () => editor.commit({ type: 'delete', ids: [p.id] }));
    return el('li', { data: { id: p.id } }, name, value, unit, expression, remove);
  };

  const refresh = () => {
    const parameters = editor.mirror.drawing.parameters ?? [];
    list.replaceChildren(
      ...(parameters.length
        ? parameters.map(row)
        : [
            el('li', {
              className: 'empty',
              text: 'None: Add makes a named value dimensions can use (= 2*p1)',
            }),
          ]),
    );
  };
  refresh();
  editor.subscribe((change) => {
    // A refused edit leaves the drawing as it was: the fields show it again.
    if (change.structure || change.status) refresh();
  });
}
