// The renderer's entry: builds the editor on the window API (window.curvewright, from the preload), the Konva
// view and the panels, and routes the page's pointer, wheel and key events into the editor.

import type { Vec2 } from '../shared/drawing';
import { errorLine } from '../shared/error-line';
import { userMessage } from '../shared/user-message';
import { dimensionById, dimensionLayout } from './editor/dimensions';
import { Editor } from './editor/editor';
import { followColorScheme } from './color-scheme';
import { acceptFileDrops } from './file-drop';
import { mountConstraintsList } from './panels/constraints-list';
import { mountContextMenu } from './panels/context-menu';
import { mountDimensionInput } from './panels/dimension-input';
import { mountPlotPanel } from './panels/plot-panel';
import { mountProperties } from './panels/properties';
import { mountStatusBar } from './panels/status-bar';
import { mountFourBarStatus } from './panels/four-bar-status';
import { mountShortcutSheet } from './panels/shortcut-sheet';
import { mountExportDialog } from './panels/export-dialog';
import { mountStartPanel } from './panels/start-panel';
import { fileButtons } from './panels/file-buttons';
import { mountToolbar } from './panels/toolbar';
import { mountTracesList } from './panels/traces-list';
import { mountParametersPanel } from './panels/parameters-panel';
import type {} from './debug-hook';
import type { PointerInput } from './tools/tool';
import { CanvasView } from './view/canvas-view';
import { THEME } from './view/theme';

function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`index.html has no #${id}`);
  return node;
}

/** Keys typed into a field or a dialog are not editor shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="dialog"]') !== null
  );
}

async function main(): Promise<void> {
  const api = window.curvewright;
  const host = byId('canvas') as HTMLDivElement;
  const editor = new Editor(api, { width: host.clientWidth, height: host.clientHeight });
  await editor.init();
  const view = new CanvasView(host, editor);
  followColorScheme(window, () => view.repaint());
  mountToolbar(
    byId('toolbar'),
    editor,
    fileButtons(api, (message) => editor.notify(message)),
  );
  mountProperties(byId('properties'), editor);
  mountConstraintsList(byId('constraints'), editor);
  mountTracesList(byId('traces'), editor);
  mountParametersPanel(byId('parameters'), editor);
  mountStatusBar(byId('status'), editor);
  mountFourBarStatus(byId('status'), editor, api);
  mountDimensionInput(host, editor);
  mountStartPanel(host, editor, api);
  const shortcuts = mountShortcutSheet(document.body);
  editor.sheets.shortcuts = shortcuts.toggle;
  editor.sheets.plot = mountPlotPanel(byId('plot'), editor, api).toggle;
  editor.sheets.export = mountExportDialog(document.body, api, (message) => editor.notify(message)).open;
  mountContextMenu(host, editor);

  const local = (e: MouseEvent): Vec2 => {
    const rect = host.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  };
  const input = (e: MouseEvent): PointerInput =>
    editor.inputs.at(local(e), {
      button: e.button,
      shift: e.shiftKey,
      alt: e.altKey,
      ctrl: e.ctrlKey || e.metaKey,
    });

  host.addEventListener('pointerdown', (e) => {
    host.focus();
    host.setPointerCapture(e.pointerId);
    editor.inputs.pointerDown(input(e));
    e.preventDefault();
  });
  host.addEventListener('pointermove', (e) => editor.inputs.pointerMove(input(e)));
  host.addEventListener('pointerleave', () => editor.inputs.pointerLeave());
  host.addEventListener('pointerup', (e) => {
    if (host.hasPointerCapture(e.pointerId)) host.releasePointerCapture(e.pointerId);
    editor.inputs.pointerUp(input(e));
  });
  host.addEventListener('dblclick', (e) => editor.inputs.doubleClick(input(e)));
  host.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    editor.openContextMenu(input(e));
  });
  // The middle button pans: keep the browser's autoscroll out of it.
  host.addEventListener('mousedown', (e) => {
    if (e.button === 1) e.preventDefault();
  });
  host.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      editor.inputs.wheelEvent(local(e), e);
    },
    { passive: false },
  );
  window.addEventListener('keydown', (e) => {
    if (isTyping(e.target)) return;
    const used = editor.inputs.keyDown({
      key: e.key,
      shift: e.shiftKey,
      alt: e.altKey,
      ctrl: e.ctrlKey || e.metaKey,
    });
    if (used) e.preventDefault();
  });
  window.addEventListener('keyup', (e) =>
    editor.inputs.keyUp({ key: e.key, shift: e.shiftKey, alt: e.altKey, ctrl: e.ctrlKey || e.metaKey }),
  );
  acceptFileDrops(window, api, (message) => editor.notify(userMessage(message, editor.mirror.drawing)));
  new ResizeObserver(() => view.resize(host.clientWidth, host.clientHeight)).observe(host);

  // The native menu's renderer actions (its file commands run in main: electron/main/main-actions.ts), and its
  // check marks and enabled items as the action table's rules give them for the editor's state.
  api.onMenuCommand((command) => editor.run(command));
  editor.actionFlags.watch(
    (flags) =>
      void api
        .setMenuState(flags)
        .catch((error: unknown) => console.error(`menu:state: ${errorLine(error)}`)),
  );
  // The session's process was started anew (it ran out of memory, crashed, or the user stopped a call): whatever
  // the tools were doing is dropped, and the new session takes the drawing up as shown here.
  api.onSessionRestarted(() => {
    editor.tool.cancel();
    void editor.client.restore().catch((error: unknown) => editor.client.fail(error));
  });
  api.onSessionChanged((snapshot) => {
    // A drawing opened, reverted or started anew under the tools: whatever was half-drawn belongs to the old one.
    // (A save sends no drawing: only the title and the unsaved marker changed.)
    if (snapshot.drawing) {
      editor.tool.cancel();
      // What was said of the old drawing (a refusal, its highlights) is not about this one.
      editor.clearMessage();
    }
    editor.client.apply(snapshot);
    // An import added curves to the drawing on screen: they are selected and shown, the view otherwise kept.
    if (snapshot.imported) editor.showImported(snapshot.imported);
    else if (snapshot.drawing) editor.viewOps.showOpened();
    if (snapshot.notice) editor.notify(snapshot.notice);
  });

  window.__curvewrightDebug = {
    toPage: (p) => {
      const rect = host.getBoundingClientRect();
      const s = editor.view.toScreen(p);
      return [s[0] + rect.left, s[1] + rect.top];
    },
    idle: () => editor.client.idle(),
    tool: () => editor.tool.path,
    aid: () => editor.overlay.aid?.label ?? null,
    frames: () => [...editor.frames.samples],
    layerDraws: () => ({ ...view.draws }),
    analysisMarks: () => {
      const rect = host.getBoundingClientRect();
      return view.analysisMarks.map((m) => ({ ...m, at: [m.at[0] + rect.left, m.at[1] + rect.top] }));
    },
    selection: () => [...editor.selection],
    overlay: () => ({ ...view.overlayDrawn }),
    drawnColor: (id) => view.glyphColors.get(id) ?? view.dimensionColors.get(id) ?? null,
    paperColor: () => THEME.paper,
    dimension: (id) => {
      const k = dimensionById(editor.mirror, id);
      const layout = k ? dimensionLayout(editor, k) : null;
      return layout ? { at: layout.at, text: layout.text } : null;
    },
  };
  document.title = editor.mirror.title;
  editor.subscribe((change) => {
    if (change.status) document.title = editor.mirror.title;
  });
  document.body.dataset.ready = 'true';
}

void main().catch((error: unknown) => {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
  console.error(error);
});
