// An in-window sheet over the window (the keyboard shortcuts, the export dialog): a backdrop holding the sheet,
// shown with the focus in it and hidden with the focus back where it was; a click beside it or one of its close
// keys hides it. It is a dialog, so while it is open the editor's keys are not shortcuts (main.ts isTyping).

import { el } from './dom';

export interface InWindowSheet {
  /** Shows the sheet, the focus on `focus` (the sheet itself, a field). */
  show(focus: HTMLElement): void;
  hide(): void;
  readonly open: boolean;
}

export function inWindowSheet(
  host: HTMLElement,
  sheet: HTMLElement,
  label: string,
  closeKeys: readonly string[] = ['Escape'],
): InWindowSheet {
  const backdrop = el('div', { className: 'sheet-backdrop' });
  backdrop.hidden = true;
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-label', label);
  backdrop.append(sheet);
  host.append(backdrop);
  let before: HTMLElement | null = null;
  const hide = () => {
    if (backdrop.hidden) return;
    // The focus leaves with the sheet: left on a hidden button until the browser's next rendering, it would make
    // the next key typing into the dialog, not a shortcut. It goes back where it was, or to the page.
    const active = document.activeElement;
    if (active instanceof HTMLElement && backdrop.contains(active)) active.blur();
    backdrop.hidden = true;
    if (before?.isConnected) before.focus();
  };
  backdrop.addEventListener('pointerdown', (e) => {
    if (e.target === backdrop) hide();
  });
  sheet.addEventListener('keydown', (e) => {
    if (closeKeys.includes(e.key)) {
      e.preventDefault();
      hide();
    }
  });
  return {
    show(focus) {
      before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      backdrop.hidden = false;
      focus.focus();
    },
    hide,
    get open() {
      return !backdrop.hidden;
    },
  };
}
