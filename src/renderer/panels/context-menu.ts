// The right-click menu over the canvas: the actions Editor.contextMenu lists (editor/context-menu.ts), each with its
// label and first shortcut from the action table, groups ruled apart. The first item takes the focus; the arrow
// keys, Home and End move it, Enter or Space runs the item, Escape, a click elsewhere or leaving it closes it.

import { shortcutText, spec } from '../../shared/actions';
import type { Editor } from '../editor/editor';
import { el } from './dom';

export function mountContextMenu(host: HTMLElement, editor: Editor): void {
  const menu = el('div', { className: 'context-menu', data: { role: 'context-menu' } });
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  host.append(menu);

  const items = () => [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];

  /** While the items are rebuilt: the focused one going away is not the user leaving the menu. */
  let rebuilding = false;

  const show = () => {
    const open = editor.contextMenu;
    rebuilding = true;
    menu.replaceChildren();
    rebuilding = false;
    if (!open) {
      menu.hidden = true;
      return;
    }
    open.groups.forEach((group, i) => {
      if (i > 0) {
        const rule = el('div', { className: 'rule' });
        rule.setAttribute('role', 'separator');
        menu.append(rule);
      }
      for (const action of group) {
        const { label, shortcuts } = spec(action);
        const item = el(
          'button',
          { data: { action } },
          el('span', { text: label }),
          el('span', { className: 'keys', text: shortcuts?.length ? shortcutText(shortcuts[0]) : '' }),
        );
        item.type = 'button';
        item.setAttribute('role', 'menuitem');
        item.tabIndex = -1;
        item.addEventListener('click', () => editor.runContextItem(action));
        menu.append(item);
      }
    });
    menu.hidden = false;
    // Inside the canvas: flipped left or up where it would run past the right or bottom edge.
    const [x, y] = open.screen;
    const left = x + menu.offsetWidth > host.clientWidth ? Math.max(0, x - menu.offsetWidth) : x;
    const top = y + menu.offsetHeight > host.clientHeight ? Math.max(0, y - menu.offsetHeight) : y;
    menu.style.left = `${Math.round(left)}px`;
    menu.style.top = `${Math.round(top)}px`;
    items()[0]?.focus();
  };

  menu.addEventListener('keydown', (e) => {
    // While it is open the keyboard is the menu's: no editor shortcut runs under it (Escape would also deselect).
    e.stopPropagation();
    if (e.key === 'Enter' || e.key === ' ') return; // the focused item's own click runs it
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at < 0 ? -1 : at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(-1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      editor.closeContextMenu();
      host.focus();
    } else return;
    e.preventDefault();
  });
  // A press anywhere else closes it (the press then does what it does); one on it is its own, not the canvas's.
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (!menu.hidden && !(e.target instanceof Node && menu.contains(e.target))) editor.closeContextMenu();
    },
    true,
  );
  menu.addEventListener('pointerdown', (e) => e.stopPropagation());
  menu.addEventListener('contextmenu', (e) => e.preventDefault());
  menu.addEventListener('focusout', (e) => {
    if (!rebuilding && !(e.relatedTarget instanceof Node && menu.contains(e.relatedTarget)))
      editor.closeContextMenu();
  });

  editor.subscribe((change) => {
    if (change.contextMenu) show();
  });
}
