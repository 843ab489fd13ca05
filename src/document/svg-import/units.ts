// Lengths and the root viewport: what one SVG user unit is in millimetres. CSS's absolute units (96 px per inch);
// a length without a unit is in px. The drawing keeps the SVG's user coordinates scaled to mm (and aligned as
// preserveAspectRatio says), so a file Curvewright exported — one user unit = 1 mm — comes back where it was.

import { scaling, translation, compose, type Affine } from '../import-geometry/affine';

const MM_PER: Record<string, number> = {
  '': 25.4 / 96,
  px: 25.4 / 96,
  mm: 1,
  cm: 10,
  in: 25.4,
  pt: 25.4 / 72,
  pc: 25.4 / 6,
  q: 0.25,
};

const LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|mm|cm|in|pt|pc|q|%|em|ex)?\s*$/i;

export interface Length {
  value: number;
  unit: string;
}

/** A length attribute as number and unit (lower case; '' for none); null when it is no length. */
export function parseLength(text: string): Length | null {
  const m = LENGTH.exec(text);
  if (!m) return null;
  const value = Number(m[1]);
  return Number.isFinite(value) ? { value, unit: (m[2] ?? '').toLowerCase() } : null;
}

/** A length in user units (px) given what 100% is; null for units that need a font (em, ex). */
export function userUnits(length: Length, hundredPercent: number): number | null {
  if (length.unit === '%') return (length.value / 100) * hundredPercent;
  const mm = MM_PER[length.unit];
  return mm === undefined ? null : (length.value * mm) / MM_PER.px;
}

/** An absolute length in mm; null for %, em, ex. */
export function millimetres(length: Length): number | null {
  const mm = MM_PER[length.unit];
  return mm === undefined ? null : length.value * mm;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function parseViewBox(text: string): ViewBox | null {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite) || parts[2] <= 0 || parts[3] <= 0) return null;
  return { x: parts[0], y: parts[1], width: parts[2], height: parts[3] };
}

/**
 * User units → drawing mm for a viewport `width` × `height` mm showing `box` (SVG's viewBox with
 * preserveAspectRatio), keeping the user origin at the drawing's origin: s · user + the alignment's offset.
 */
export function viewBoxMap(box: ViewBox, width: number, height: number, aspect: string): Affine {
  let sx = width / box.width;
  let sy = height / box.height;
  let dx = 0;
  let dy = 0;
  const [align, meetOrSlice] = aspect.trim().split(/\s+/);
  if (align !== 'none') {
    const s = meetOrSlice === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = sy = s;
    const a = /^x(Min|Mid|Max)Y(Min|Mid|Max)$/.exec(align ?? '') ?? ['', 'Mid', 'Mid'];
    const share = (which: string) => (which === 'Min' ? 0 : which === 'Mid' ? 0.5 : 1);
    dx = share(a[1]) * (width - box.width * s);
    dy = share(a[2]) * (height - box.height * s);
  }
  return compose(translation(dx, dy), scaling(sx, sy));
}

/** One px in mm: the scale of a root with no viewBox. */
export const MM_PER_PX = MM_PER.px;
