// Test support: the SVG the exporter writes, read back by a real XML parser (@xmldom/xmldom, strict: any error or
// warning throws, so the tests also check that the output is well-formed), and a reader for its path data.

import { DOMParser, onWarningStopParsing, type Element } from '@xmldom/xmldom';

export type { Element as XmlElement } from '@xmldom/xmldom';

const parser = new DOMParser({ onError: onWarningStopParsing });

/** The document's root element; throws on anything that is not well-formed XML. */
export function parseSvg(text: string): Element {
  const root = parser.parseFromString(text, 'image/svg+xml').documentElement;
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element named `name` inside `el`, in document order. */
export function findAll(el: Element, name: string): Element[] {
  return Array.from(el.getElementsByTagName(name));
}

export interface PathCommand {
  op: string;
  args: number[];
}

/** Path data as commands with their numbers (no implicit repetition is split: L with 2n numbers stays one). */
export function parsePathData(d: string): PathCommand[] {
  const out: PathCommand[] = [];
  for (const m of d.matchAll(/([MLCAZ])([^MLCAZ]*)/g)) {
    const args = m[2].trim() === '' ? [] : m[2].trim().split(/\s+/).map(Number);
    if (args.some((n) => !Number.isFinite(n))) throw new Error(`bad number in ${m[0]}`);
    out.push({ op: m[1], args });
  }
  if (
    out
      .map((c) => c.op + ' ' + c.args.join(' '))
      .join(' ')
      .replace(/\s+/g, '') !== d.replace(/\s+/g, '')
  )
    throw new Error(`unexpected path data: ${d}`);
  return out;
}
