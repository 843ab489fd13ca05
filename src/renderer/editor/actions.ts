// What the actions that run in the renderer do (src/shared/actions.ts), whether they come from the keyboard, the
// native menu (a `menu:command` event) or a toolbar button. A Record over every renderer action, so one without a
// binding does not compile.

import { TOOL_IDS, type RendererActionName, type ToolId } from '../../shared/actions';
import type { Editor } from './editor';

type Binding = (editor: Editor) => void;

/** A tool's action: the tool acts on the selection if it can (a constraint tool), else becomes the current tool. */
const toolBindings = Object.fromEntries(
  TOOL_IDS.map((id) => [
    `tool:${id}`,
    (editor: Editor) => {
      if (!editor.tools.find((tool) => tool.id === id)?.applyToSelection()) editor.setTool(id);
    },
  ]),
) as Record<`tool:${ToolId}`, Binding>;

export const RENDERER_ACTIONS: Record<RendererActionName, Binding> = {
  'edit:undo': (editor) => editor.undo(),
  'edit:redo': (editor) => editor.redo(),
  'edit:delete': (editor) => editor.deleteSelection(),
  'edit:select-all': (editor) => editor.selectAll(),
  'edit:cancel': (editor) => editor.cancel(),
  'view:zoom-in': (editor) => editor.zoomBy(1.25),
  'view:zoom-out': (editor) => editor.zoomBy(0.8),
  'view:fit': (editor) => editor.fit(),
  'view:grid': (editor) => editor.toggleGrid(),
  'view:grid-snap': (editor) => editor.toggleGridSnap(),
  ...toolBindings,
  'play:toggle': (editor) => editor.togglePlay(),
  'play:step': (editor) => editor.playControl('step'),
  'play:reset': (editor) => editor.playControl('reset'),
  'help:shortcuts': (editor) => editor.sheets.shortcuts(),
};
