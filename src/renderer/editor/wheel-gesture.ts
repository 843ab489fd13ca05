// What a wheel event means. A mouse wheel zooms about the cursor; a trackpad sends the same events for a two-finger
// swipe (pan) and a pinch (which Chromium reports as a wheel event with ctrlKey set). The rule:
// - ctrlKey (a pinch, or Ctrl+wheel on a mouse): zoom, by the vertical delta;
// - deltas in lines or pages (a mouse's notches on some systems): zoom;
// - pixel deltas with a horizontal part, or a vertical one under TRACKPAD_MAX_PX: a trackpad swipe, pan;
// - larger pixel deltas straight up or down (a mouse's notch is 100–120 px in Chromium): zoom.

/** A vertical pixel delta below this, with nothing sideways, is a trackpad's swipe rather than a wheel's notch. */
export const TRACKPAD_MAX_PX = 50;
/** Zoom per pixel of a mouse wheel's delta (one 100 px notch: × 0.86). */
export const WHEEL_ZOOM = 1.0015;
/** Zoom per pixel of a pinch's delta: a pinch reports a few px per event, so each counts for more. */
export const PINCH_ZOOM = 1.01;

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  /** 0 pixels, 1 lines, 2 pages (WheelEvent.deltaMode). */
  deltaMode: number;
  ctrlKey: boolean;
}

export type WheelGesture = { kind: 'zoom'; factor: number } | { kind: 'pan'; dx: number; dy: number };

const LINE_PX = 16;

export function wheelGesture(e: WheelInput): WheelGesture {
  if (e.ctrlKey) return { kind: 'zoom', factor: Math.pow(PINCH_ZOOM, -e.deltaY) };
  if (e.deltaMode !== 0) return { kind: 'zoom', factor: Math.pow(WHEEL_ZOOM, -e.deltaY * LINE_PX) };
  if (e.deltaX !== 0 || Math.abs(e.deltaY) < TRACKPAD_MAX_PX)
    // The content follows the fingers: a swipe up (positive deltaY) moves the drawing up.
    return { kind: 'pan', dx: -e.deltaX, dy: -e.deltaY };
  return { kind: 'zoom', factor: Math.pow(WHEEL_ZOOM, -e.deltaY) };
}
