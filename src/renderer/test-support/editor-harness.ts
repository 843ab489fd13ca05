// The editor driven headless, for tests: the window API built by the preload's own createApi, every call through
// the dispatch gate into a real Session (real engine), and a user who moves, presses, clicks and types in drawing
// millimetres.

import { createApi } from '../../../electron/preload/api';
import { events, methodTable, preloadMethodTable } from '../../../electron/preload/methods';
import { dispatch, type Handlers } from '../../session/dispatch';
import { createHandlers } from '../../session/handlers';
import { Session } from '../../session/session';
import { parseAccelerator } from '../../shared/actions';
import type { Drawing, Vec2 } from '../../shared/drawing';
import { Editor } from '../editor/editor';
import type { ToolId } from '../tools/tool';
import { testClock } from '../../shared/test-support/clock';

export interface Mods {
  shift?: boolean;
  alt?: boolean;
}

export async function setupEditor(drawing?: Drawing) {
  const session = new Session({ clock: testClock(), ...(drawing ? { drawing } : {}) });
  const handlers = createHandlers(session) as unknown as Handlers;
  const api = createApi(
    methodTable(),
    preloadMethodTable(),
    events,
    (channel, payload) => dispatch(handlers, channel, JSON.parse(JSON.stringify(payload))),
    () => () => undefined,
    (file) => file.name,
  );
  const editor = new Editor(api, { width: 800, height: 600, schedule: (cb) => setTimeout(cb, 0) });
  await editor.init();
  const at = (p: Vec2, mods: Mods = {}) => editor.inputs.at(editor.view.toScreen(p), mods);
  const user = {
    move: (p: Vec2, mods: Mods = {}) => editor.inputs.pointerMove(at(p, mods)),
    down: (p: Vec2, mods: Mods = {}) => editor.inputs.pointerDown(at(p, mods)),
    up: (p: Vec2, mods: Mods = {}) => editor.inputs.pointerUp(at(p, mods)),
    click(p: Vec2, mods: Mods = {}) {
      this.move(p, mods);
      this.down(p, mods);
      this.up(p, mods);
    },
    key: (key: string, mods: { shift?: boolean; ctrl?: boolean } = {}) =>
      editor.inputs.keyDown({ key, shift: mods.shift ?? false, alt: false, ctrl: mods.ctrl ?? false }),
    tool: (id: ToolId) => editor.setTool(id),
    /** Runs an action as its first shortcut would ("Shift+L"). */
    shortcut: (accelerator: string) => editor.inputs.keyDown(parseAccelerator(accelerator)),
  };
  return { session, editor, user };
}
