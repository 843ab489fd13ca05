// The editor's on-screen look. Curve strokes, trace strokes, glyph colours and the paper come from
// src/shared/style.ts (shared with the SVG export, so an exported file looks like the screen); the rest (grid,
// highlights, snap marker) exists only on screen. Widths in CSS pixels.

import { CURVE_STROKE, GLYPH_STYLE, PAPER_COLOR, TRACE_STROKE } from '../../shared/style';

export const THEME = {
  paper: PAPER_COLOR,
  gridMinor: '#eeebe4',
  gridMajor: '#ddd8cc',
  gridAxis: '#c9c2b2',
  curve: CURVE_STROKE,
  /**
   * A fully constrained curve (nothing the constraints allow moves it), as SolveSpace and FreeCAD mark them. Plum:
   * apart from the trail's and beads' teal (FreeCAD's green would read as a trace), the selection's blue and red.
   */
  fixedCurve: '#7b2d8e',
  trace: TRACE_STROKE,
  glyph: GLYPH_STYLE,
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
  tooltipBg: '#1f2933',
  tooltipText: '#ffffff',
} as const;
