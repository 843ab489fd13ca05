import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { MENU_COMMANDS } from '../../src/shared/contract';
import { menuTemplate, type MenuActions } from './menu';

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

function setup() {
  const actions: MenuActions = { file: vi.fn(), openPath: vi.fn(), send: vi.fn(), quit: vi.fn() };
  const template = menuTemplate(actions, {
    recent: ['/home/a/linkage.curvewright'],
    examples: [{ title: 'Four Bar', path: '/app/resources/examples/four-bar.curvewright' }],
    isMac: false,
    dev: false,
  });
  const click = (label: string) => (find(template, label).click as () => void)();
  return { actions, template, click };
}

describe('application menu', () => {
  it('has File, Edit, View, Tools and Help', () => {
    expect(setup().template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Tools', 'Help']);
  });

  it('sends editing, view and tool commands to the renderer', () => {
    const { actions, click } = setup();
    click('Undo');
    click('Redo');
    click('Fit to Drawing');
    click('Select');
    expect(vi.mocked(actions.send).mock.calls.map((c) => c[0])).toEqual([
      'edit:undo',
      'edit:redo',
      'view:fit',
      'tool:select',
    ]);
  });

  it('lists every tool command and the simulation controls, each reaching the renderer', () => {
    const { actions, template, click } = setup();
    const tools = template.find((m) => m.label === 'Tools')!.submenu as MenuItemConstructorOptions[];
    for (const item of tools) if (item.type !== 'separator') click(item.label!);
    const sent = vi.mocked(actions.send).mock.calls.map((c) => c[0]);
    const toolCommands = MENU_COMMANDS.filter((c) => c.startsWith('tool:') || c.startsWith('play:'));
    expect([...sent].sort()).toEqual([...toolCommands].sort());
    expect(find(template, 'Bézier').accelerator).toBe('Z');
    expect(find(template, 'Play / Pause').accelerator).toBe('K');
  });

  it('shows the renderer-owned accelerators without registering them (no double undo)', () => {
    const undo = find(setup().template, 'Undo');
    expect(undo.accelerator).toBe('CmdOrCtrl+Z');
    expect(undo.registerAccelerator).toBe(false);
  });

  it('carries out file commands in main, recent files and examples by path', () => {
    const { actions, click } = setup();
    click('Save As…');
    click('Open…');
    click('/home/a/linkage.curvewright');
    click('Four Bar');
    expect(vi.mocked(actions.file).mock.calls.map((c) => c[0])).toEqual(['save-as', 'open']);
    expect(vi.mocked(actions.openPath).mock.calls.map((c) => c[0])).toEqual([
      '/home/a/linkage.curvewright',
      '/app/resources/examples/four-bar.curvewright',
    ]);
  });
});
