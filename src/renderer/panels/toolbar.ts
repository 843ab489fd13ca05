// The toolbar, one row of icon buttons in groups with a rule between them: select; draw (the equation curve, fillet
// and chamfer among them); the mechanism's joints, motor, spring and trace; the geometric constraints; the
// dimensions; play; history and view; file; help. The groups are the action table's menu sections
// (src/shared/actions.ts), and each button's tooltip is its action's label and first shortcut, from the same table;
// its toggles' pressed state and Undo/Redo's enabled state are the table's rules (editor.actionFlags), as the native
// menu shows them. Every button is on the row when the window has room for it; in a narrower window the least used
// go, in COLLAPSE_ORDER, into the More menu at the row's end (toolbar-overflow.ts), so every one stays reachable.

import { actionTitle, spec, type RendererActionName, type ToolId } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { ACTION_ICONS, TOOL_ICONS } from './action-icons';
import { el } from './dom';
import { equationButton } from './equation-button';
import { iconButton, showActionFlags } from './icon-button';
import { playControls } from './play-controls';
import { ToolbarOverflow } from './toolbar-overflow';

/**
 * Which buttons leave the row first when it does not fit (by tool id or data-action): Calibrate Image (of use only
 * with a reference image, and in its properties), Pull Toward and Data Points, the rarer constraints, then
 * help, the file buttons, Redo (Ctrl+Shift+Z, and the Edit menu), the view's, Undo, the dimensions, the other constraints, the mechanism's tools, fillet
 * and chamfer, the equation curve. Select, the drawing tools and play always stay.
 */
export const COLLAPSE_ORDER: readonly string[] = [
  'calibrate-image',
  'target',
  'points',
  'concentric',
  'midpoint',
  'symmetric',
  'equal',
  'shortcuts',
  'save',
  'open',
  'new',
  'redo',
  'grid-snap',
  'grid',
  'fit',
  'undo',
  'length',
  'radius',
  'angle',
  'point-line-distance',
  'distance',
  'tangent',
  'perpendicular',
  'parallel',
  'vertical',
  'horizontal',
  'trace',
  'spring',
  'motor',
  'attach',
  'pin',
  'chamfer',
  'fillet',
  'equation',
];

/** A tool's group: its menu section, with Select in a group of its own. */
function groupOf(id: ToolId): string {
  return id === 'select' ? 'select' : (spec(`tool:${id}`).menu?.join(' ') ?? '');
}

/** A button's name in COLLAPSE_ORDER. */
const collapseName = (button: HTMLElement) => button.dataset.tool ?? button.dataset.action ?? '';

export function mountToolbar(host: HTMLElement, editor: Editor, extras: HTMLElement[] = []): void {
  const buttons = new Map<ToolId, HTMLButtonElement>();
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
    return button;
  };

  // The groups, each a box of its own, a rule before every one but the first.
  const groups: HTMLElement[][] = [];
  const byGroup = new Map<string, HTMLElement[]>();
  for (const tool of editor.tools) {
    const key = groupOf(tool.id);
    let group = byGroup.get(key);
    if (!group) byGroup.set(key, (group = []));
    group.push(toolButton(tool.id));
    // The equation curve is drawn like the others: it joins the draw group, after the Spline.
    if (tool.id === 'spline') group.push(equationButton(editor));
  }
  groups.push(...byGroup.values());
  groups.push([playControls(editor)]);
  groups.push([
    action('edit:undo', 'undo'),
    action('edit:redo', 'redo'),
    action('view:fit', 'fit'),
    action('view:grid', 'grid'),
    action('view:grid-snap', 'grid-snap'),
  ]);
  const files = extras.filter((node) => node instanceof HTMLButtonElement);
  if (files.length) groups.push(files);
  groups.push([action('help:shortcuts', 'shortcuts')]);
  for (const members of groups) {
    const box = el('span', { className: 'group' }, ...members);
    if (host.childElementCount) host.append(el('span', { className: 'separator' }));
    host.append(box);
  }

  const overflow = new ToolbarOverflow(host, ACTION_ICONS.more);
  const collapsible = [...host.querySelectorAll<HTMLButtonElement>('.group > button')].filter((b) =>
    COLLAPSE_ORDER.includes(collapseName(b)),
  );
  collapsible.sort(
    (a, b) => COLLAPSE_ORDER.indexOf(collapseName(a)) - COLLAPSE_ORDER.indexOf(collapseName(b)),
  );
  overflow.manage(collapsible);

  // Buttons do not keep the focus: Space (pan) and Enter (end a spline) must reach the editor, not click them.
  host.addEventListener('mousedown', (e) => {
    if (e.target instanceof Element && e.target.closest('button')) e.preventDefault();
  });

  const refresh = () => {
    for (const [id, button] of buttons) button.classList.toggle('active', editor.tool.id === id);
    overflow.showActive();
  };
  refresh();
  editor.subscribe((change) => {
    if (change.tool) refresh();
  });
}
