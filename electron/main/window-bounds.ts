// The main window's size and position, remembered between runs (userData/window-state.json). Pure: main reads the
// file and the displays and hands them in, so the rules are tested without Electron. A saved place that is no
// longer on any display (a monitor unplugged), or a file that is not ours, is ignored: the default window opens.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowPlace extends Rect {
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MIN_SIZE = { width: 720, height: 480 } as const;
/** How much of the window's title bar must be on some display for the place to be used, px. */
const VISIBLE = 64;

function finiteInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e6;
}

/** The remembered place in `text` if it is one and a strip of its top is on one of `displays`; else null. */
export function parseWindowPlace(text: string, displays: readonly Rect[]): WindowPlace | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (![x, y, width, height].every(finiteInt) || typeof maximized !== 'boolean') return null;
  const place = {
    x: Math.round(x as number),
    y: Math.round(y as number),
    width: Math.max(MIN_SIZE.width, Math.round(width as number)),
    height: Math.max(MIN_SIZE.height, Math.round(height as number)),
    maximized,
  };
  const titleBar: Rect = { x: place.x, y: place.y, width: place.width, height: Math.min(32, place.height) };
  return displays.some((d) => overlap(titleBar, d) >= VISIBLE) ? place : null;
}

/** The width of the overlap of two rectangles that also overlap vertically (0 otherwise). */
function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w : 0;
}

/** The file's text for a window's place: its normal (unmaximised) bounds and whether it is maximised. */
export function windowPlaceText(normal: Rect, maximized: boolean): string {
  const { x, y, width, height } = normal;
  return `${JSON.stringify({ x, y, width, height, maximized })}\n`;
}
