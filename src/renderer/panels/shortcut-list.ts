// What the shortcut sheet lists (Help ▸ Keyboard Shortcuts, `?`): every action of the table
// (src/shared/actions.ts) with its keys as a tooltip writes them, grouped by its menu, in table order, the keys of no menu last. Made from
// the table, so it cannot disagree with the keyboard or the menu.

import { ACTION_NAMES, shortcutText, spec, type ActionName } from '../../shared/actions';

export interface ShortcutRow {
  action: ActionName;
  label: string;
  /** Every key of the action, the menu's first; empty for a menu-only action. */
  keys: string[];
}

export interface ShortcutGroup {
  /** The menu the actions are in ('Keyboard' for those in none). */
  title: string;
  rows: ShortcutRow[];
}

const KEYBOARD = 'Keyboard';

export function shortcutGroups(): ShortcutGroup[] {
  const groups = new Map<string, ShortcutRow[]>();
  for (const action of ACTION_NAMES) {
    const { label, shortcuts, menu } = spec(action);
    const title = menu?.[0] ?? KEYBOARD;
    let rows = groups.get(title);
    if (!rows) groups.set(title, (rows = []));
    rows.push({ action, label, keys: (shortcuts ?? []).map(shortcutText) });
  }
  // The keys with no menu item (Cancel) last, after the menus.
  const order = [...groups.keys()].sort((a, b) => Number(a === KEYBOARD) - Number(b === KEYBOARD));
  return order.map((title) => ({ title, rows: groups.get(title)! }));
}
