// The toolbar's More menu: every button stays on the row while the row has room; when it does not (a narrow window),
// buttons leave it in the order given (the least used first) for the More menu at the row's end, shown with their
// names, until the row fits. Laid out again whenever the toolbar's width changes. A button keeps its listeners and
// its state wherever it is; a group left empty hides with its rule.

import type { IconNode } from 'lucide';
import { el } from './dom';
import { overflowMenu } from './overflow-menu';

interface Managed {
  button: HTMLButtonElement;
  /** Where it lives on the row (a placeholder just after it). */
  home: Comment;
  /** Its place in the row's order (the menu lists its items in that order). */
  order: number;
}

export class ToolbarOverflow {
  readonly more: HTMLButtonElement;
  readonly menu: HTMLElement;
  private managed: Managed[] = [];

  constructor(
    private readonly host: HTMLElement,
    icon: IconNode,
  ) {
    const { button, menu } = overflowMenu(icon, 'More');
    this.more = button;
    this.menu = menu;
    this.more.hidden = true;
    host.append(button);
    new ResizeObserver(() => this.fit()).observe(host);
  }

  /** The buttons that may leave the row, the first to leave first; laid out at once. */
  manage(buttons: HTMLButtonElement[]): void {
    const all = [...this.host.querySelectorAll('button')];
    this.managed = buttons.map((button) => {
      const home = document.createComment(button.dataset.tool ?? button.dataset.action ?? '');
      button.after(home);
      return { button, home, order: all.indexOf(button) };
    });
    this.fit();
  }

  /** Whether the row is wider than the toolbar. */
  private overflows(): boolean {
    return this.host.scrollWidth > this.host.clientWidth + 0.5;
  }

  /** Puts every button it can on the row, and the rest in the menu. */
  fit(): void {
    for (const { button, home } of this.managed) {
      button.querySelector(':scope > .label')?.remove();
      home.before(button);
    }
    this.menu.replaceChildren();
    this.more.hidden = true;
    this.showGroups();
    if (!this.overflows()) return;
    this.more.hidden = false;
    const out: Managed[] = [];
    for (const item of this.managed) {
      out.push(item);
      item.button.remove();
      this.showGroups();
      if (!this.overflows()) break;
    }
    out.sort((a, b) => a.order - b.order);
    for (const { button } of out) {
      button.setAttribute('role', 'menuitem');
      button.append(el('span', { className: 'label', text: button.getAttribute('aria-label') ?? '' }));
      this.menu.append(button);
    }
    this.showActive();
  }

  /** A group with no button left on the row hides, and the rule before it. */
  private showGroups(): void {
    for (const group of this.host.querySelectorAll<HTMLElement>(':scope > .group')) {
      group.hidden = group.childElementCount === 0;
      const rule = group.previousElementSibling;
      if (rule instanceof HTMLElement && rule.classList.contains('separator')) rule.hidden = group.hidden;
    }
  }

  /** More is shown pressed while the current tool's button is in its menu. */
  showActive(): void {
    this.more.classList.toggle('active', this.menu.querySelector('button.active') !== null);
  }
}
