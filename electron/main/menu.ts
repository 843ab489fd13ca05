// The native application menu. File commands are carried out in main (they need native dialogs); editing, view
// and tool commands go to the renderer as `menu:command` events. The renderer owns the keyboard for those, so
// their accelerators are shown but not registered here (otherwise Ctrl+Z would undo twice).
import type { MenuItemConstructorOptions } from 'electron';
import type { FileCommand, MenuCommand } from '../../src/shared/contract';

export interface MenuActions {
  file(command: FileCommand): void;
  openPath(path: string): void;
  send(command: MenuCommand): void;
  quit(): void;
}

export interface MenuContext {
  recent: string[];
  examples: { title: string; path: string }[];
  isMac: boolean;
  dev: boolean;
}

function toRenderer(
  actions: MenuActions,
  label: string,
  command: MenuCommand,
  accelerator?: string,
): MenuItemConstructorOptions {
  return { label, accelerator, registerAccelerator: false, click: () => actions.send(command) };
}

// The renderer's single-key tool shortcuts (src/renderer/tools), shown in the menu so they can be discovered.
type ToolItem = readonly [label: string, command: MenuCommand, key: string];
const DRAWING_TOOLS: readonly ToolItem[] = [
  ['Select', 'tool:select', 'V'],
  ['Point', 'tool:point', 'P'],
  ['Segment', 'tool:segment', 'L'],
  ['Bar', 'tool:bar', 'B'],
  ['Circle', 'tool:circle', 'C'],
  ['Arc', 'tool:arc', 'A'],
  ['Ellipse', 'tool:ellipse', 'E'],
  ['Bézier', 'tool:bezier', 'Z'],
  ['Spline', 'tool:spline', 'S'],
];
const CONSTRAINT_TOOLS: readonly ToolItem[] = [
  ['Pin', 'tool:pin', 'N'],
  ['Attach', 'tool:attach', 'T'],
  ['Motor', 'tool:motor', 'M'],
  ['Spring', 'tool:spring', 'G'],
  ['Trace', 'tool:trace', 'R'],
];

export function menuTemplate(actions: MenuActions, context: MenuContext): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] = context.recent.length
    ? context.recent.map((path) => ({ label: path, click: () => actions.openPath(path) }))
    : [{ label: 'No Recent Files', enabled: false }];
  const examples: MenuItemConstructorOptions[] = context.examples.map((example) => ({
    label: example.title,
    click: () => actions.openPath(example.path),
  }));
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'New', accelerator: 'CmdOrCtrl+N', click: () => actions.file('new') },
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => actions.file('open') },
      { label: 'Open Recent', submenu: recent },
      {
        label: 'Open Example',
        submenu: examples.length ? examples : [{ label: 'No Examples', enabled: false }],
      },
      { type: 'separator' },
      { label: 'Save', accelerator: 'CmdOrCtrl+S', click: () => actions.file('save') },
      { label: 'Save As…', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.file('save-as') },
      { label: 'Revert', click: () => actions.file('revert') },
      { type: 'separator' },
      { label: 'Export SVG…', accelerator: 'CmdOrCtrl+E', click: () => actions.file('export-svg') },
      { type: 'separator' },
      {
        label: context.isMac ? 'Quit Curvewright' : 'Exit',
        accelerator: 'CmdOrCtrl+Q',
        click: () => actions.quit(),
      },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      toRenderer(actions, 'Undo', 'edit:undo', 'CmdOrCtrl+Z'),
      toRenderer(actions, 'Redo', 'edit:redo', 'CmdOrCtrl+Shift+Z'),
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      toRenderer(actions, 'Delete', 'edit:delete', 'Delete'),
      toRenderer(actions, 'Select All', 'edit:select-all', 'CmdOrCtrl+A'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      toRenderer(actions, 'Zoom In', 'view:zoom-in', 'CmdOrCtrl+='),
      toRenderer(actions, 'Zoom Out', 'view:zoom-out', 'CmdOrCtrl+-'),
      toRenderer(actions, 'Fit to Drawing', 'view:fit', 'CmdOrCtrl+0'),
      toRenderer(actions, 'Show Grid', 'view:grid', '#'),
      ...(context.dev
        ? ([
            { type: 'separator' },
            { role: 'reload' },
            { role: 'toggleDevTools' },
          ] as MenuItemConstructorOptions[])
        : []),
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const tools: MenuItemConstructorOptions = {
    label: 'Tools',
    submenu: [
      ...DRAWING_TOOLS.map(([label, command, key]) => toRenderer(actions, label, command, key)),
      { type: 'separator' },
      ...CONSTRAINT_TOOLS.map(([label, command, key]) => toRenderer(actions, label, command, key)),
      { type: 'separator' },
      toRenderer(actions, 'Play / Pause', 'play:toggle', 'K'),
      toRenderer(actions, 'Step One Frame', 'play:step'),
      toRenderer(actions, 'Reset to Start', 'play:reset'),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: 'Help',
    submenu: [toRenderer(actions, 'About Curvewright', 'help:about')],
  };
  const template = [file, edit, view, tools, help];
  if (context.isMac) template.unshift({ role: 'appMenu' });
  return template;
}
