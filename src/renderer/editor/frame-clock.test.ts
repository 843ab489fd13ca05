import { describe, expect, it } from 'vitest';
import { FrameClock } from './frame-clock';

describe('FrameClock', () => {
  it('splits a frame into round trip, apply, wait and redraw', () => {
    const clock = new FrameClock();
    clock.sent(100);
    clock.answered(112, 4, 7);
    clock.applied(113);
    clock.drawn(115, 118, 0.25);
    expect(clock.samples).toEqual([
      { total: 18, roundTrip: 12, solve: 4, apply: 1, wait: 2, draw: 3, moved: 7, at: 118, lag: 0.25 },
    ]);
  });

  it('completes a frame only once it was answered and applied; a later redraw does not count again', () => {
    const clock = new FrameClock();
    clock.drawn(1, 2); // a hover redraw, no frame out
    clock.sent(10);
    clock.drawn(11, 12); // drawn before the answer: not this frame's redraw
    clock.answered(20, 1);
    clock.applied(21);
    clock.drawn(21, 25);
    clock.drawn(30, 31);
    expect(clock.samples.map((s) => s.total)).toEqual([15]);
    expect(clock.last?.wait).toBe(0);
  });

  it('a redraw after two answers (the next request sent before the page drew) is one sample of both', () => {
    const clock = new FrameClock();
    clock.sent(0);
    clock.answered(10, 5, 3);
    clock.applied(11);
    clock.sent(12); // behind: the next request goes out before the redraw
    clock.drawn(14, 16, 2); // shows the first answer
    clock.answered(20, 5, 4);
    clock.applied(21);
    clock.sent(22);
    clock.answered(30, 5, 4);
    clock.applied(31);
    clock.drawn(32, 33, 0.5); // shows the two answers since
    expect(clock.samples.map((s) => [s.total, s.moved, s.lag])).toEqual([
      [16, 3, 2],
      [11, 8, 0.5],
    ]);
  });
});
