// The action table's `checked` and `enabled` rules (src/shared/actions.ts) applied to the editor: its state as the
// rules read it, and the flags they give, kept up to date as the editor changes. One truth for every place an
// action shows: the native menu (main.ts sends the flags to main on `menu:state`), the toolbar's toggles and
// Undo/Redo, the player's Reset, and the context menu, which lists only what is enabled.

import { actionFlags, type ActionFlags, type ActionState } from '../../shared/actions';
import { sameData } from '../../shared/same-data';
import type { Editor } from './editor';
import { fitData, snakeImage } from './fit-commands';

/** The editor's state as the rules read it. */
export function actionStateOf(editor: Editor): ActionState {
  const { mirror, selection, viewOps } = editor;
  let curveSelected = false;
  for (const id of selection)
    if (mirror.curve(id)) {
      curveSelected = true;
      break;
    }
  return {
    showGrid: viewOps.showGrid,
    snapToGrid: viewOps.snapToGrid,
    showCentres: viewOps.showCentres,
    solverDetails: viewOps.solverDetails,
    canUndo: mirror.canUndo,
    canRedo: mirror.canRedo,
    selected: selection.size > 0,
    curveSelected,
    valueSelected: editor.values.selectedValue() !== null,
    canPaste: editor.selectionCommands.canPaste,
    canReset: mirror.play.canReset,
    canFitPoints: curveSelected && fitData(mirror.drawing, selection) !== null,
    canFollowEdges: curveSelected && snakeImage(mirror.drawing) !== null,
  };
}

export class ActionFlagsWatch {
  /** The flags as of the editor's last change. */
  current: ActionFlags;
  private readonly listeners = new Set<(flags: ActionFlags) => void>();

  constructor(private readonly editor: Editor) {
    this.current = actionFlags(actionStateOf(editor));
    editor.subscribe(() => this.refresh());
  }

  /** Calls `listener` with the flags now and whenever they change; returns the unsubscribe. */
  watch(listener: (flags: ActionFlags) => void): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }

  private refresh(): void {
    const next = actionFlags(actionStateOf(this.editor));
    if (sameData(next, this.current)) return;
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }
}
