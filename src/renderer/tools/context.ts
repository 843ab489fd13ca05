// What a tool may see and do: the editor's side of the tool state machines (implemented by editor/editor.ts).

import type { Connector, Curve, ReferenceImage, Vec2 } from '../../shared/drawing';
import type { EditCommand } from '../../shared/edit-commands';
import type { DragLoop } from '../editor/drag-loop';
import type { Mirror } from '../editor/mirror';
import type { Snap } from '../editor/snapping';
import type { ValueEditing } from '../editor/value-editing';
import type { ViewTransform } from '../editor/view-transform';
import type { PointerInput, ToolId } from './tool';

/** What the overlay layer draws for the tool in progress. */
export interface Overlay {
  /** Ghost curves of what a click would make. */
  preview: Curve[];
  /** Points clicked so far. */
  marks: Vec2[];
  /** The snap a click would make here. */
  snap: Snap | null;
  /** Box selection corners (drawing coordinates). */
  box: [Vec2, Vec2] | null;
  /** Connectors already picked (the first end of an attachment or a spring). */
  picked: Connector[];
  /**
   * The drag in progress: the material point pulled and the cursor pulling it. Drawn as a line between the two, so
   * a point that cannot follow (a locked or over-constrained drawing) shows how far it is held back.
   */
  pull: { curve: string; u: number; cursor: Vec2 } | null;
  /**
   * A dimension's label being dragged: drawn at `offset` (the record's `label` to be) instead of the record's, until
   * the session has answered the edit that moves it (so it does not jump back meanwhile); clearOverlay keeps it.
   */
  label: { id: string; offset: Vec2 } | null;
  /** The auto-constraint a click here would add while drawing ("H", "V", "tangent"), shown beside the cursor. */
  aid: { label: string; at: Vec2 } | null;
  /**
   * A reference image being moved: drawn at `placement` instead of its record's until the session has answered the
   * edit that moves it (as `label`); clearOverlay keeps it.
   */
  image?: { id: string; placement: Pick<ReferenceImage, 'center' | 'width' | 'rotation'> } | null;
}

export interface EditorContext {
  readonly mirror: Mirror;
  readonly view: ViewTransform;
  readonly selection: ReadonlySet<string>;
  readonly overlay: Overlay;
  readonly drag: DragLoop;
  /** The inline editor of a dimension's value or of a curve's main value (editor/value-editing.ts). */
  readonly values: Pick<ValueEditing, 'editDimension' | 'editCurveValue' | 'ask' | 'close'>;
  /** The pick and snap tolerance in drawing mm (a fixed number of pixels at the current zoom). */
  tolerance(): number;
  /** What a click at e would snap to (null when Alt is held or nothing is near). */
  snapAt(e: PointerInput, exclude?: ReadonlySet<string>): Snap | null;
  /** The grid step (mm) drawn points round to when Snap to Grid is on; null when it is off. */
  gridSnapStep(): number | null;
  newId(prefix: 'c' | 'k' | 's' | 't' | 'p' | 'a' | 'v'): string;
  /** Sends one undoable edit to the session (queued in order); the answer updates the mirror. */
  commit(command: EditCommand): void;
  setSelection(ids: Iterable<string>): void;
  setHover(id: string | null): void;
  deleteSelection(): void;
  /** A one-line message for the status bar (a refused click, an error). */
  notify(message: string): void;
  clearOverlay(): void;
  overlayChanged(): void;
  toolChanged(): void;
  setTool(id: ToolId): void;
  /** Shows a dimension's label at a dragged offset (null: as its record says). */
  previewLabel(label: { id: string; offset: Vec2 } | null): void;
  /** Sends the `label` edit that moves a dimension's label; the preview stays until the session answers. */
  commitLabel(id: string, offset: Vec2): void;
  /** Shows a reference image at a placement being dragged (null: as its record says). */
  previewImage(image: Overlay['image']): void;
  /** Sends the `image` edit that places it so; the preview stays until the session answers. */
  commitImage(id: string, placement: Partial<Pick<ReferenceImage, 'center' | 'width' | 'rotation'>>): void;
}
