import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionTitle, chordId, parseAccelerator, shortcutText } from './actions';
import { withShortcutTable } from './shortcut-docs';

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
  it("lists every action's keys and menu place as the table has them (npm run docs:shortcuts)", () => {
    const text = readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8');
    expect(withShortcutTable(text)).toBe(text);
  });
});
