// The sentence a blocked frame is reported with is never empty (issue 27: a parallelogram built at its change point
// locked with `"reason": ""`): where the diagnosis names nothing binding, the running motor's bar and angle, and two
// bars attached in line.

import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { blockedReason, lockReason } from '../../../src/mechanisms/lock-reason';
import { fourBarDrawing } from '../../../src/mechanisms/test-support/four-bar';
import { testClock } from '../../../src/shared/test-support/clock';

const PARALLELOGRAM = { ground: 60, crank: 20, coupler: 60, rocker: 20 };

describe('blockedReason', () => {
  it('with nothing binding, names the motor’s bar, its angle and two bars in line', () => {
    const drawing = fourBarDrawing(PARALLELOGRAM, Math.PI);
    const engine = Engine.build(drawing, { clock: testClock() });
    expect(lockReason(engine, drawing, [])).toBe('');
    expect(blockedReason(engine, drawing, [])).toBe(
      'the crank cannot turn past 180°: crank and coupler are in line',
    );
  });

  it('with nothing in line, names the motor’s bar and its angle', () => {
    const drawing = fourBarDrawing(PARALLELOGRAM, Math.PI / 2, { side: 1 });
    const engine = Engine.build(drawing, { clock: testClock() });
    expect(blockedReason(engine, drawing, [])).toBe('the crank cannot turn past 90°');
  });

  it('is the lock’s sentence when the diagnosis names the motor', () => {
    const drawing = fourBarDrawing(PARALLELOGRAM, Math.PI / 2, { side: 1 });
    const engine = Engine.build(drawing, { clock: testClock() });
    const binding = ['motor', drawing.constraints[0].id];
    expect(blockedReason(engine, drawing, binding)).toBe(lockReason(engine, drawing, binding));
    expect(blockedReason(engine, drawing, binding)).toMatch(/^the crank cannot turn past 90°: held by /);
  });
});
