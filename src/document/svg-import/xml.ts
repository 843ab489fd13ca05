// SVG text → its root element, with @xmldom/xmldom: errors (not fatal warnings) stop the parse, and the first is
// reported with its line and column. External entities are never fetched.

import { DOMParser, type Element } from '@xmldom/xmldom';

export type { Element } from '@xmldom/xmldom';

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** The document's root element; throws an Error that says what is wrong and where ("… at line 3, column 7"). */
export function parseXml(text: string): Element {
  let first: string | null = null;
  const parser = new DOMParser({
    onError(level, message, context) {
      if (level === 'warning') return;
      const at = (context as { locator?: { lineNumber?: number; columnNumber?: number } } | undefined)
        ?.locator;
      const where = at?.lineNumber ? ` at line ${at.lineNumber}, column ${at.columnNumber ?? 1}` : '';
      first ??= `${message}${where}`;
      throw new Error(first);
    },
  });
  let root: Element | null = null;
  try {
    root = parser.parseFromString(text, 'image/svg+xml').documentElement;
  } catch (error) {
    throw new Error(`not valid XML: ${first ?? (error instanceof Error ? error.message : String(error))}`);
  }
  if (!root) throw new Error('not valid XML: no root element');
  return root;
}

/** An element's position for an error line: `path "outline" (line 12)`, else `path #3 (line 12)`. */
export function elementLabel(el: Element): string {
  const line = (el as { lineNumber?: number }).lineNumber;
  const where = line ? ` (line ${line})` : '';
  const id = el.getAttribute('id');
  if (id) return `${tagOf(el)} "${id.length > 40 ? `${id.slice(0, 39)}…` : id}"${where}`;
  const same = el.ownerDocument ? Array.from(el.ownerDocument.getElementsByTagName(el.tagName)) : [el];
  return `${tagOf(el)} #${same.indexOf(el) + 1}${where}`;
}

/** An element's name without its prefix. */
export function tagOf(el: Element): string {
  return el.localName ?? el.tagName;
}
