// The toolbar's file group: New, Open… and Save, carried out in main by the file flow with its dialogs
// (file:command); labels and tooltips from the action table, as the native menu's items.

import type { FileCommand } from '../../shared/contract';
import { actionTitle, spec } from '../../shared/actions';
import { ACTION_ICONS } from './action-icons';
import { el } from './dom';
import { iconButton } from './icon-button';

export type FileApi = Pick<Window['curvewright'], 'fileCommand'>;

/** Runs a file command; a failure was already shown to the user by main, a refusal goes to `fail`. */
export function runFileCommand(api: FileApi, command: FileCommand, fail: (message: string) => void): void {
  api
    .fileCommand({ command })
    .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}

export function fileButtons(api: FileApi, fail: (message: string) => void): HTMLElement[] {
  const button = (command: FileCommand) => {
    const action = `file:${command}` as const;
    const b = iconButton(ACTION_ICONS[command], {
      label: spec(action).label,
      title: actionTitle(action),
      className: 'action',
      data: { action: command },
    });
    b.addEventListener('click', () => runFileCommand(api, command, fail));
    return b;
  };
  return [el('span', { className: 'separator' }), button('new'), button('open'), button('save')];
}
