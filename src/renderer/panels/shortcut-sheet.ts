// The keyboard shortcut sheet (`?`, Help ▸ Keyboard Shortcuts): an in-window sheet over the canvas listing every
// action with its keys (shortcut-list.ts, from the action table). Esc, `?`, the close button or a click beside
// it closes it. It is a dialog, so while it is open the editor's keys are not shortcuts (main.ts isTyping).

import { el } from './dom';
import { inWindowSheet } from './sheet';
import { shortcutGroups } from './shortcut-list';

export function mountShortcutSheet(host: HTMLElement): { toggle: () => void } {
  const sheet = el('div', { className: 'sheet shortcut-sheet' });
  sheet.tabIndex = -1;
  const close = el('button', { text: 'Close', className: 'close', data: { action: 'close-sheet' } });
  const columns = el('div', { className: 'columns' });
  for (const group of shortcutGroups()) {
    const list = el('dl');
    for (const row of group.rows)
      list.append(
        el('dt', { text: row.label, data: { action: row.action } }),
        el('dd', {}, ...(row.keys.length ? row.keys.map((key) => el('kbd', { text: key })) : ['—'])),
      );
    columns.append(el('section', {}, el('h3', { text: group.title }), list));
  }
  sheet.append(el('header', {}, el('h2', { text: 'Keyboard Shortcuts' }), close), columns);
  const shown = inWindowSheet(host, sheet, 'Keyboard Shortcuts', ['Escape', '?']);
  close.addEventListener('click', shown.hide);
  return { toggle: () => (shown.open ? shown.hide() : shown.show(sheet)) };
}
