import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, spec } from '../../shared/actions';
import { shortcutGroups } from './shortcut-list';

describe('the shortcut sheet', () => {
  it('lists every action once, in table order, with all its keys', () => {
    const rows = shortcutGroups().flatMap((group) => group.rows);
    expect(rows.map((row) => row.action).sort()).toEqual([...ACTION_NAMES].sort());
    const redo = rows.find((row) => row.action === 'edit:redo')!;
    expect(redo.label).toBe(ACTIONS['edit:redo'].label);
    expect(redo.keys).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    expect(rows.find((row) => row.action === 'view:zoom-in')!.keys).toContain('+');
    expect(rows.find((row) => row.action === 'file:revert')!.keys).toEqual([]);
  });

  it('groups them by menu, the menus in the order the table first names them, the keys of none last', () => {
    const groups = shortcutGroups();
    const titles = groups.map((group) => group.title);
    expect(titles.slice(0, 3)).toEqual(['File', 'Edit', 'View']);
    expect(titles.at(-1)).toBe('Keyboard');
    expect(titles).toContain('Constrain');
    for (const group of groups)
      for (const row of group.rows)
        expect(spec(row.action).menu?.[0] ?? 'Keyboard', row.action).toBe(group.title);
  });
});
