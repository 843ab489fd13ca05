// Tiny DOM helpers for the panels (no framework: a few elements rebuilt from the mirror when it changes).

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; title?: string; data?: Record<string, string> } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.title) node.title = props.title;
  for (const [k, v] of Object.entries(props.data ?? {})) node.dataset[k] = v;
  for (const child of children) node.append(child);
  return node;
}

/**
 * Sets a node's text only when it differs: assigning textContent replaces the text node even with the same string,
 * which makes the page lay out again (on every drag frame, for the status bar and the play time).
 */
export function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** A number for display: short, but exact enough to edit (up to 6 significant digits). */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e-3 && abs < 1e7) return String(Number(value.toPrecision(6)));
  return value.toExponential(3);
}
