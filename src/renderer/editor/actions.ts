// What the actions that run in the renderer do (src/shared/actions.ts), whether they come from the keyboard, the
// native menu (a `menu:command` event) or a toolbar button. A Record over every renderer action, so one without a
// binding does not compile.

import { TOOL_IDS, type RendererActionName, type ToolId } from '../../shared/actions';
import type { Editor } from './editor';
import { fitToPoints, followEdges } from './fit-commands';
import { NUDGE_MM } from './selection-commands';

type Binding = (editor: Editor) => void;

/** A tool's action: the tool acts on the selection if it can (a constraint tool), else becomes the current tool. */
const toolBindings = Object.fromEntries(
  TOOL_IDS.map((id) => [`tool:${id}`, (editor: Editor) => editor.useTool(id)]),
) as Record<`tool:${ToolId}`, Binding>;

/** The arrow keys: the selection moved through the solver, NUDGE_MM.near a press, .far with Shift (y is down). */
const nudge =
  (dx: number, dy: number, far: boolean): Binding =>
  (editor) => {
    const step = far ? NUDGE_MM.far : NUDGE_MM.near;
    editor.selectionCommands.nudge([dx * step, dy * step]);
  };

export const RENDERER_ACTIONS: Record<RendererActionName, Binding> = {
  'file:export': (editor) => editor.sheets.export(),
  'edit:undo': (editor) => editor.undo(),
  'edit:redo': (editor) => editor.redo(),
  'edit:cut': (editor) => editor.selectionCommands.cut(),
  'edit:copy': (editor) => void editor.selectionCommands.copy(),
  'edit:paste': (editor) => editor.selectionCommands.paste(),
  'edit:duplicate': (editor) => editor.selectionCommands.duplicate(),
  'edit:delete': (editor) => editor.deleteSelection(),
  'edit:select-all': (editor) => editor.selectAll(),
  'edit:select-none': (editor) => editor.selectNone(),
  'edit:value': (editor) => editor.values.editValue(),
  'edit:cancel': (editor) => editor.cancel(),
  'edit:nudge-left': nudge(-1, 0, false),
  'edit:nudge-right': nudge(1, 0, false),
  'edit:nudge-up': nudge(0, -1, false),
  'edit:nudge-down': nudge(0, 1, false),
  'edit:nudge-left-far': nudge(-1, 0, true),
  'edit:nudge-right-far': nudge(1, 0, true),
  'edit:nudge-up-far': nudge(0, -1, true),
  'edit:nudge-down-far': nudge(0, 1, true),
  'view:zoom-in': (editor) => editor.viewOps.zoomBy(1.25),
  'view:zoom-out': (editor) => editor.viewOps.zoomBy(0.8),
  'view:fit': (editor) => editor.viewOps.fit(),
  'view:grid': (editor) => editor.viewOps.toggleGrid(),
  'view:grid-snap': (editor) => editor.viewOps.toggleGridSnap(),
  'view:plot': (editor) => editor.sheets.plot(),
  'view:instant-centres': (editor) => editor.viewOps.toggleInstantCentres(),
  'view:solver-details': (editor) => editor.viewOps.toggleSolverDetails(),
  ...toolBindings,
  'play:toggle': (editor) => editor.player.toggle(),
  'play:step': (editor) => editor.player.control('step'),
  'play:reset': (editor) => editor.player.control('reset'),
  'fit:points': (editor) => editor.attract(fitToPoints),
  'fit:edges': (editor) => editor.attract(followEdges),
  'help:shortcuts': (editor) => editor.sheets.shortcuts(),
};
