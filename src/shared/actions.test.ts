import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, actionTitle, chordId, parseAccelerator, shortcutText, spec } from './actions';

describe('accelerators', () => {
  it('read as the chord a keydown reports', () => {
    expect(parseAccelerator('CmdOrCtrl+Shift+Z')).toEqual({ key: 'Z', ctrl: true, shift: true, alt: false });
    expect(parseAccelerator('CmdOrCtrl+Plus')).toEqual({ key: '+', ctrl: true, shift: false, alt: false });
    expect(chordId(parseAccelerator('V'))).toBe(chordId({ key: 'v', ctrl: false, shift: false, alt: false }));
    expect(() => parseAccelerator('Super+V')).toThrow("unknown modifier 'Super'");
  });

  it('read in a tooltip as the user types them', () => {
    expect(shortcutText('CmdOrCtrl+Shift+Z')).toBe('Ctrl+Shift+Z');
    expect(shortcutText('CmdOrCtrl+Plus')).toBe('Ctrl++');
    expect(actionTitle('edit:redo')).toBe('Redo (Ctrl+Shift+Z)');
    expect(actionTitle('play:step')).toBe('Step One Frame');
  });
});

describe('docs/editor.md', () => {
  it("lists every action's keys and menu place as the table has them", () => {
    const text = readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8');
    const keys = text.slice(text.indexOf('## Keys'));
    const rows = [...keys.matchAll(/^\| `([^`]+)` +\| ([^|]+?) +\| ([^|]+?) +\|/gm)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    const expected = ACTION_NAMES.filter((name) => spec(name).shortcuts?.length).map((name) => {
      const { shortcuts, menu, label } = spec(name);
      const place = menu ? `${menu[0]} ▸ ${label}` : `${label} (no menu item)`;
      return [name, shortcuts!.map(shortcutText).join(', '), place];
    });
    expect(rows).toEqual(expected);
  });
});
