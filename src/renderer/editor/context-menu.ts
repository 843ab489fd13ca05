// What the right-click menu lists: the actions of the table (src/shared/actions.ts) that apply where it opened,
// those with an `enabled` rule only when it holds (actionStateOf). On a curve: the clipboard, Delete, Edit Value
// when it has a main value, and the constraint tools the selection fits (Shift-select two lines, right-click:
// Parallel), and Fit to Points and Follow Edges when they apply. On a constraint (its glyph or dimension) or a point
// set: Edit Value for a dimension, Delete, Fit to Points when it applies. On empty paper: Paste
// (once something is copied), Select All, Select None (when something is selected), Fit. A right-click on something
// not selected selects it first, as a left click would.

import { isEnabled, type RendererActionName } from '../../shared/actions';
import type { Vec2 } from '../../shared/drawing';
import type { SelectTool } from '../tools/select';
import type { PointerInput } from '../tools/tool';
import { actionStateOf } from './action-flags';
import type { Editor } from './editor';

export interface ContextMenu {
  /** Canvas pixels where it opened (the menu's corner). */
  screen: Vec2;
  /** Drawing mm where it opened (Paste lands there, Edit Value opens there). */
  point: Vec2;
  target: 'curve' | 'constraint' | 'paper';
  /** Groups of actions, a rule between groups; none empty. */
  groups: RendererActionName[][];
}

export function contextMenuFor(editor: Editor, e: PointerInput): ContextMenu {
  const select = editor.tools.find((tool) => tool.id === 'select') as SelectTool;
  const hit = select.hitAt(e.point);
  if (hit && !editor.selection.has(hit.id)) editor.setSelection([hit.id]);
  let target: ContextMenu['target'];
  let groups: RendererActionName[][];
  if (hit && editor.mirror.curve(hit.id)) {
    target = 'curve';
    const constrain = editor.tools
      .filter((tool) => tool.fitsSelection())
      .map((tool) => `tool:${tool.id}` as const);
    groups = [
      ['edit:cut', 'edit:copy', 'edit:duplicate', 'edit:delete'],
      ['edit:value'],
      constrain,
      ['fit:points', 'fit:edges'],
    ];
  } else if (hit) {
    target = 'constraint';
    groups = [['edit:value', 'edit:delete'], ['fit:points']];
  } else {
    target = 'paper';
    groups = [['edit:paste'], ['edit:select-all', 'edit:select-none'], ['view:fit']];
  }
  const state = actionStateOf(editor);
  groups = groups.map((group) => group.filter((action) => isEnabled(action, state)));
  return { screen: e.screen, point: e.point, target, groups: groups.filter((g) => g.length > 0) };
}
