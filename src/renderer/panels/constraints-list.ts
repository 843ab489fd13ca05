// The constraints list: every constraint with its kind, residual and state (ok, redundant, conflicting, or binding
// while a locked mechanism plays); a click selects it.

import type { Editor } from '../editor/editor';
import { el, formatNumber } from './dom';

export function mountConstraintsList(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Constraints' });
  const list = el('ul', { className: 'constraints' });
  host.append(title, list);
  const refresh = () => {
    list.replaceChildren(
      ...editor.mirror.drawing.constraints.map((k) => {
        const s = editor.mirror.constraintStatus(k.id);
        const state = editor.mirror.constraintState(k.id) ?? '';
        const item = el(
          'li',
          {
            className: `${state}${editor.selection.has(k.id) ? ' selected' : ''}`,
            title: s ? `residual ${s.residual.toExponential(2)}, tension ${formatNumber(s.tension)}` : '',
            data: { id: k.id, state },
          },
          el('span', { className: 'kind', text: k.kind }),
          el('span', { className: 'id', text: k.id }),
          el('span', { className: 'state', text: state }),
        );
        item.addEventListener('click', () => editor.setSelection([k.id]));
        return item;
      }),
    );
  };
  refresh();
  // Drag and play frames keep the constraint list as it was (same array): rebuild only when it was replaced, or
  // when what a locked mechanism binds on changed.
  let shown = editor.mirror.status.constraints;
  let shownBinding = editor.mirror.play.binding.join(' ');
  editor.subscribe((change) => {
    const statuses = editor.mirror.status.constraints;
    const binding = editor.mirror.play.binding.join(' ');
    if (change.structure || change.selection || statuses !== shown || binding !== shownBinding) {
      shown = statuses;
      shownBinding = binding;
      refresh();
    }
  });
}
