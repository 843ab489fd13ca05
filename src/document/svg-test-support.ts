// Test support: a strict little XML reader for the SVG the exporter writes (elements, attributes, text, the five
// entities; no DTD, CDATA or namespaces prefixes), and a path-data reader. Throws on anything malformed, so the
// tests also check that the output is well-formed.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(\w+);/g, (m, name: string) => {
    const v = ENTITIES[name];
    if (v === undefined) throw new Error(`unknown entity ${m}`);
    return v;
  });
}

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    m = token.exec(body);
    if (!m) throw new Error(`malformed XML at offset ${at}: ${body.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, closing, name, attrs, selfClosing, text] = m;
    const top = stack[stack.length - 1];
    if (text !== undefined) {
      if (/[<>]/.test(text)) throw new Error('stray < or >');
      top.text += decode(text);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const attributes: Record<string, string> = {};
      for (const a of attrs.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (a[1] in attributes) throw new Error(`duplicate attribute ${a[1]}`);
        attributes[a[1]] = decode(a[2]);
      }
      const el: XmlElement = { name, attributes, children: [], text: '' };
      top.children.push(el);
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> is not closed`);
  const elements = root.children;
  if (elements.length !== 1 || root.text.trim() !== '') throw new Error('expected exactly one root element');
  return elements[0];
}

export function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
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
