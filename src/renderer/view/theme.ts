// The editor's on-screen look, light or dark after the OS (prefers-color-scheme; src/renderer/color-scheme.ts
// switches it live). The light theme's curve strokes, trace strokes, glyph and dimension colours and the paper
// come from src/shared/style.ts (shared with the SVG export, so an exported file looks like the light screen);
// the dark theme recolours the same shapes for dark paper. The rest (grid, highlights, snap marker) exists only
// on screen. Widths in CSS pixels.

import {
  CURVE_STROKE,
  DIMENSION_STYLE,
  GLYPH_STYLE,
  PAPER_COLOR,
  TRACE_STROKE,
  type StrokeStyle,
} from '../../shared/style';

export type ColorScheme = 'light' | 'dark';

/** A theme: the light one's shape, any colours (a colour is a '#…' or 'rgba(…' string; 'round' stays 'round'). */
type Recolored<T> = T extends string
  ? T extends `#${string}` | `rgba(${string}`
    ? string
    : T
  : T extends number | readonly number[]
    ? T
    : { -readonly [K in keyof T]: Recolored<T[K]> };

const LIGHT = {
  paper: PAPER_COLOR,
  gridMinor: '#eeebe4',
  gridMajor: '#ddd8cc',
  gridAxis: '#c9c2b2',
  curve: CURVE_STROKE as StrokeStyle,
  /**
   * A fully constrained curve (nothing the constraints allow moves it), as SolveSpace and FreeCAD mark them. Plum:
   * apart from the trail's and beads' teal (FreeCAD's green would read as a trace), the selection's blue and red.
   */
  fixedCurve: '#7b2d8e',
  trace: TRACE_STROKE as StrokeStyle,
  glyph: GLYPH_STYLE,
  dimension: { color: DIMENSION_STYLE.color, referenceColor: DIMENSION_STYLE.referenceColor },
  hover: '#f29e38',
  selected: '#2f6fdb',
  preview: '#2f6fdb',
  snap: '#d6336c',
  /** The marker of an auto-constraint a click would add while drawing. */
  aid: '#d6336c',
  aidText: '#ffffff',
  box: 'rgba(47, 111, 219, 0.12)',
  boxStroke: '#2f6fdb',
  /** A constraint resisting a drag that is held back, labelled with its tension. */
  resisting: '#e8590c',
  /** What the status bar's notice is about: a refusal's constraints in the way, what fixes a redundant one. */
  culprit: '#d92d20',
  tooltipBg: '#1f2933',
  tooltipText: '#ffffff',
  /** The analysis layer: the instant centres, and a four-bar's toggles and dead centres. */
  analysis: { centre: '#0b7285', mark: '#c2410c' },
  /** Data to fit (a point set's marks) and a target's pull; a fit's worst point is ringed in `resisting`. */
  data: '#8a5a00',
  /** An attractor switched off (kept, pulling nothing). */
  dataOff: '#b8b0a0',
};

export type Theme = Recolored<typeof LIGHT>;

/** Dark paper; every stroke light enough to read on it (theme.test.ts checks the contrast). */
const DARK: Theme = {
  ...LIGHT,
  paper: '#1b1d21',
  gridMinor: '#24272c',
  gridMajor: '#30343b',
  gridAxis: '#474d57',
  curve: { ...CURVE_STROKE, dash: [...CURVE_STROKE.dash], color: '#e3e7ec' },
  fixedCurve: '#d49be3',
  trace: { ...TRACE_STROKE, dash: [...TRACE_STROKE.dash], color: '#3cc9b4' },
  glyph: {
    ...GLYPH_STYLE,
    color: '#b7c1cd',
    conflictColor: '#ff6b5e',
    bead: { ...GLYPH_STYLE.bead, color: '#3cc9b4' },
    spring: { ...GLYPH_STYLE.spring, color: '#97a3b4' },
    motor: { ...GLYPH_STYLE.motor, color: '#b197fc' },
    // The sketch glyphs' symbols are text: light on the dark paper, as the other glyphs.
    sketch: {
      ...GLYPH_STYLE.sketch,
      symbols: { ...GLYPH_STYLE.sketch.symbols },
      color: '#b7c1cd',
      redundantColor: '#f0a33a',
    },
  },
  dimension: { color: '#74b4f0', referenceColor: '#8a94a3' },
  selected: '#5b93f5',
  preview: '#5b93f5',
  snap: '#f06595',
  aid: '#f06595',
  box: 'rgba(91, 147, 245, 0.16)',
  boxStroke: '#5b93f5',
  resisting: '#ff922b',
  culprit: '#ff6b5e',
  tooltipBg: '#e3e7ec',
  tooltipText: '#1b1d21',
  analysis: { centre: '#66d9e8', mark: '#ffa94d' },
  data: '#e0b45c',
  dataOff: '#5c5a55',
};

export const THEMES: Record<ColorScheme, Theme> = { light: LIGHT as Theme, dark: DARK };

/** The scheme to draw in: dark when the OS asks for it (`prefers-color-scheme: dark` matches), light otherwise. */
export function schemeFor(prefersDark: boolean): ColorScheme {
  return prefersDark ? 'dark' : 'light';
}

/** Copies `source`'s values into `target` in place, object by object (both have the theme's shape). */
function copyInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const into = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && into && typeof into === 'object')
      copyInto(into as Record<string, unknown>, value as Record<string, unknown>);
    else target[key] = Array.isArray(value) ? [...value] : value;
  }
}

function copyOf(theme: Theme): Theme {
  return JSON.parse(JSON.stringify(theme)) as Theme;
}

/**
 * The theme the painters draw with. One object, recoloured in place by useColorScheme, so a painter that keeps a
 * part of it (`const G = THEME.glyph`) sees the switch too.
 */
export const THEME: Theme = copyOf(LIGHT as Theme);
let current: ColorScheme = 'light';

/** Draws in `scheme` from now on; true when that changed the theme (the canvas must be redrawn). */
export function useColorScheme(scheme: ColorScheme): boolean {
  if (scheme === current) return false;
  copyInto(THEME as unknown as Record<string, unknown>, THEMES[scheme] as unknown as Record<string, unknown>);
  current = scheme;
  return true;
}

export function colorScheme(): ColorScheme {
  return current;
}
