// The look of a drawing, shared by the canvas (src/renderer) and the SVG export (src/document/svg-export.ts) so an
// exported file looks like the screen. Widths and sizes are in screen pixels, as on the canvas, where strokes keep
// their pixel width at any zoom; the SVG export divides them by the view's zoom (pixels per mm) to get mm.

export interface StrokeStyle {
  color: string;
  /** Screen pixels. */
  width: number;
  lineCap: 'round' | 'butt' | 'square';
  lineJoin: 'round' | 'miter' | 'bevel';
  /** Dash and gap lengths in screen pixels; empty for a solid line. */
  dash: readonly number[];
}

export const PAPER_COLOR = '#fbfaf7';

/** Every curve. */
export const CURVE_STROKE: StrokeStyle = {
  color: '#1f2933',
  width: 1.75,
  lineCap: 'round',
  lineJoin: 'round',
  dash: [],
};

/** A point curve has no extent to stroke: it is drawn as a dot of this radius (px), filled with the curve colour. */
export const POINT_RADIUS = 3;

/** The trail a traced point leaves. */
export const TRACE_STROKE: StrokeStyle = {
  color: '#0f7b6c',
  width: 1.25,
  lineCap: 'round',
  lineJoin: 'round',
  dash: [],
};

/** Construction glyphs: how constraints and springs are drawn (off by default in the SVG export). */
export const GLYPH_STYLE = {
  color: '#3d4a57',
  conflictColor: '#d92d20',
  /** A pin: a triangle of this half-width and height under the point, on a hatched base. */
  pin: { halfWidth: 6, height: 10, lineWidth: 1.25, dotRadius: 2.5 },
  /** An attachment: a filled dot. */
  attach: { radius: 3.5 },
  /** A bead sliding on a curve: a ring filled with the paper colour. */
  bead: { color: '#0f7b6c', radius: 4, lineWidth: 1.75 },
  /** A distance: a dashed line between its connectors. */
  distance: { lineWidth: 1, dash: [4, 3] },
  /** A spring: a zigzag of `turns` half-waves, `amplitude` to each side. */
  spring: { color: '#7a869a', lineWidth: 1.25, turns: 10, amplitude: 5 },
  /** A motor: a circular arrow at its centre. */
  motor: { color: '#8b5cf6', radius: 11, lineWidth: 1.5 },
  /**
   * The sketcher's constraints (src/shared/sketch-glyph-layout.ts): a symbol in a small box, `gap` px off what it
   * constrains. Redundant ones in the constraints list's redundant colour (src/renderer/style.css); the box's width
   * is estimated from `charWidth` (picking has no canvas to measure with). Symmetric also ticks its two points.
   */
  sketch: {
    color: '#3d4a57',
    redundantColor: '#b26b00',
    fontSize: 11,
    charWidth: 7,
    font: 'system-ui, sans-serif',
    padding: 2,
    lineWidth: 1,
    gap: 4,
    tick: 4,
    symbols: {
      horizontal: 'H',
      vertical: 'V',
      parallel: '∥',
      perpendicular: '⊥',
      tangent: '⌒',
      equal: '=',
      symmetric: '⋈',
      midpoint: '½',
      concentric: '◎',
    },
  },
} as const;

/**
 * Dimensions (src/shared/dimension-layout.ts): thin lines, filled arrows and the value, in screen pixels like the
 * rest. A reference dimension (it measures, does not drive) is greyed.
 */
export const DIMENSION_STYLE = {
  color: '#1c5d99',
  referenceColor: '#8a94a3',
  lineWidth: 1,
  /** Arrowheads: length along the line, half width across it. */
  arrowLength: 8,
  arrowHalfWidth: 2.75,
  /** How far a dimension stands off what it measures, before the user drags it. */
  offset: 24,
  /** An angle's arc radius, before the user drags it. */
  angleRadius: 36,
  /** Extension lines start this far from the geometry and run this far past the dimension line. */
  extensionGap: 3,
  extensionOvershoot: 4,
  /** The value: font size, the width of one character (an estimate: picking has no canvas to measure with). */
  fontSize: 12,
  charWidth: 7,
  font: 'system-ui, sans-serif',
  /** Between the dimension line and its value. */
  textGap: 3,
} as const;
