// Shows a field's errors under it; an error with a column also shows the field's text with that character marked,
// so "at column 12" can be seen, not counted.

import type { DefinitionError } from '../../engine/expr';
import { el } from './dom';

/** How much of the text to show on each side of the marked column. */
const CONTEXT = 24;

function excerpt(text: string, column: number): HTMLElement {
  const line = el('div', 'cw-eqd-excerpt');
  const i = Math.min(Math.max(column - 1, 0), text.length);
  const from = Math.max(0, i - CONTEXT);
  const to = Math.min(text.length, i + 1 + CONTEXT);
  line.append(
    (from > 0 ? '…' : '') + text.slice(from, i),
    el('mark', '', i < text.length ? text[i] : ' '),
    text.slice(i + 1, to) + (to < text.length ? '…' : ''),
  );
  return line;
}

/** Replaces the content of `slot` with these errors (`text`: the field's current text, for the excerpt). */
export function showErrors(slot: HTMLElement, errors: readonly DefinitionError[], text: string | null): void {
  slot.replaceChildren();
  for (const e of errors) {
    const item = el('div', 'cw-eqd-error-item', e.message);
    slot.append(item);
    if (e.column !== null && text !== null) slot.append(excerpt(text, e.column));
  }
  slot.hidden = errors.length === 0;
}
