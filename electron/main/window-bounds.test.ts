import { describe, expect, it } from 'vitest';
import { MIN_SIZE, parseWindowPlace, windowPlaceText } from './window-bounds';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };
const right = { x: 1920, y: 0, width: 1280, height: 1024 };

describe('the remembered window place', () => {
  it('round-trips through its file', () => {
    const text = windowPlaceText({ x: 100, y: 50, width: 1000, height: 700 }, true);
    expect(parseWindowPlace(text, [screen])).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('is used on a second display, and ignored once that display is gone', () => {
    const text = windowPlaceText({ x: 2000, y: 100, width: 900, height: 600 }, false);
    expect(parseWindowPlace(text, [screen, right])).toMatchObject({ x: 2000, y: 100 });
    expect(parseWindowPlace(text, [screen])).toBeNull();
  });

  it('needs a strip of its title bar on a display: a window pushed off the top or the side is not reopened there', () => {
    expect(
      parseWindowPlace(windowPlaceText({ x: 1900, y: 10, width: 800, height: 600 }, false), [screen]),
    ).toBeNull();
    expect(
      parseWindowPlace(windowPlaceText({ x: 10, y: -700, width: 800, height: 600 }, false), [screen]),
    ).toBeNull();
    expect(
      parseWindowPlace(windowPlaceText({ x: 1800, y: 10, width: 800, height: 600 }, false), [screen]),
    ).not.toBeNull();
  });

  it('grows a too-small size to the minimum and ignores what is not a place', () => {
    const tiny = parseWindowPlace(windowPlaceText({ x: 0, y: 0, width: 10, height: 10 }, false), [screen]);
    expect(tiny).toMatchObject({ width: MIN_SIZE.width, height: MIN_SIZE.height });
    for (const text of [
      '',
      'nonsense',
      'null',
      '[]',
      '{"x":1,"y":2,"width":3}',
      '{"x":"1","y":2,"width":800,"height":600,"maximized":false}',
      '{"x":1e300,"y":2,"width":800,"height":600,"maximized":false}',
    ])
      expect(parseWindowPlace(text, [screen])).toBeNull();
  });
});
