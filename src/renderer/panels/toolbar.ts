// The toolbar: one button per tool (with its shortcut), then undo, redo, fit and grid.

import type { Editor } from '../editor/editor';
import { el } from './dom';

export function mountToolbar(host: HTMLElement, editor: Editor, extras: HTMLElement[] = []): void {
  const buttons = new Map<string, HTMLButtonElement>();
  for (const tool of editor.tools) {
    const button = el('button', {
      text: tool.label,
      title: `${tool.label} (${tool.shortcut.toUpperCase()})`,
      data: { tool: tool.id },
    });
    button.addEventListener('click', () => editor.setTool(tool.id));
    buttons.set(tool.id, button);
    host.append(button);
  }
  const action = (label: string, title: string, run: () => void, name: string) => {
    const button = el('button', { text: label, title, className: 'action', data: { action: name } });
    button.addEventListener('click', run);
    host.append(button);
    return button;
  };
  host.append(el('span', { className: 'separator' }));
  const undo = action('Undo', 'Undo (Ctrl+Z)', () => editor.undo(), 'undo');
  const redo = action('Redo', 'Redo (Ctrl+Shift+Z)', () => editor.redo(), 'redo');
  action('Fit', 'Fit to drawing (F)', () => editor.fit(), 'fit');
  action('Grid', 'Show or hide the grid (#)', () => editor.toggleGrid(), 'grid');
  for (const extra of extras) host.append(extra);

  // Buttons do not keep the focus: Space (pan) and Enter (end a spline) must reach the editor, not click them.
  host.addEventListener('mousedown', (e) => {
    if (e.target instanceof HTMLButtonElement) e.preventDefault();
  });

  const refresh = () => {
    for (const [id, button] of buttons) button.classList.toggle('active', editor.tool.id === id);
    undo.disabled = !editor.mirror.canUndo;
    redo.disabled = !editor.mirror.canRedo;
  };
  refresh();
  editor.subscribe((change) => {
    if (change.tool || change.status) refresh();
  });
}
