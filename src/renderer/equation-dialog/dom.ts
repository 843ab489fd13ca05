// Tiny DOM helpers for the dialog: elements with classes and text, never innerHTML (user text stays text).

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

export function input(className: string, field: string, value: string, label: string): HTMLInputElement {
  const node = el('input', className);
  node.type = 'text';
  node.value = value;
  node.spellcheck = false;
  node.autocomplete = 'off';
  node.dataset.field = field;
  node.setAttribute('aria-label', label);
  return node;
}
