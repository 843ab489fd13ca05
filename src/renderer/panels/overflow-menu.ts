// A toolbar button that opens a small menu of further buttons (the rarer constraint tools), each shown with its
// icon and name. The menu hangs from the page's body, not the toolbar: the toolbar contains its own paint and
// would clip it. A click on an item, outside the menu or Esc closes it.

import type { IconNode } from 'lucide';
import { el } from './dom';
import { iconButton } from './icon-button';

export function overflowMenu(icon: IconNode, label: string, items: HTMLButtonElement[]): HTMLButtonElement {
  const button = iconButton(icon, { label, title: label, data: { action: 'more' } });
  button.setAttribute('aria-haspopup', 'menu');
  const menu = el('div', { className: 'overflow-menu' });
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  for (const item of items) {
    item.setAttribute('role', 'menuitem');
    item.append(el('span', { text: item.getAttribute('aria-label') ?? '' }));
    menu.append(item);
  }
  document.body.append(menu);

  const close = () => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  button.addEventListener('click', () => {
    if (!menu.hidden) return close();
    const rect = button.getBoundingClientRect();
    menu.style.left = `${rect.left}px`;
    menu.style.top = `${rect.bottom + 2}px`;
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
  });
  menu.addEventListener('click', close);
  // Items do not take the focus either (the toolbar's rule): keys must reach the editor.
  menu.addEventListener('mousedown', (e) => e.preventDefault());
  window.addEventListener('pointerdown', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node) && !button.contains(e.target as Node)) close();
  });
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !menu.hidden) close();
  });
  return button;
}
