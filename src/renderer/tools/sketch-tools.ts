// The sketcher's constraint tools, one per kind (sketch-forms.ts), as SolveSpace has them: the tool's key applies
// the constraint to the selection when the selection fits (two lines selected, Shift+L: parallel); otherwise the
// tool starts picking — first, then next (each pick an end, a centre or a curve's body), until the picks make the
// constraint, which is added as one undoable edit (the session settles it, or refuses it naming the culprits).
// Escape forgets the picks; Enter ends early where a form allows (an angle from the horizontal).

import type { Curve } from '../../shared/drawing';
import type { Snap } from '../editor/snapping';
import type { EditorContext } from './context';
import { SKETCH_TOOLS, type SketchKind, type SketchToolSpec } from './sketch-forms';
import { decide, type Decision, type Pick, type PickMode } from './sketch-picks';
import { Tool, ToolState, type KeyInput, type PointerInput } from './tool';

function pickOf(tool: Tool, snap: Snap | null): Pick | null {
  if (!snap) return null;
  const id = snap.type === 'connector' ? snap.connector.curve : snap.curve;
  const curve = tool.editor.mirror.curve(id);
  if (!curve) return null;
  if (snap.type === 'connector') return { curve, connector: { ...snap.connector }, atAnchor: true };
  if (curve.kind === 'point') return { curve, connector: { curve: id, anchor: 'start' }, atAnchor: true };
  return { curve, connector: { curve: id, u: snap.u }, atAnchor: false };
}

/** A selected curve as a pick: a point curve is its point, any other curve its body. */
function selectedPick(curve: Curve): Pick {
  return curve.kind === 'point'
    ? { curve, connector: { curve: curve.id, anchor: 'start' }, atAnchor: true }
    : { curve, connector: { curve: curve.id, u: 0.5 }, atAnchor: false };
}

const samePick = (a: Pick, b: Pick) =>
  a.curve.id === b.curve.id &&
  a.atAnchor === b.atAnchor &&
  (!a.atAnchor || (a.connector.anchor === b.connector.anchor && a.connector.u === b.connector.u));

export class SketchTool extends Tool {
  readonly spec: SketchToolSpec;
  picks: Pick[] = [];

  constructor(
    editor: EditorContext,
    readonly id: SketchKind,
  ) {
    super(editor);
    this.spec = SKETCH_TOOLS[id];
    this.addStates(new FirstPick(this), new NextPick(this));
  }

  override reset(): void {
    this.picks = [];
    super.reset();
  }

  /**
   * What a click at e picks (Alt does not matter: without a target there is nothing to constrain). Where the
   * nearest target is one already picked — the second curve at a joint, under the first one's end — the nearest
   * other curve's.
   */
  pickAt(e: PointerInput): Pick | null {
    const plain = { ...e, alt: false };
    const pick = pickOf(this, this.editor.snapAt(plain));
    if (!pick || !this.picks.some((p) => samePick(p, pick))) return pick;
    // Nothing else there: the repeated pick, which the forms then refuse.
    return pickOf(this, this.editor.snapAt(plain, new Set(this.picks.map((p) => p.curve.id)))) ?? pick;
  }

  /** Adds the constraint the decision made and selects it; true when there was one. */
  private commitMade(decision: Decision): boolean {
    if (!('made' in decision)) return false;
    const id = this.editor.newId('k');
    this.editor.commit({ type: 'add', constraints: [{ ...decision.made, id }] });
    this.editor.setSelection([id]);
    return true;
  }

  /** What the selection makes of this constraint; null when it is not all curves. */
  private selectionDecision(): Decision | null {
    const curves: Curve[] = [];
    for (const id of this.editor.selection) {
      const curve = this.editor.mirror.curve(id);
      if (!curve) return null;
      curves.push(curve);
    }
    if (curves.length === 0) return null;
    const picks = this.spec.selectionPicks?.(curves, this.editor.mirror) ?? curves.map(selectedPick);
    return decide(this.spec.forms, picks, this.editor.mirror, 'selection');
  }

  /** The selection, when it is curves that make this constraint: it is added (and said), and true returned. */
  override applyToSelection(): boolean {
    const decision = this.selectionDecision();
    if (decision === null || !('made' in decision)) return false;
    const names = this.editor.mirror.names();
    const curves = [...this.editor.selection].map((id) => names.get(id) ?? id);
    this.commitMade(decision);
    this.editor.notify(`${this.label} added to the selection: ${curves.join(', ')}`);
    return true;
  }

  override fitsSelection(): boolean {
    const decision = this.selectionDecision();
    return decision !== null && 'made' in decision;
  }

  /** Adds `pick` (or, with none, ends the picking on Enter) and acts on what the picks now make. */
  take(pick: Pick | null, mode: PickMode): void {
    const picks = pick ? [...this.picks, pick] : this.picks;
    const decision = decide(this.spec.forms, picks, this.editor.mirror, mode);
    if (this.commitMade(decision)) return this.reset();
    if ('more' in decision) {
      this.picks = picks;
      this.editor.overlay.picked = picks.map((p) => p.connector);
      if (this.state.name !== 'next') this.transition('next');
      return this.editor.overlayChanged();
    }
    const why = 'refused' in decision && decision.refused ? decision.refused : this.pickHint();
    this.editor.notify(`${this.label}: ${pick ? 'that does not fit' : 'not enough picked'} — ${why}`);
  }

  /** What to pick now (the status bar's hint without the tool's label). */
  pickHint(): string {
    return this.picks.length === 0 ? this.spec.hints.first : this.spec.hints.next;
  }

  /** Marks what a click would pick: an anchor's ring, or the curve highlighted. */
  showTarget(e: PointerInput): void {
    const pick = this.pickAt(e);
    const point = pick?.atAnchor ? this.editor.mirror.connectorPosition(pick.connector) : null;
    this.editor.overlay.snap = pick && point ? { type: 'connector', connector: pick.connector, point } : null;
    this.editor.setHover(pick && !pick.atAnchor ? pick.curve.id : null);
    this.editor.overlayChanged();
  }

  click(e: PointerInput): void {
    if (e.button !== 0) return;
    const pick = this.pickAt(e);
    if (!pick) return this.editor.notify(`${this.label}: nothing here — ${this.pickHint()}`);
    this.take(pick, 'pick');
  }
}

class FirstPick extends ToolState<SketchTool> {
  readonly name = 'first';
  get hint(): string {
    return `${this.tool.label}: ${this.tool.spec.hints.first}`;
  }
  override onPointerMove(e: PointerInput): void {
    this.tool.showTarget(e);
  }
  override onPointerUp(e: PointerInput): void {
    this.tool.click(e);
  }
}

class NextPick extends ToolState<SketchTool> {
  readonly name = 'next';
  get hint(): string {
    return `${this.tool.label}: ${this.tool.spec.hints.next} — Esc cancels`;
  }
  override onPointerMove(e: PointerInput): void {
    this.tool.showTarget(e);
  }
  override onPointerUp(e: PointerInput): void {
    this.tool.click(e);
  }
  override onKeyDown(e: KeyInput): boolean {
    if (e.key !== 'Enter') return false;
    this.tool.take(null, 'enter');
    return true;
  }
}

/** The tool class of one kind (tools/index.ts makes one tool per `tool:` action). */
export function sketchToolClass(kind: SketchKind): new (editor: EditorContext) => Tool {
  return class extends SketchTool {
    constructor(editor: EditorContext) {
      super(editor, kind);
    }
  };
}
