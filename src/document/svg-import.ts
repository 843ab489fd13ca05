// SVG text → the curves it draws, in true millimetres, and the attachments that join their ends; or one line
// naming the element that is wrong and why. Pure: nothing is read or written, nothing added to a drawing
// (import-merge.ts does that). docs/file-format.md, "SVG import", says what maps to what.
//
// Walk: the root <svg> (its width, height and viewBox give mm per user unit: units.ts), containers (g, a, switch's
// first child, nested svg) compose their `transform`; path and the basic shapes become subpaths (path-data.ts,
// shapes.ts) and then curves (curves.ts); a <use> draws its target where it stands. Everything else — text,
// images, defs, clips, masks, styles — is counted in the summary and left out, never an error.

import type { Curve } from '../shared/drawing';
import { errorLine } from '../shared/error-line';
import { MADE_ID } from '../shared/display-names';
import { IDENTITY, compose, scaling, translation, type Affine } from './import-geometry/affine';
import { subpathCurves } from './import-geometry/curves';
import {
  ImportError,
  checkNumbers,
  importedRecords,
  type ImportedRecords,
  type MadeCurves,
} from './import-geometry/records';
import { pathSubpaths } from './svg-import/path-data';
import { SHAPE_TAGS, shapeSubpaths, type Axis, type ShapeTag } from './svg-import/shapes';
import { countSkipped, emptySummary } from './import-geometry/summary';
import { parseTransformList } from './svg-import/transform-list';
import { MM_PER_PX, millimetres, parseLength, parseViewBox, userUnits, viewBoxMap } from './svg-import/units';
import { SVG_NAMESPACE, elementLabel, parseXml, tagOf, type Element } from './svg-import/xml';

export { summaryLine, type ImportSummary } from './import-geometry/summary';
export { ImportError, JOIN_TOLERANCE, type ImportedRecords } from './import-geometry/records';

interface Viewport {
  /** User units → drawing mm. */
  m: Affine;
  /** What 100% is along x and y, in user units. */
  width: number;
  height: number;
}

/** Elements whose content is never drawn where it stands, or that draw what the import does not make. */
const QUIET = new Set(['title', 'desc', 'metadata']);

function isHidden(el: Element): boolean {
  return (
    el.getAttribute('display') === 'none' ||
    /(?:^|;)\s*display\s*:\s*none/.test(el.getAttribute('style') ?? '')
  );
}

const STYLE_ATTRIBUTES = ['style', 'class', 'fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity'];

function lengthReader(el: Element, view: Viewport) {
  const base: Record<Axis, number> = {
    x: view.width,
    y: view.height,
    other: Math.hypot(view.width, view.height) / Math.SQRT2,
  };
  return (name: string, axis: Axis, fallback: number | null): number | null => {
    const text = el.getAttribute(name);
    if (text === null || text.trim() === '' || (text.trim() === 'auto' && (name === 'rx' || name === 'ry')))
      return fallback;
    const length = parseLength(text);
    const value = length && userUnits(length, base[axis]);
    if (value === null || !Number.isFinite(value))
      throw new Error(`${name}: expected a length, got "${text.slice(0, 40)}"`);
    return value;
  };
}

/** The most elements a file may draw through <use> (nested uses multiply: ten levels of ten are 10¹⁰). */
export const MAX_USE_ELEMENTS = 100_000;
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

class Walker {
  readonly summary = emptySummary();
  readonly made: MadeCurves[] = [];
  /** The document's elements by id, made at the first <use>. */
  private ids: Map<string, Element> | null = null;
  /** The <use> targets being drawn (a use inside its own target is circular). */
  private readonly using = new Set<Element>();
  /** Elements drawn through <use> so far. */
  private used = 0;
  /** Per <use> target: how many elements drawing it draws, its own nested uses' included (weight()). */
  private readonly weights = new Map<Element, number>();

  constructor(private readonly root: Element) {}

