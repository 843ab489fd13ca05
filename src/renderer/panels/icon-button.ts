// A toolbar button that shows an icon only: its name is its aria-label (what screen readers and the tests read)
// and, with the shortcut, its tooltip.

import { createElement, type IconNode } from 'lucide';
import type { ActionFlags, ActionName } from '../../shared/actions';
import { el } from './dom';

export const ICON_SIZE = 18;

export function iconSvg(icon: IconNode): SVGElement {
  return createElement(icon, { width: ICON_SIZE, height: ICON_SIZE, 'aria-hidden': 'true' });
}

export function iconButton(
  icon: IconNode,
  props: { label: string; title: string; className?: string; data?: Record<string, string> },
): HTMLButtonElement {
  const button = el('button', { title: props.title, className: props.className, data: props.data });
  button.setAttribute('aria-label', props.label);
  button.append(iconSvg(icon));
  return button;
}

/** Shows another icon in an icon button (Play ↔ Pause), keeping its name in step. */
export function setIcon(button: HTMLButtonElement, icon: IconNode, label: string): void {
  if (button.getAttribute('aria-label') === label) return;
  button.setAttribute('aria-label', label);
  button.replaceChildren(iconSvg(icon));
}

/**
 * Shows an action's flags (src/shared/actions.ts: its `checked` and `enabled` rules, as the native menu shows them)
 * on its button: a toggle pressed while on, a button disabled while its action does not apply.
 */
export function showActionFlags(button: HTMLButtonElement, name: ActionName, flags: ActionFlags): void {
  const checked = (flags.checked as Partial<Record<ActionName, boolean>>)[name];
  const enabled = (flags.enabled as Partial<Record<ActionName, boolean>>)[name];
  if (checked !== undefined) {
    button.setAttribute('aria-pressed', String(checked));
    button.classList.toggle('active', checked);
  }
  if (enabled !== undefined) button.disabled = !enabled;
}
