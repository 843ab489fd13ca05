// What the right-click menu lists: the actions of the table (src/shared/actions.ts) that apply where it opened. On
// a curve: the clipboard, Delete, Edit Value when it has a main value, and the constraint tools the selection fits
// (Shift-select two lines, right-click: Parallel). On a constraint (its glyph or dimension): Edit Value for a
// dimension, Delete. On empty paper: Paste, the selection, Fit. A right-click on something not selected selects it
// first, as a left click would.

import type { RendererActionName } from '../../shared/actions';
import type { Vec2 } from '../../shared/drawing';
import { mainValue } from '../../shared/main-value';
import type { SelectTool } from '../tools/select';
import type { PointerInput } from '../tools/tool';
import { dimensionById } from './dimensions';
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
  const curve = hit ? editor.mirror.curve(hit.id) : undefined;
  const single = editor.selection.size === 1;
  let target: ContextMenu['target'];
  let groups: RendererActionName[][];
  if (curve) {
    target = 'curve';
    const constrain = editor.tools
      .filter((tool) => tool.fitsSelection())
      .map((tool) => `tool:${tool.id}` as const);
    groups = [
      ['edit:cut', 'edit:copy', 'edit:duplicate', 'edit:delete'],
      single && mainValue(curve) ? ['edit:value'] : [],
      constrain,
    ];
  } else if (hit) {
    target = 'constraint';
    groups = [
      single && dimensionById(editor.mirror, hit.id) ? ['edit:value', 'edit:delete'] : ['edit:delete'],
    ];
  } else {
    target = 'paper';
    groups = [
      editor.selectionCommands.canPaste ? ['edit:paste'] : [],
      editor.selection.size > 0 ? ['edit:select-all', 'edit:select-none'] : ['edit:select-all'],
      ['view:fit'],
    ];
  }
  return { screen: e.screen, point: e.point, target, groups: groups.filter((g) => g.length > 0) };
}
