// The native menu's check marks and greyed-out items, as the page's flags say: the action table's `checked` and
// `enabled` rules (src/shared/actions.ts), applied in the renderer to the editor's state
// (src/renderer/editor/action-flags.ts) and sent on `menu:state` when they change. Main only shows them on the
// items, whose ids are the actions' names; it keeps the last flags, so a menu built anew (Open Recent changed)
// shows them too.
import type { ActionFlags } from '../../src/shared/actions';
import type { MainHandlers } from '../../src/session/dispatch';

/** What the flags set of a menu item: Electron's MenuItem, or a template's item (the e2e harness's menu). */
export interface FlaggedItem {
  checked?: boolean;
  enabled?: boolean;
}

export class MenuFlags {
  private flags: ActionFlags | null = null;

  /** `item`: the current menu's item with that id, if any (Menu.getApplicationMenu()?.getMenuItemById). */
  constructor(private readonly item: (id: string) => FlaggedItem | null | undefined) {}

  /** Main's own channels' handlers (electron/main/ipc.ts): `menu:state` shows the flags the page sent. */
  readonly handlers: Pick<MainHandlers, 'menu:state'> = {
    'menu:state': (flags) => {
      this.flags = flags;
      this.show();
    },
  };

  /** Shows the last flags on the current menu's items (again after the menu is rebuilt). */
  show(): void {
    if (!this.flags) return;
    for (const [id, checked] of Object.entries(this.flags.checked)) {
      const item = this.item(id);
      if (item) item.checked = checked;
    }
    for (const [id, enabled] of Object.entries(this.flags.enabled)) {
      const item = this.item(id);
      if (item) item.enabled = enabled;
    }
  }
}
