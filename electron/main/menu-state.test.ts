import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { MAIN_ACTION_NAMES, actionFlags, type ActionName, type ActionState } from '../../src/shared/actions';
import { NOTHING_ON } from '../../src/shared/test-support/action-state';
import { registerIpc } from './ipc';
import type { MainBindings } from './main-actions';
import { findActionItem, menuTemplate } from './menu';
import { MenuFlags } from './menu-state';

/** A fresh drawing's: the grid shown, nothing else. */
const fresh: ActionState = { ...NOTHING_ON, showGrid: true };

/** The menu main builds (index.ts), with its clicks bound to nothing. */
function buildMenu(): MenuItemConstructorOptions[] {
  const main = Object.fromEntries(
    MAIN_ACTION_NAMES.map((name) => [name, vi.fn()]),
  ) as unknown as MainBindings;
  return menuTemplate(
    { main, openPath: vi.fn(), openExample: vi.fn(), send: vi.fn() },
    { recent: [], examples: [], isMac: false, dev: false },
  );
}

/** Main as index.ts wires it: the menu's flags behind `menu:state`, every message through the sender check. */
function setup() {
  let menu = buildMenu();
  const item = (id: string) => findActionItem(menu, id as ActionName);
  const flags = new MenuFlags(item);
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
  const mainFrame = { parent: null };
  const trusted = { mainFrame };
  const session = vi.fn();
  registerIpc({ handle: (channel: string, h: never) => handlers.set(channel, h) } as never, {
    trusted: () => trusted as never,
    invoke: session,
    main: { ...flags.handlers, 'session:restore': () => undefined },
  });
  const send = (state: ActionState, sender: object = trusted) =>
    handlers.get('menu:state')!({ sender, senderFrame: mainFrame }, actionFlags(state));
  const rebuild = () => {
    menu = buildMenu();
    flags.show();
  };
  return { item, send, rebuild, session };
}

describe("the native menu's check marks and enabled items", () => {
  it('are checkbox items for the toggles, plain items for the other actions', () => {
    const menu = buildMenu();
    for (const name of ['view:grid', 'view:grid-snap', 'view:instant-centres'] as const)
      expect(findActionItem(menu, name)?.type).toBe('checkbox');
    expect(findActionItem(menu, 'edit:undo')?.type).toBeUndefined();
  });

  it("show the page's flags: Show Grid checked, Undo and Redo disabled on a fresh drawing", async () => {
    const { item, send, session } = setup();
    expect(await send(fresh)).toEqual({ ok: true, value: undefined });
    expect(item('view:grid')).toMatchObject({ checked: true });
    expect(item('view:grid-snap')).toMatchObject({ checked: false });
    expect(item('edit:undo')).toMatchObject({ enabled: false });
    expect(item('edit:redo')).toMatchObject({ enabled: false });
    expect(item('edit:delete')).toMatchObject({ enabled: false });
    // An action without a rule is left as built (enabled).
    expect(item('edit:select-all')?.enabled).toBeUndefined();
    expect(session).not.toHaveBeenCalled();

    await send({ ...fresh, showGrid: false, snapToGrid: true, canUndo: true, selected: true });
    expect(item('view:grid')).toMatchObject({ checked: false });
    expect(item('view:grid-snap')).toMatchObject({ checked: true });
    expect(item('edit:undo')).toMatchObject({ enabled: true });
    expect(item('edit:delete')).toMatchObject({ enabled: true });
  });

  it('are shown again on a menu built anew (Open Recent changed)', async () => {
    const { item, send, rebuild } = setup();
    await send({ ...fresh, showCentres: true, canRedo: true });
    rebuild();
    expect(item('view:instant-centres')).toMatchObject({ checked: true });
    expect(item('edit:redo')).toMatchObject({ enabled: true });
    expect(item('edit:undo')).toMatchObject({ enabled: false });
  });

  it('are not changed by a message from another window', async () => {
    const { item, send } = setup();
    const stranger = { mainFrame: { parent: null } };
    const answer = await send({ ...fresh, canUndo: true }, stranger);
    expect(answer).toEqual({ ok: false, error: expect.stringContaining('refused') });
    expect(item('edit:undo')?.enabled).toBeUndefined();
    expect(item('view:grid')?.checked).toBeUndefined();
  });
});
