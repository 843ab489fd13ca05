// The toolbar, one row of icon buttons in groups with a rule between them: select; draw (and the equation curve);
// the mechanism's joints, motor, spring and trace; the geometric constraints (the rarer ones behind a "more"
// button, so the row fits 1,280 px); the dimensions; play; history and view; help. The groups are the action
// table's menu sections (src/shared/actions.ts), and each button's tooltip is its action's label and first
// shortcut, from the same table; its toggles' pressed state and Undo/Redo's enabled state are the table's rules
// (editor.actionFlags), as the native menu shows them.

import { actionTitle, spec, type RendererActionName, type ToolId } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { ACTION_ICONS, TOOL_ICONS } from './action-icons';
import { el } from './dom';
import { equationButton } from './equation-button';
import { iconButton, showActionFlags } from './icon-button';
import { overflowMenu } from './overflow-menu';
import { playControls } from './play-controls';

/** The constraint tools used least, kept in the constrain group's "more" menu (still on their keys). */
export const OVERFLOW_TOOLS: ReadonlySet<ToolId> = new Set(['equal', 'symmetric', 'midpoint', 'concentric']);

/** A tool's group: its menu section, with Select in a group of its own. */
function groupOf(id: ToolId): string {
  return id === 'select' ? 'select' : (spec(`tool:${id}`).menu?.join(' ') ?? '');
}

export function mountToolbar(host: HTMLElement, editor: Editor, extras: HTMLElement[] = []): void {
  const buttons = new Map<ToolId, HTMLButtonElement>();
  const rule = () => host.append(el('span', { className: 'separator' }));
  const toolButton = (id: ToolId) => {
    const button = iconButton(TOOL_ICONS[id], {
      label: spec(`tool:${id}`).label,
      title: actionTitle(`tool:${id}`),
      data: { tool: id },
    });
    button.addEventListener('click', () => editor.run(`tool:${id}`));
    buttons.set(id, button);
    return button;
  };

  const groups = new Map<string, ToolId[]>();
  for (const tool of editor.tools) {
    const group = groupOf(tool.id);
    groups.set(group, [...(groups.get(group) ?? []), tool.id]);
  }
  let more: { button: HTMLButtonElement; tools: ToolId[] } | null = null;
  for (const [group, ids] of groups) {
    if (host.childElementCount) rule();
    const shown = ids.filter((id) => !OVERFLOW_TOOLS.has(id));
    const hidden = ids.filter((id) => OVERFLOW_TOOLS.has(id));
    for (const id of shown) host.append(toolButton(id));
    if (hidden.length) {
      const button = overflowMenu(ACTION_ICONS.more, 'More constraints', hidden.map(toolButton));
      host.append(button);
      more = { button, tools: hidden };
    }
    // The equation curve is drawn like the others, so it closes the draw group.
    if (group === 'Tools 0') host.append(equationButton(editor));
  }

  /** `name` (data-action) is what the page's tests click. */
  const action = (run: RendererActionName, name: keyof typeof ACTION_ICONS) => {
    const button = iconButton(ACTION_ICONS[name], {
      label: spec(run).label,
      title: actionTitle(run),
      className: 'action',
      data: { action: name },
    });
    button.addEventListener('click', () => editor.run(run));
    editor.actionFlags.watch((flags) => showActionFlags(button, run, flags));
    host.append(button);
    return button;
  };
  rule();
  host.append(playControls(editor));
  rule();
  action('edit:undo', 'undo');
  action('edit:redo', 'redo');
  action('view:fit', 'fit');
  action('view:grid', 'grid');
  action('view:grid-snap', 'grid-snap');
  for (const extra of extras) host.append(extra);
  rule();
  action('help:shortcuts', 'shortcuts');

  // Buttons do not keep the focus: Space (pan) and Enter (end a spline) must reach the editor, not click them.
  host.addEventListener('mousedown', (e) => {
    if (e.target instanceof Element && e.target.closest('button')) e.preventDefault();
  });

  const refresh = () => {
    for (const [id, button] of buttons) button.classList.toggle('active', editor.tool.id === id);
    more?.button.classList.toggle('active', more.tools.includes(editor.tool.id));
  };
  refresh();
  editor.subscribe((change) => {
    if (change.tool) refresh();
  });
}
