// The renderer's test hook (set by main.ts): what the end-to-end tests ask the page. Read-only views and a wait.

import type { Vec2 } from '../shared/drawing';
import type { FrameBreakdown } from './editor/frame-clock';

export interface DebugHook {
  /** Drawing mm → page pixels (for page.mouse). */
  toPage(p: Vec2): Vec2;
  /** Resolves when every request sent so far has been answered. */
  idle(): Promise<void>;
  /** The current tool and state, e.g. "circle.placing". */
  tool(): string;
  /** Recent drag frames, cursor sent → redrawn, with where the time went, ms. */
  frames(): FrameBreakdown[];
  /** The auto-constraint marker shown beside the cursor while drawing ("H", "V", "tangent"), or null. */
  aid(): string | null;
  /** How many times each layer has drawn. */
  layerDraws(): Record<'grid' | 'curves' | 'glyphs' | 'analysis' | 'overlay', number>;
  /**
   * What the analysis layer drew last, at page pixels: the instant centres (label: the bar's id) and a four-bar's
   * toggles and dead centres (label: the crank angle in degrees).
   */
  analysisMarks(): { kind: 'centre' | 'toggle' | 'dead-centre'; label: string; at: Vec2 }[];
  /** The selected ids, in the order they were selected. */
  selection(): string[];
  /** A dimension as drawn now: the centre of its value (drawing mm) and the text; null if there is none. */
  dimension(id: string): { at: Vec2; text: string } | null;
  /** The colour a constraint's sketch glyph or dimension was last drawn in (null: not drawn), and the paper's. */
  drawnColor(id: string): string | null;
  paperColor(): string;
  /** What the overlay drew last: the ids highlighted as culprits, and the hovered constraint's tooltip. */
  overlay(): { culprits: string[]; tooltip: string | null };
}

declare global {
  interface Window {
    __curvewrightDebug?: DebugHook;
  }
}
