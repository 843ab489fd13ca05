import { describe, expect, it } from 'vitest';
import { rowWindow } from './row-window';

describe('rowWindow', () => {
  it('is the rows the view meets, the overscan either side', () => {
    // 10,000 rows of 36 px; the view shows 3,600–4,000 px of the list: rows 100 to 111 (111 starts at 3,996).
    expect(rowWindow(3600, 4000, 36, 10_000, 0)).toEqual({ first: 100, end: 112, height: 360_000 });
    expect(rowWindow(3600, 4000, 36, 10_000, 5)).toEqual({ first: 95, end: 117, height: 360_000 });
  });

  it('starts at the first row while the list begins below the view', () => {
    // The list starts 200 px below the view's top; the view is 500 px tall: rows 0–8 meet it.
    expect(rowWindow(-200, 300, 36, 10_000, 2)).toEqual({ first: 0, end: 11, height: 360_000 });
  });

  it('is empty while the list is wholly below or above the view; the overscan counts from the view', () => {
    expect(rowWindow(-900, -100, 36, 50, 0)).toEqual({ first: 0, end: 0, height: 1800 });
    // 100 px above the list: three rows of overscan (108 px) reach its first row.
    expect(rowWindow(-900, -100, 36, 50, 3)).toEqual({ first: 0, end: 1, height: 1800 });
    expect(rowWindow(5000, 5400, 36, 50, 3)).toEqual({ first: 50, end: 50, height: 1800 });
    // Just below the list's end: the overscan reaches back into it.
    expect(rowWindow(1836, 2000, 36, 50, 3)).toEqual({ first: 48, end: 50, height: 1800 });
  });

  it('holds every row of a short list in a tall view', () => {
    expect(rowWindow(0, 800, 36, 7, 10)).toEqual({ first: 0, end: 7, height: 252 });
  });
});
