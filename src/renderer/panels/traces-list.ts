// The Traces panel: every trace, by name and the point it follows ("trace 1 — bar 2"), with how many points its
// trail holds, a colour, Clear (empty the trail: one undoable edit; the point records again on the next Play) and
// Delete. A click on a row selects the trace (drawn wider on the canvas; Delete removes it too). Below the list,
// Trail to Data adds the selected trace's trail as a point set named after it (data to fit curves to: one undoable
// edit).

import type { Editor } from '../editor/editor';
import { traceColor } from '../view/trace-painter';
import { el, setText } from './dom';
import { traceData } from '../editor/fit-commands';

const count = (n: number) => (n === 1 ? '1 point' : `${n} points`);

export function mountTracesList(host: HTMLElement, editor: Editor): void {
  const title = el('h2', { text: 'Traces' });
  const list = el('ul', { className: 'traces' });
  // Below the list, not in each row (a third button there squeezed the trace's name to nothing): the selected trace's
  // trail to a point set.
  const toData = el('button', { text: 'Trail to Data', data: { action: 'data' } });
  toData.type = 'button';
  toData.title = "Add the selected trace's trail as a point set: data to fit curves to";
  toData.addEventListener('click', () => {
    const trace = editor.mirror.drawing.traces.find((t) => editor.selection.has(t.id));
    if (!trace) return editor.notify('Trail to Data: select a trace first');
    if (trace.points.length === 0) return editor.notify('Trail to Data: the trail is empty; Play records it');
    const set = traceData(trace, editor.mirror.names().get(trace.id) ?? trace.id, editor.newId('p'));
    editor.commit({ type: 'add', pointSets: [set] });
    editor.setSelection([set.id]);
  });
  host.append(title, list, toData);
  const counts = new Map<string, HTMLElement>();

  const refresh = () => {
    const d = editor.mirror.drawing;
    const names = editor.mirror.names();
    counts.clear();
    toData.disabled = !d.traces.some((trace) => editor.selection.has(trace.id));
    if (d.traces.length === 0) {
      list.replaceChildren(
        el('li', { className: 'empty', text: 'None: the Trace tool records a point’s path while playing' }),
      );
      return;
    }
    list.replaceChildren(
      ...d.traces.map((trace) => {
        const color = el('input');
        color.type = 'color';
        color.value = traceColor(trace);
        color.title = 'Colour of the trail';
        color.dataset.action = 'color';
        color.addEventListener('click', (e) => e.stopPropagation());
        color.addEventListener('change', () =>
          editor.commit({ type: 'trace', id: trace.id, color: color.value }),
        );
        const points = el('span', { className: 'count', text: count(trace.points.length) });
        counts.set(trace.id, points);
        const button = (action: string, text: string, run: () => void) => {
          const b = el('button', { text, data: { action } });
          b.type = 'button';
          b.addEventListener('click', (e) => {
            e.stopPropagation();
            run();
          });
          return b;
        };
        const item = el(
          'li',
          {
            className: editor.selection.has(trace.id) ? 'selected' : '',
            data: { id: trace.id },
          },
          color,
          el('span', {
            className: 'name',
            text: `${names.get(trace.id) ?? trace.id} — ${names.get(trace.point.curve) ?? trace.point.curve}`,
          }),
          points,
          button('clear', 'Clear', () => editor.commit({ type: 'trace', id: trace.id, clear: true })),
          button('delete', 'Delete', () => editor.commit({ type: 'delete', ids: [trace.id] })),
        );
        item.addEventListener('click', () => editor.setSelection([trace.id]));
        return item;
      }),
    );
  };
  refresh();
  editor.subscribe((change) => {
    if (change.structure || change.selection) return refresh();
    // Play frames add points to the trails: only the counts change.
    if (change.answer)
      for (const trace of editor.mirror.drawing.traces) {
        const node = counts.get(trace.id);
        if (node) setText(node, count(trace.points.length));
      }
  });
}
