// A toolbar button that opens a small menu under it (the toolbar's More menu: toolbar-overflow.ts), each item a
// button shown with its icon and name. The menu hangs from the page's body, not the toolbar: the toolbar contains
// its own paint and would clip it. A click on an item, outside the menu or Esc closes it. The menu is right-aligned
// with its button when it would otherwise run past the window's edge.

import type { IconNode } from 'lucide';
import { el } from './dom';
import { iconButton } from './icon-button';

export interface OverflowMenu {
  button: HTMLButtonElement;
  menu: HTMLElement;
}

export function overflowMenu(icon: IconNode, label: string): OverflowMenu {
  const button = iconButton(icon, { label, title: label, data: { action: 'more' } });
  button.setAttribute('aria-haspopup', 'menu');
  const menu = el('div', { className: 'overflow-menu' });
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  document.body.append(menu);

  const close = () => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  button.addEventListener('click', () => {
    if (!menu.hidden) return close();
    menu.hidden = false;
    const rect = button.getBoundingClientRect();
    const width = menu.getBoundingClientRect().width;
    menu.style.left = `${Math.max(0, Math.min(rect.left, window.innerWidth - width - 2))}px`;
    menu.style.top = `${rect.bottom + 2}px`;
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
  return { button, menu };
}
