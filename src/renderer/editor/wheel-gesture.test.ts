import { describe, expect, it } from 'vitest';
import { PINCH_ZOOM, TRACKPAD_MAX_PX, WHEEL_ZOOM, wheelGesture } from './wheel-gesture';

const wheel = (deltaX: number, deltaY: number, ctrlKey = false, deltaMode = 0) =>
  wheelGesture({ deltaX, deltaY, ctrlKey, deltaMode });

describe('wheel gestures', () => {
  it("a mouse wheel's notch zooms, out for a positive delta", () => {
    expect(wheel(0, 100)).toEqual({ kind: 'zoom', factor: Math.pow(WHEEL_ZOOM, -100) });
    expect(wheel(0, -120)).toEqual({ kind: 'zoom', factor: Math.pow(WHEEL_ZOOM, 120) });
    expect(wheel(0, 3, false, 1)).toEqual({ kind: 'zoom', factor: Math.pow(WHEEL_ZOOM, -48) });
  });

  it('a pinch (ctrlKey) zooms by its small deltas', () => {
    expect(wheel(0, -4, true)).toEqual({ kind: 'zoom', factor: Math.pow(PINCH_ZOOM, 4) });
    expect(wheel(0, 4, true)).toEqual({ kind: 'zoom', factor: Math.pow(PINCH_ZOOM, -4) });
  });

  it("a two-finger swipe pans: sideways always, up and down under the wheel's notch", () => {
    expect(wheel(12, 0)).toEqual({ kind: 'pan', dx: -12, dy: -0 });
    expect(wheel(3, 80)).toEqual({ kind: 'pan', dx: -3, dy: -80 });
    expect(wheel(0, TRACKPAD_MAX_PX - 1)).toEqual({ kind: 'pan', dx: -0, dy: -(TRACKPAD_MAX_PX - 1) });
    expect(wheel(0, TRACKPAD_MAX_PX).kind).toBe('zoom');
  });
});
