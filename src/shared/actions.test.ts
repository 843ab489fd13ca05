import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACTION_NAMES,
  actionFlags,
  actionTitle,
  chordId,
  isEnabled,
  parseAccelerator,
  shortcutText,
  spec,
} from './actions';
import { withShortcutTable } from './shortcut-docs';
import { NOTHING_ON } from './test-support/action-state';

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

describe("the actions' checked and enabled rules", () => {
  const nothing = NOTHING_ON;

  it('check each View toggle by the state it shows, and nothing else', () => {
    expect(actionFlags(nothing).checked).toEqual({
      'view:grid': false,
      'view:grid-snap': false,
      'view:instant-centres': false,
      'view:solver-details': false,
    });
    expect(actionFlags({ ...nothing, showGrid: true, showCentres: true, canUndo: true }).checked).toEqual({
      'view:grid': true,
      'view:grid-snap': false,
      'view:instant-centres': true,
      'view:solver-details': false,
    });
    expect(actionFlags({ ...nothing, snapToGrid: true }).checked['view:grid-snap']).toBe(true);
    expect(actionFlags({ ...nothing, solverDetails: true }).checked['view:solver-details']).toBe(true);
  });

  it('disable, on a fresh drawing with nothing selected or copied, all that has nothing to act on', () => {
    expect(actionFlags(nothing).enabled).toEqual({
      'edit:undo': false,
      'edit:redo': false,
      'edit:cut': false,
      'edit:copy': false,
      'edit:paste': false,
      'edit:duplicate': false,
      'edit:delete': false,
      'edit:select-none': false,
      'edit:value': false,
      'play:reset': false,
      'fit:points': false,
      'fit:edges': false,
    });
  });

  it('enable Undo and Redo as the history allows, Paste once something is copied, Reset once played', () => {
    const { enabled } = actionFlags({ ...nothing, canUndo: true, canPaste: true, canReset: true });
    expect([enabled['edit:undo'], enabled['edit:redo']]).toEqual([true, false]);
    expect(actionFlags({ ...nothing, canRedo: true }).enabled['edit:redo']).toBe(true);
    expect(enabled['edit:paste']).toBe(true);
    expect(enabled['play:reset']).toBe(true);
  });

  it('enable the clipboard for selected curves, Delete and Select None for any selection, Edit Value for one value', () => {
    const constraint = actionFlags({ ...nothing, selected: true }).enabled;
    expect([constraint['edit:delete'], constraint['edit:select-none']]).toEqual([true, true]);
    expect([constraint['edit:cut'], constraint['edit:copy'], constraint['edit:duplicate']]).toEqual([
      false,
      false,
      false,
    ]);
    expect(constraint['edit:value']).toBe(false);
    const curves = actionFlags({ ...nothing, selected: true, curveSelected: true }).enabled;
    expect([curves['edit:cut'], curves['edit:copy'], curves['edit:duplicate']]).toEqual([true, true, true]);
    expect(actionFlags({ ...nothing, selected: true, valueSelected: true }).enabled['edit:value']).toBe(true);
  });

  it('leave an action without a rule always enabled', () => {
    expect(isEnabled('edit:select-all', nothing)).toBe(true);
    expect(isEnabled('tool:circle', nothing)).toBe(true);
    expect(isEnabled('edit:undo', nothing)).toBe(false);
    expect(isEnabled('edit:undo', { ...nothing, canUndo: true })).toBe(true);
  });

  it('are given only to actions with a menu item, where they show', () => {
    for (const name of ACTION_NAMES)
      if (spec(name).checked || spec(name).enabled) expect(spec(name).menu, name).toBeDefined();
  });
});

describe('docs/editor.md', () => {
  it("lists every action's keys and menu place as the table has them (npm run docs:shortcuts)", () => {
    const text = readFileSync(new URL('../../docs/editor.md', import.meta.url), 'utf8');
    expect(withShortcutTable(text)).toBe(text);
  });
});
