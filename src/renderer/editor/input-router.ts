// Where the page's pointer, wheel and key events go. The middle button, or the left one with Space held, pans the
// view; a wheel zooms about the cursor or, a trackpad's swipe, pans (wheel-gesture.ts); everything else goes to
// the current tool, and a key the tool's state does not use (Enter ends a spline) to the action table's shortcuts
// (keymap.ts).

import type { RendererActionName } from '../../shared/actions';
import type { Vec2 } from '../../shared/drawing';
import type { KeyInput, PointerInput, Tool } from '../tools/tool';
import type { ChangePatch } from './editor-change';
import { actionForKey } from './keymap';
import type { ViewOperations } from './view-operations';
import type { ViewTransform } from './view-transform';
import { WHEEL_ZOOM, wheelGesture, type WheelInput } from './wheel-gesture';

export interface InputHost {
  readonly view: ViewTransform;
  readonly viewOps: ViewOperations;
  /** The current tool. */
  readonly tool: Tool;
  change(patch: ChangePatch): void;
  /** Carries out one of the renderer's actions (a shortcut's). */
  run(action: RendererActionName): void;
  /** A press on the canvas is a new action: the last one's message goes. */
  clearMessage(): void;
}

export class InputRouter {
  /** Where the pointer is on the drawing (mm), for the status bar; null when it is off the canvas. */
  cursor: Vec2 | null = null;
  /** The last pointer input on the canvas. */
  last: PointerInput | null = null;
  private pan: { last: Vec2 } | null = null;
  private spaceDown = false;

  constructor(private readonly host: InputHost) {}

  /** Builds a pointer input from canvas coordinates (the view converts to drawing mm). */
  at(screen: Vec2, mods: Partial<Omit<PointerInput, 'screen' | 'point'>> = {}): PointerInput {
    return {
      screen,
      point: this.host.view.toDrawing(screen),
      button: mods.button ?? 0,
      shift: mods.shift ?? false,
      alt: mods.alt ?? false,
      ctrl: mods.ctrl ?? false,
    };
  }

  pointerDown(e: PointerInput): void {
    this.last = e;
    this.host.clearMessage();
    if (e.button === 1 || (e.button === 0 && this.spaceDown)) {
      this.pan = { last: e.screen };
      return;
    }
    this.host.tool.pointerDown(e);
  }

  pointerMove(e: PointerInput): void {
    this.last = e;
    this.cursor = e.point;
    this.host.change({ cursor: true });
    if (this.pan) {
      this.host.viewOps.panBy(e.screen[0] - this.pan.last[0], e.screen[1] - this.pan.last[1], false);
      this.pan.last = e.screen;
      return;
    }
    this.host.tool.pointerMove(e);
  }

  pointerUp(e: PointerInput): void {
    this.last = e;
    if (this.pan) {
      this.pan = null;
      this.host.viewOps.saveView();
      return;
    }
    this.host.tool.pointerUp(e);
  }

  /** The pointer left the canvas: no coordinates to show. */
  pointerLeave(): void {
    this.cursor = null;
    this.host.change({ cursor: true });
  }

  doubleClick(e: PointerInput): void {
    this.host.tool.doubleClick(e);
  }

  /** A mouse wheel's vertical delta (px): zoom about the cursor. */
  wheel(screen: Vec2, deltaY: number): void {
    this.host.viewOps.zoomAbout(screen, Math.pow(WHEEL_ZOOM, -deltaY));
  }

  /** Any wheel event: a wheel or a pinch zooms about the cursor, a trackpad's swipe pans (wheel-gesture.ts). */
  wheelEvent(screen: Vec2, e: WheelInput): void {
    const gesture = wheelGesture(e);
    if (gesture.kind === 'zoom') this.host.viewOps.zoomAbout(screen, gesture.factor);
    else this.host.viewOps.panBy(gesture.dx, gesture.dy, true);
  }

  /**
   * Returns true when the key was used (the page then prevents its default). Space held pans; otherwise the tool's
   * current state sees the key first (Enter ends a spline), then the action table's shortcuts (keymap.ts).
   */
  keyDown(e: KeyInput): boolean {
    if (e.key === ' ') {
      this.spaceDown = true;
      return true;
    }
    if (this.host.tool.keyDown(e)) return true;
    const action = actionForKey(e);
    if (!action) return false;
    this.host.run(action);
    return true;
  }

  keyUp(e: KeyInput): void {
    if (e.key === ' ') this.spaceDown = false;
  }
}
