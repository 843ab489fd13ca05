// The keyboard shortcut sheet (`?`, Help ▸ Keyboard Shortcuts): an in-window sheet over the canvas listing every
// action with its keys (shortcut-list.ts, from the action table). Esc, `?`, the close button or a click beside
// it closes it. It is a dialog, so while it is open the editor's keys are not shortcuts (main.ts isTyping).

import { el } from './dom';
import { shortcutGroups } from './shortcut-list';

export function mountShortcutSheet(host: HTMLElement): { toggle: () => void } {
  const backdrop = el('div', { className: 'sheet-backdrop' });
  backdrop.hidden = true;
  const sheet = el('div', { className: 'sheet shortcut-sheet' });
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-label', 'Keyboard Shortcuts');
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
  backdrop.append(sheet);
  host.append(backdrop);

  let before: HTMLElement | null = null;
  const hide = () => {
    if (backdrop.hidden) return;
    backdrop.hidden = true;
    before?.focus();
  };
  const show = () => {
    before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    backdrop.hidden = false;
    sheet.focus();
  };
  close.addEventListener('click', hide);
  backdrop.addEventListener('pointerdown', (e) => {
    if (e.target === backdrop) hide();
  });
  sheet.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' || e.key === '?') {
      e.preventDefault();
      hide();
    }
  });
  return { toggle: () => (backdrop.hidden ? show() : hide()) };
}
