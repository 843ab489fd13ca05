// Tools as small state machines, after tldraw's StateNode: a tool is a parent with named child states
// (select.idle, select.dragging, circle.radius …); input goes to the current child; a child moves the tool on with
// transition(). Every tool has a status-bar hint per state, and onCancel (Escape) that returns it to its first
// state leaving nothing half-made; its label and shortcut are its action's (`tool:<id>`, src/shared/actions.ts).
// Nothing here knows Konva: the editor feeds synthetic or real events.

import { spec, type ToolId } from '../../shared/actions';
import type { Vec2 } from '../../shared/drawing';
import type { EditorContext } from './context';

export interface PointerInput {
  /** Canvas pixels (CSS). */
  screen: Vec2;
  /** Drawing millimetres. */
  point: Vec2;
  button: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

export interface KeyInput {
  key: string;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

export type { ToolId };

/** One state of a tool. Handlers are optional; a key handler returns true when it used the key. */
export abstract class ToolState<T extends Tool = Tool> {
  abstract readonly name: string;
  abstract readonly hint: string;
  constructor(protected readonly tool: T) {}
  get editor(): EditorContext {
    return this.tool.editor;
  }
  onEnter(): void {}
  onExit(): void {}
  onPointerDown(_e: PointerInput): void {}
  onPointerMove(_e: PointerInput): void {}
  onPointerUp(_e: PointerInput): void {}
  onDoubleClick(_e: PointerInput): void {}
  onKeyDown(_e: KeyInput): boolean {
    return false;
  }
  /** Escape: abandon what this state was doing. The default returns the tool to its first state. */
  onCancel(): void {
    this.tool.reset();
  }
}

export abstract class Tool {
  abstract readonly id: ToolId;
  protected states = new Map<string, ToolState>();
  private currentState: ToolState | null = null;

  constructor(readonly editor: EditorContext) {}

  protected addStates(...states: ToolState[]): void {
    for (const state of states) this.states.set(state.name, state);
    if (!this.currentState) this.currentState = states[0];
  }

  /** The label of the tool's action. */
  get label(): string {
    return spec(`tool:${this.id}`).label;
  }

  get state(): ToolState {
    if (!this.currentState) throw new Error(`tool ${this.id} has no states`);
    return this.currentState;
  }

  /** "circle.radius": the tool and its current state, for the status bar and tests. */
  get path(): string {
    return `${this.id}.${this.state.name}`;
  }

  get hint(): string {
    return this.state.hint;
  }

  transition(name: string): void {
    const next = this.states.get(name);
    if (!next) throw new Error(`tool ${this.id} has no state '${name}'`);
    this.state.onExit();
    this.currentState = next;
    next.onEnter();
    this.editor.toolChanged();
  }

  /** Back to the first state with nothing in progress (overlay cleared). */
  reset(): void {
    const first = this.states.values().next().value as ToolState;
    this.editor.clearOverlay();
    if (this.currentState !== first) this.transition(first.name);
    else this.editor.toolChanged();
  }

  /**
   * The tool's action run with a selection: a tool that acts on the selection (a constraint between the selected
   * lines) does so and returns true; the others return false, and the editor switches to them.
   */
  applyToSelection(): boolean {
    return false;
  }

  /**
   * A drawing tool (it makes curves and selects each one it made): a constraint key pressed while it is on starts
   * that constraint's tool rather than applying to the curve just drawn.
   */
  get draws(): boolean {
    return false;
  }

  /** Whether applyToSelection would act on the present selection (the context menu lists the tools that would). */
  fitsSelection(): boolean {
    return false;
  }

  /** In its first state: nothing in progress that Escape would abandon. */
  get atRest(): boolean {
    return this.currentState === this.states.values().next().value;
  }

  /** Leaving the tool: cancel whatever is in progress. */
  deactivate(): void {
    this.state.onCancel();
    this.reset();
  }

  pointerDown(e: PointerInput): void {
    this.state.onPointerDown(e);
  }
  pointerMove(e: PointerInput): void {
    this.state.onPointerMove(e);
  }
  pointerUp(e: PointerInput): void {
    this.state.onPointerUp(e);
  }
  doubleClick(e: PointerInput): void {
    this.state.onDoubleClick(e);
  }
  keyDown(e: KeyInput): boolean {
    return this.state.onKeyDown(e);
  }
  cancel(): void {
    this.state.onCancel();
  }
}
