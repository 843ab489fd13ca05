// Fillet and Chamfer: a corner where two segments meet end to end (src/shared/corner.ts) — clicked, or selected
// (its attachment, or the two lines) when the tool's key is pressed — then its radius or distance typed in the
// inline editor, which opens at the corner with a size that fits; Enter sends the one undoable edit that trims both
// lines and adds the arc (attached, tangent to both, its radius a dimension) or the chamfer's segment. What cannot be
// done is said before anything is sent. States: corner (pick one) → size (the editor open).

import {
  cornerAt,
  cornerCommand,
  cornerOfSelection,
  defaultCornerSize,
  type Corner,
  type CornerKind,
} from '../../shared/corner';
import type { AddCommand } from '../../shared/edit-commands';
import { UNIT_SYMBOL } from '../../shared/units';
import type { EditorContext } from './context';
import { Tool, ToolState, type PointerInput, type ToolId } from './tool';

abstract class CornerTool extends Tool {
  abstract readonly kind: CornerKind;
  /** What the size is called in the editor and in messages. */
  abstract readonly sizeName: string;
  corner: Corner | null = null;

  constructor(editor: EditorContext) {
    super(editor);
    this.addStates(new PickCorner(this), new TypeSize(this));
  }

  override reset(): void {
    this.corner = null;
    super.reset();
  }

  private selected(): Corner | null {
    return cornerOfSelection(this.editor.mirror.drawing, [...this.editor.selection]);
  }

  override fitsSelection(): boolean {
    return this.selected() !== null;
  }

  /** A corner selected: the tool takes over and asks for its size at once. */
  override applyToSelection(): boolean {
    const corner = this.selected();
    if (!corner) return false;
    this.editor.setTool(this.id);
    this.start(corner);
    return true;
  }

  /** The corner under the cursor (the pick tolerance), if any. */
  cornerAt(e: PointerInput): Corner | null {
    return cornerAt(this.editor.mirror.drawing, e.point, this.editor.tolerance());
  }

  /** Asks for the size of `corner`'s fillet or chamfer in the inline editor, at the corner. */
  start(corner: Corner): void {
    this.corner = corner;
    this.transition('size');
    this.editor.values.ask({
      caption: `${this.label} ${this.sizeName}`,
      unit: UNIT_SYMBOL.mm,
      at: corner.at,
      initial: defaultCornerSize(this.kind, corner),
      submit: (size) => this.make(corner, size),
      closed: () => {
        if (this.state.name === 'size') this.reset();
      },
    });
  }

  /** Sends the edit, or says why it cannot be made; the new curve is selected. */
  private make(corner: Corner, size: number): void {
    const { mirror } = this.editor;
    const names = mirror.names();
    const made = cornerCommand(
      this.kind,
      corner,
      size,
      mirror.drawing,
      (p) => this.editor.newId(p),
      (id) => names.get(id) ?? id,
    );
    if (typeof made === 'string') return this.editor.notify(`${this.label}: ${made}`);
    this.editor.commit(made);
    const added = made.commands.at(-1) as AddCommand;
    this.editor.setSelection((added.curves ?? []).map((c) => c.id));
  }
}

class PickCorner extends ToolState<CornerTool> {
  readonly name = 'corner';
  get hint(): string {
    return `${this.tool.label}: click a corner where two lines meet (or select it, then the tool's key)`;
  }
  override onPointerMove(e: PointerInput): void {
    const corner = this.tool.cornerAt(e);
    const joint = corner && this.editor.mirror.drawing.constraints.find((k) => k.id === corner.joint);
    this.editor.overlay.snap =
      corner && joint?.kind === 'attach' ? { type: 'connector', connector: joint.a, point: corner.at } : null;
    this.editor.overlayChanged();
  }
  override onPointerUp(e: PointerInput): void {
    if (e.button !== 0) return;
    const corner = this.tool.cornerAt(e);
    if (!corner) return this.editor.notify(`${this.tool.label}: no corner here — click where two lines meet`);
    this.tool.start(corner);
  }
}

class TypeSize extends ToolState<CornerTool> {
  readonly name = 'size';
  get hint(): string {
    return `${this.tool.label}: type the ${this.tool.sizeName} and press Enter — Esc cancels`;
  }
  override onCancel(): void {
    this.editor.values.close();
    this.tool.reset();
  }
}

export class FilletTool extends CornerTool {
  readonly id: ToolId = 'fillet';
  readonly kind = 'fillet';
  readonly sizeName = 'radius';
}

export class ChamferTool extends CornerTool {
  readonly id: ToolId = 'chamfer';
  readonly kind = 'chamfer';
  readonly sizeName = 'distance';
}
