import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import {
  ACTION_NAMES,
  MAIN_ACTION_NAMES,
  chordId,
  parseAccelerator,
  spec,
  type ActionName,
  type MainActionName,
} from '../../src/shared/actions';
import { MENU_COMMANDS } from '../../src/shared/contract';
import { actionForKey } from '../../src/renderer/editor/keymap';
import { createTools } from '../../src/renderer/tools';
import type { EditorContext } from '../../src/renderer/tools/context';
import { findActionItem, menuTemplate, type MenuActions } from './menu';
import type { MainBindings } from './main-actions';

function find(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  for (const item of items) {
    if (item.label === label) return item;
    if (Array.isArray(item.submenu)) {
      try {
        return find(item.submenu, label);
      } catch {
        // keep looking
      }
    }
  }
  throw new Error(`no menu item ${label}`);
}

function allItems(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? allItems(item.submenu) : [])]);
}

function setup(isMac = false) {
  const main = Object.fromEntries(
    MAIN_ACTION_NAMES.map((name) => [name, vi.fn()]),
  ) as unknown as MainBindings;
  const actions: MenuActions = { main, openPath: vi.fn(), openExample: vi.fn(), send: vi.fn() };
  const template = menuTemplate(actions, {
    recent: ['/home/a/linkage.curvewright'],
    examples: [{ title: 'Four Bar', path: '/app/resources/examples/four-bar.curvewright' }],
    isMac,
    dev: false,
  });
  const click = (label: string) => (find(template, label).click as () => void)();
  const item = (name: ActionName) => {
    const found = findActionItem(template, name);
    if (!found) throw new Error(`no menu item for ${name}`);
    return found;
  };
  return { actions, main, template, click, item };
}

/** The labels of a menu, '-' for a separator. */
function layout(template: MenuItemConstructorOptions[], menu: string): string[] {
  const items = template.find((m) => m.label === menu)!.submenu as MenuItemConstructorOptions[];
  return items.map((i) => (i.type === 'separator' ? '-' : (i.label ?? i.role ?? '?')));
}

describe('application menu', () => {
  it('has File, Edit, View, Tools, Constrain and Help, laid out in the sections of the action table', () => {
    const { template } = setup();
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Tools', 'Constrain', 'Help']);
    expect(layout(template, 'File')).toEqual([
      'New',
      'Open…',
      'Open Recent',
      'Open Example',
      '-',
      'Save',
      'Save As…',
      'Revert',
      '-',
      'Import…',
      'Place Image…',
      'Export…',
      '-',
      'Exit',
    ]);
    expect(layout(template, 'Edit')).toEqual([
      'Undo',
      'Redo',
      '-',
      'Cut',
      'Copy',
      'Paste',
      'Duplicate',
      'Delete',
      '-',
      'Select All',
      'Select None',
      'Edit Value…',
    ]);
    expect(layout(template, 'View')).toEqual([
      'Zoom In',
      'Zoom Out',
      'Fit to Drawing',
      'Show Grid',
      'Snap to Grid',
      '-',
      'Plot',
      'Instant Centres',
      'Solver Details',
      '-',
      'togglefullscreen',
    ]);
  });

  it('on macOS opens with the app menu and names Quit as macOS does', () => {
    const { template, item } = setup(true);
    expect(template[0].role).toBe('appMenu');
    expect(item('app:quit').label).toBe('Quit Curvewright');
  });

  it('has one item per action with a menu place: its label, its first shortcut as the accelerator', () => {
    const { template, item } = setup();
    const ids = allItems(template).flatMap((i) => (i.id ? [i.id] : []));
    const placed = ACTION_NAMES.filter((name) => spec(name).menu);
    expect(ids).toEqual(placed);
    for (const name of placed) {
      expect(item(name).label).toBe(spec(name).label);
      expect(item(name).accelerator).toBe(spec(name).shortcuts?.[0]);
    }
    // Keyboard-only actions have no item (Escape cancels the tool's state).
    expect(findActionItem(template, 'edit:cancel')).toBeNull();
  });

  it("sends the renderer's actions to it, showing their accelerators without registering them (no double undo)", () => {
    const { actions, main, item } = setup();
    const sent: string[] = [];
    vi.mocked(actions.send).mockImplementation((command) => sent.push(command));
    for (const name of MENU_COMMANDS) {
      if (!spec(name).menu) continue;
      expect(item(name).registerAccelerator).toBe(false);
      (item(name).click as () => void)();
    }
    expect(sent).toEqual(MENU_COMMANDS.filter((name) => spec(name).menu));
    for (const binding of Object.values(main)) expect(binding).not.toHaveBeenCalled();
  });

  it("runs main's actions in main, with their accelerators registered", () => {
    const { actions, main, item } = setup();
    for (const name of MAIN_ACTION_NAMES) {
      expect(item(name).registerAccelerator).toBeUndefined();
      (item(name).click as () => void)();
      expect(main[name as MainActionName]).toHaveBeenCalledTimes(1);
    }
    expect(actions.send).not.toHaveBeenCalled();
  });

  it('opens recent files by path, and examples as untitled copies', () => {
    const { actions, click } = setup();
    click('/home/a/linkage.curvewright');
    click('Four Bar');
    expect(vi.mocked(actions.openPath).mock.calls.map((c) => c[0])).toEqual(['/home/a/linkage.curvewright']);
    expect(vi.mocked(actions.openExample).mock.calls.map((c) => c[0])).toEqual([
      '/app/resources/examples/four-bar.curvewright',
    ]);
  });
});

describe('menu accelerators and the keyboard', () => {
  it("are the tools' shortcuts: each tool's menu item shows the key that selects it", () => {
    const { item } = setup();
    const tools = createTools({} as EditorContext);
    expect(tools.map((t) => t.id)).toEqual(
      ACTION_NAMES.filter((n) => n.startsWith('tool:')).map((n) => n.slice(5)),
    );
    for (const tool of tools) {
      const menuItem = item(`tool:${tool.id}`);
      expect(menuItem.label).toBe(tool.label);
      expect(actionForKey(parseAccelerator(menuItem.accelerator as string))).toBe(`tool:${tool.id}`);
    }
  });

  it("are every renderer action's keys, and none of main's (the native menu owns those)", () => {
    const { item } = setup();
    for (const name of MENU_COMMANDS) {
      const keys = spec(name).shortcuts ?? [];
      for (const key of keys) expect(actionForKey(parseAccelerator(key))).toBe(name);
      if (spec(name).menu && keys.length)
        expect(actionForKey(parseAccelerator(item(name).accelerator as string))).toBe(name);
    }
    for (const name of MAIN_ACTION_NAMES)
      for (const key of spec(name).shortcuts ?? []) expect(actionForKey(parseAccelerator(key))).toBeNull();
  });

  it('never give two actions the same key', () => {
    const owner = new Map<string, ActionName>();
    for (const name of ACTION_NAMES)
      for (const key of spec(name).shortcuts ?? []) {
        const chord = chordId(parseAccelerator(key));
        expect(owner.get(chord), `${key} of ${name}`).toBeUndefined();
        owner.set(chord, name);
      }
    // Shift tells letters apart (undo, redo) but not symbols ('#' is Shift+3 on some keyboards).
    expect(chordId({ key: 'Z', ctrl: true, shift: true, alt: false })).not.toBe(
      chordId({ key: 'z', ctrl: true, shift: false, alt: false }),
    );
    expect(chordId({ key: '#', ctrl: false, shift: true, alt: false })).toBe(chordId(parseAccelerator('#')));
  });
});
