// The native application menu, laid out from the action table (src/shared/actions.ts): each action with a menu
// place becomes an item with the action's name as its id, its label and its first shortcut. Main's actions (the
// file flow, Quit) run here; the renderer's go to it as `menu:command` events. The renderer owns the keyboard for
// those, so their accelerators are shown but not registered here (otherwise Ctrl+Z would undo twice). Items that
// are no action of ours (Open Recent, the clipboard roles, the developer tools) are slotted into the sections.
// Cut, Copy and Paste are the editor's own actions (the drawing's clipboard), not Electron's text roles. A toggle
// (an action with a `checked` rule) is a checkbox item; the page's flags check it and grey items out
// (menu-state.ts).
import type { MenuItemConstructorOptions } from 'electron';
import { ACTION_NAMES, spec, type ActionName, type MenuName } from '../../src/shared/actions';
import type { MenuCommand } from '../../src/shared/contract';
import type { MainBindings } from './main-actions';

export interface MenuActions {
  /** The main process's actions (main-actions.ts). */
  main: MainBindings;
  openPath(path: string): void;
  /** A shipped example, opened as an untitled copy (FileFlow.openExample). */
  openExample(path: string): void;
  send(command: MenuCommand): void;
}

export interface MenuContext {
  recent: string[];
  examples: { title: string; path: string }[];
  isMac: boolean;
  dev: boolean;
}

const MENUS: readonly MenuName[] = ['File', 'Edit', 'View', 'Tools', 'Constrain', 'Help'];

function actionItem(actions: MenuActions, name: ActionName, isMac: boolean): MenuItemConstructorOptions {
  const action = spec(name);
  const item: MenuItemConstructorOptions = {
    id: name,
    label: (isMac && action.macLabel) || action.label,
    accelerator: action.shortcuts?.[0],
    ...(action.checked ? { type: 'checkbox' as const } : {}),
  };
  if (action.runs === 'main') return { ...item, click: () => actions.main[name as keyof MainBindings]() };
  return { ...item, registerAccelerator: false, click: () => actions.send(name as MenuCommand) };
}

/** The items of other kinds, by menu and section: placed at the section's start or end. */
interface Slot {
  menu: MenuName;
  section: number;
  at: 'start' | 'end';
  items: MenuItemConstructorOptions[];
}

function slots(actions: MenuActions, context: MenuContext): Slot[] {
  const recent: MenuItemConstructorOptions[] = context.recent.length
    ? context.recent.map((path) => ({ label: path, click: () => actions.openPath(path) }))
    : [{ label: 'No Recent Files', enabled: false }];
  const examples: MenuItemConstructorOptions[] = context.examples.length
    ? context.examples.map((example) => ({
        label: example.title,
        click: () => actions.openExample(example.path),
      }))
    : [{ label: 'No Examples', enabled: false }];
  return [
    {
      menu: 'File',
      section: 0,
      at: 'end',
      items: [
        { label: 'Open Recent', submenu: recent },
        { label: 'Open Example', submenu: examples },
      ],
    },
    ...(context.dev
      ? [
          {
            menu: 'View',
            section: 1,
            at: 'end',
            items: [{ role: 'reload' }, { role: 'toggleDevTools' }],
          } as Slot,
        ]
      : []),
    { menu: 'View', section: 2, at: 'end', items: [{ role: 'togglefullscreen' }] },
  ];
}

function submenu(menu: MenuName, actions: MenuActions, context: MenuContext): MenuItemConstructorOptions[] {
  const sections = new Map<number, MenuItemConstructorOptions[]>();
  const section = (n: number) => {
    let items = sections.get(n);
    if (!items) sections.set(n, (items = []));
    return items;
  };
  const extra = slots(actions, context).filter((slot) => slot.menu === menu);
  for (const slot of extra) if (slot.at === 'start') section(slot.section).push(...slot.items);
  for (const name of ACTION_NAMES) {
    const place = spec(name).menu;
    if (place && place[0] === menu) section(place[1]).push(actionItem(actions, name, context.isMac));
  }
  for (const slot of extra) if (slot.at === 'end') section(slot.section).push(...slot.items);
  const out: MenuItemConstructorOptions[] = [];
  for (const n of [...sections.keys()].sort((a, b) => a - b)) {
    if (out.length) out.push({ type: 'separator' });
    out.push(...sections.get(n)!);
  }
  return out;
}

export function menuTemplate(actions: MenuActions, context: MenuContext): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = MENUS.map((menu) => ({
    label: menu,
    submenu: submenu(menu, actions, context),
  }));
  if (context.isMac) template.unshift({ role: 'appMenu' });
  return template;
}

/** The item of an action (by its id), or null: what a click on it does is what the user's click would do. */
export function findActionItem(
  template: MenuItemConstructorOptions[],
  name: ActionName,
): MenuItemConstructorOptions | null {
  for (const item of template) {
    if (item.id === name) return item;
    if (Array.isArray(item.submenu)) {
      const found = findActionItem(item.submenu, name);
      if (found) return found;
    }
  }
  return null;
}
