// The constraints list: every constraint with its kind, what it holds and its value ("distance — circle 1, bar 2 ·
// 25 mm"), its state (conflicting, binding, violated, redundant or ok), display name ("distance 3", never the id),
// residual and tension, problems first (most
// severe first, then in drawing order); a click selects it.

import type { Editor } from '../editor/editor';
import { CONSTRAINT_STATES, type ConstraintState } from '../editor/mirror';
import { constraintSummary } from './constraint-summary';
import { el, formatNumber } from './dom';

/** Where a state sorts: the most severe first; a constraint the status has not reported on yet, last. */
function severity(state: ConstraintState | null): number {
  return state === null ? CONSTRAINT_STATES.length : CONSTRAINT_STATES.indexOf(state);
}

export function mountConstraintsList(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Constraints' });
  const list = el('ul', { className: 'constraints' });
  host.append(title, list);
  const refresh = () => {
    const names = editor.mirror.names();
    const rows = editor.mirror.drawing.constraints
      .map((k, order) => ({ k, order, state: editor.mirror.constraintState(k.id) }))
      .sort((a, b) => severity(a.state) - severity(b.state) || a.order - b.order);
    list.replaceChildren(
      ...rows.map(({ k, state: known }) => {
        const s = editor.mirror.constraintStatus(k.id);
        const state = known ?? '';
        const item = el(
          'li',
          {
            className: `${state}${editor.selection.has(k.id) ? ' selected' : ''}`,
            title: s ? `residual ${s.residual.toExponential(2)}, tension ${formatNumber(s.tension)}` : '',
            data: { id: k.id, state },
          },
          el('span', { className: 'kind', text: k.kind }),
          el('span', { className: 'targets', text: constraintSummary(k, editor.mirror.drawing, names) }),
          el('span', { className: 'state', text: state }),
          el('span', { className: 'id', text: names.get(k.id) ?? k.id }),
          el('span', { className: 'residual', text: s ? `|C| ${s.residual.toExponential(1)}` : '' }),
          el('span', { className: 'tension', text: s ? `T ${formatNumber(s.tension)}` : '' }),
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