  children(el: Element, view: Viewport, onlyFirst = false): void {
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      this.element(child as Element, view);
      if (onlyFirst) return;
    }
  }

  element(el: Element, view: Viewport): void {
    if (el.namespaceURI !== SVG_NAMESPACE && el.namespaceURI !== null) return; // an editor's own data (Inkscape's)
    const tag = tagOf(el);
    if (QUIET.has(tag)) return;
    if (tag === 'style') {
      this.summary.styles = true;
      return;
    }
    if (isHidden(el)) return countSkipped(this.summary, 'hidden');
    if (STYLE_ATTRIBUTES.some((a) => el.hasAttribute(a))) this.summary.styles = true;
    for (const a of ['clip-path', 'mask', 'filter']) if (el.hasAttribute(a)) countSkipped(this.summary, a);
    try {
      const local = el.hasAttribute('transform')
        ? parseTransformList(el.getAttribute('transform') ?? '')
        : IDENTITY;
      const inner: Viewport = { ...view, m: compose(view.m, local) };
      if (tag === 'g' && classes(el).includes('traces')) return this.ownTraces(el);
      if (tag === 'g' || tag === 'a') return this.children(el, inner);
      if (tag === 'switch') return this.children(el, inner, true);
      if (tag === 'svg') return this.children(el, nestedViewport(el, view));
      if (tag === 'use') return this.use(el, inner, view);
      if (tag === 'path' || (SHAPE_TAGS as readonly string[]).includes(tag))
        return this.shape(el, tag, inner);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError(`${elementLabel(el)}: ${errorLine(error)}`);
    }
    countSkipped(this.summary, tag);
  }

  /**
   * <use>: its target drawn where the use stands — under the use's transform, then translate(x, y) — as a copy of
   * that element (a <symbol>: its content in a viewport of the use's width and height, as a nested <svg>). A
   * missing or external target is skipped and counted; a circular one too; past MAX_USE_ELEMENTS, one line.
   */
  use(el: Element, inner: Viewport, outer: Viewport): void {
    const href = useHref(el);
    const target = href.startsWith('#') ? this.elementById(href.slice(1)) : undefined;
    if (!target) return countSkipped(this.summary, 'use');
    if (this.using.has(target)) return countSkipped(this.summary, 'use (circular)');
    const read = lengthReader(el, outer);
    const at: Viewport = {
      ...inner,
      m: compose(inner.m, translation(read('x', 'x', 0) ?? 0, read('y', 'y', 0) ?? 0)),
    };
    this.used += this.weight(target);
    if (this.used > MAX_USE_ELEMENTS)
      throw new ImportError(
        `${elementLabel(el)}: draws more than ${MAX_USE_ELEMENTS.toLocaleString('en')} elements through <use>: too many to import`,
      );
    this.using.add(target);
    try {
      if (tagOf(target) === 'symbol') this.children(target, symbolViewport(target, el, at));
      else this.element(target, at);
    } finally {
      this.using.delete(target);
    }
  }

  /**
   * How many elements drawing `target` draws: itself, its descendants, and what each <use> among them draws, counted
   * before anything is drawn, so a file of nested uses that multiply is refused at once. A circular use counts 0.
   */
  private weight(target: Element): number {
    const known = this.weights.get(target);
    if (known !== undefined) return known;
    this.weights.set(target, 0); // in progress: a circular use counts nothing
    let total = 1;
    for (const e of Array.from(target.getElementsByTagName('*'))) {
      total += 1;
      if (tagOf(e) !== 'use') continue;
      const href = useHref(e);
      const inner = href.startsWith('#') ? this.elementById(href.slice(1)) : undefined;
      if (inner) total += this.weight(inner);
      if (total > MAX_USE_ELEMENTS) break;
    }
    this.weights.set(target, total);
    return total;
  }

  private elementById(id: string): Element | undefined {
    if (!this.ids) {
      this.ids = new Map();
      for (const e of Array.from(this.root.getElementsByTagName('*'))) {
        const own = e.getAttribute('id');
        if (own && !this.ids.has(own)) this.ids.set(own, e);
      }
    }
    return this.ids.get(id);
  }

  /** Our own export's traces (trails a mechanism left) are no curves: counted, left out. */
  ownTraces(el: Element): void {
    for (let child = el.firstChild; child; child = child.nextSibling)
      if (child.nodeType === child.ELEMENT_NODE) countSkipped(this.summary, 'trace');
  }

  shape(el: Element, tag: string, view: Viewport): void {
    const read = lengthReader(el, view);
    const subpaths =
      tag === 'path'
        ? pathSubpaths(el.getAttribute('d') ?? '')
        : shapeSubpaths(tag as ShapeTag, { length: read, attribute: (name) => el.getAttribute(name) });
    const m = view.m;
    if (!(Math.abs(m[0] * m[3] - m[1] * m[2]) > 0)) {
      if (subpaths.length) countSkipped(this.summary, 'flattened by their transform');
      return;
    }
    const curves = ownKind(
      el,
      subpaths.flatMap((s) => subpathCurves(s, m)),
    );
    checkNumbers(curves);
    if (curves.length) this.made.push({ name: nameOf(el), curves });
    else countSkipped(this.summary, 'empty');
  }
}

/** A nested <svg>: its x, y and viewBox; its own width and height (100% of its parent's by default). */
function nestedViewport(el: Element, parent: Viewport): Viewport {
  const read = lengthReader(el, parent);
  const x = read('x', 'x', 0) ?? 0;
  const y = read('y', 'y', 0) ?? 0;
  const width = read('width', 'x', parent.width) ?? parent.width;
  const height = read('height', 'y', parent.height) ?? parent.height;
  const box = parseViewBox(el.getAttribute('viewBox') ?? '');
  if (!box) return { m: compose(parent.m, translation(x, y)), width, height };
  const fit = viewBoxMap(box, width, height, el.getAttribute('preserveAspectRatio') ?? '');
  const m = compose(parent.m, compose(translation(x, y), compose(fit, translation(-box.x, -box.y))));
  return { m, width: box.width, height: box.height };
}

/** A <use>'s reference: its href (SVG 2) or xlink:href (SVG 1.1). */
function useHref(use: Element): string {
  return (use.getAttribute('href') ?? use.getAttributeNS(XLINK_NAMESPACE, 'href') ?? '').trim();
}

