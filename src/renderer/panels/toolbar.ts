// The toolbar: one button per tool (a rule between the menus' sections: drawing, joining, constraining,
// dimensioning), then undo, redo, fit, grid and snap to grid; each runs its action (src/shared/actions.ts), whose
// label and shortcut make the button's tooltip.

import { actionTitle, spec, type RendererActionName } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { el } from './dom';

export function mountToolbar(host: HTMLElement, editor: Editor, extras: HTMLElement[] = []): void {
  const buttons = new Map<string, HTMLButtonElement>();
  let section = '';
  for (const tool of editor.tools) {
    const place = spec(`tool:${tool.id}`).menu?.join(' ') ?? '';
    if (section && place !== section) host.append(el('span', { className: 'separator' }));
    section = place;
    const button = el('button', {
      text: tool.label,
      title: actionTitle(`tool:${tool.id}`),
      data: { tool: tool.id },
    });
    button.addEventListener('click', () => editor.run(`tool:${tool.id}`));
    buttons.set(tool.id, button);
    host.append(button);
  }
  /** `text` is the button's short face; `name` (data-action) is what the page's tests click. */
  const action = (text: string, run: RendererActionName, name: string) => {
    const button = el('button', {
      text,
      title: actionTitle(run),
      className: 'action',
      data: { action: name },
    });
    button.addEventListener('click', () => editor.run(run));
    host.append(button);
    return button;
  };
  host.append(el('span', { className: 'separator' }));
  const undo = action('Undo', 'edit:undo', 'undo');
  const redo = action('Redo', 'edit:redo', 'redo');
  action('Fit', 'view:fit', 'fit');
  action('Grid', 'view:grid', 'grid');
  const snap = action('Snap', 'view:grid-snap', 'grid-snap');
  for (const extra of extras) host.append(extra);

  // Buttons do not keep the focus: Space (pan) and Enter (end a spline) must reach the editor, not click them.
  host.addEventListener('mousedown', (e) => {
    if (e.target instanceof HTMLButtonElement) e.preventDefault();
  });

  const refresh = () => {
    for (const [id, button] of buttons) button.classList.toggle('active', editor.tool.id === id);
    snap.classList.toggle('active', editor.snapToGrid);
    undo.disabled = !editor.mirror.canUndo;
    redo.disabled = !editor.mirror.canRedo;
  };
  refresh();
  editor.subscribe((change) => {
    if (change.tool || change.status) refresh();
  });
}