/**
 * A <symbol> drawn by a <use>: a viewport at the use's place (`at`), of the use's width and height (100% by
 * default), the symbol's viewBox fitted into it as a nested <svg>'s is.
 */
function symbolViewport(symbol: Element, use: Element, at: Viewport): Viewport {
  const read = lengthReader(use, at);
  const width = read('width', 'x', at.width) ?? at.width;
  const height = read('height', 'y', at.height) ?? at.height;
  const box = parseViewBox(symbol.getAttribute('viewBox') ?? '');
  if (!box) return { m: at.m, width, height };
  const fit = viewBoxMap(box, width, height, symbol.getAttribute('preserveAspectRatio') ?? '');
  return {
    m: compose(at.m, compose(fit, translation(-box.x, -box.y))),
    width: box.width,
    height: box.height,
  };
}

/** The root's size in mm (null where absent, a percentage or a font unit); throws on a bad one. */
function rootSize(el: Element, name: 'width' | 'height'): number | null {
  const text = el.getAttribute(name);
  if (text === null || text.trim() === '' || text.trim() === 'auto') return null;
  const length = parseLength(text);
  if (!length)
    throw new ImportError(`${elementLabel(el)}: ${name}: expected a length, got "${text.slice(0, 40)}"`);
  const mm = millimetres(length);
  if (mm !== null && !(mm > 0))
    throw new ImportError(`${elementLabel(el)}: ${name}: must be positive, got "${text.slice(0, 40)}"`);
  return mm;
}

/**
 * The root's map from user units to drawing mm: with a viewBox, its width × height mm (from its units, else px;
 * one missing takes the viewBox's proportion); without, one user unit is one px (25.4/96 mm).
 */
function rootViewport(root: Element): Viewport {
  let width = rootSize(root, 'width');
  let height = rootSize(root, 'height');
  const boxText = root.getAttribute('viewBox');
  const box = boxText === null || boxText.trim() === '' ? null : parseViewBox(boxText);
  if (boxText !== null && boxText.trim() !== '' && !box)
    throw new ImportError(
      `${elementLabel(root)}: viewBox: expected four numbers with a positive width and height, got "${boxText.slice(0, 40)}"`,
    );
  if (!box) {
    const px = (mm: number | null) => (mm === null ? 100 : mm / MM_PER_PX);
    return { m: scaling(MM_PER_PX, MM_PER_PX), width: px(width), height: px(height) };
  }
  width ??= height === null ? box.width * MM_PER_PX : (height * box.width) / box.height;
  height ??= (width * box.height) / box.width;
  const m = viewBoxMap(box, width, height, root.getAttribute('preserveAspectRatio') ?? '');
  return { m, width: box.width, height: box.height };
}

const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);

/** The <g> around `el` when `el` is its only element: it carries the id (and our export's data-kind). */
function soleParent(el: Element): Element | null {
  const parent = el.parentNode as Element | null;
  if (!parent || parent.nodeType !== parent.ELEMENT_NODE || tagOf(parent) !== 'g') return null;
  for (let c = parent.firstChild; c; c = c.nextSibling)
    if (c !== el && c.nodeType === c.ELEMENT_NODE) return null;
  return parent;
}

/**
 * Curvewright's own export marks each curve's <g> with its kind (data-kind): its point (a dot: a <circle>) and its
 * bar (a line) come back as a point and a bar. Every other curve is what its geometry is.
 */
function ownKind(el: Element, curves: Curve[]): Curve[] {
  const kind = soleParent(el)?.getAttribute('data-kind');
  const [only] = curves;
  if (curves.length !== 1) return curves;
  if (kind === 'point' && only.kind === 'circle') return [{ kind: 'point', id: '', at: only.center }];
  if (kind === 'bar' && only.kind === 'segment') {
    const [a, b] = [only.a, only.b];
    const center: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return [
      {
        kind: 'bar',
        id: '',
        center,
        angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
        length: Math.hypot(b[0] - a[0], b[1] - a[1]),
      },
    ];
  }
  return curves;
}

/** The name an element's id gives: its own id, else its sole parent group's; none for ids a program made. */
function nameOf(el: Element): string | undefined {
  for (const e of [el, soleParent(el)]) {
    const id = e?.getAttribute('id')?.trim();
    if (id) return MADE_ID.test(id) ? undefined : id;
  }
  return undefined;
}

/** Imports SVG text. Throws ImportError (one line) for text that is not SVG or an element that is broken. */
export function importSvg(text: string): ImportedRecords {
  let root: Element;
  try {
    root = parseXml(text);
  } catch (error) {
    throw new ImportError(errorLine(error));
  }
  if (tagOf(root) !== 'svg')
    throw new ImportError(`the root element is <${tagOf(root)}>, not <svg>: this is not an SVG file`);
  const walker = new Walker(root);
  try {
    const local = root.hasAttribute('transform')
      ? parseTransformList(root.getAttribute('transform') ?? '')
      : IDENTITY;
    const view = rootViewport(root);
    walker.children(root, { ...view, m: compose(view.m, local) });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${elementLabel(root)}: ${errorLine(error)}`);
  }
  return importedRecords(walker.made, walker.summary);
}
