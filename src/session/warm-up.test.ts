// The warm-up after an open: it runs in slices on a throwaway engine, leaves the session's drawing, engine,
// history and saved state exactly as they were, and gives way to the first real call.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validFixtures } from '../document/test-support/fixtures';
import { parseDrawingText } from '../document/validate';
import { Engine, RESIDUAL_TOLERANCE } from '../engine';
import { DrawingBuilder, at } from '../mechanisms/builder';
import { referencedCurves } from '../shared/references';
import type { Drawing } from '../shared/drawing';
import { createHandlers } from './handlers';
import { Session } from './session';
import { WARM_UP_FRAMES, type Scheduler } from './warm-up';
import { WARM_UP_CURVES, warmUpSample } from './warm-up-sample';
import { testClock } from '../shared/test-support/clock';

const allKinds = (): Drawing =>
  parseDrawingText(
    readFileSync(
      validFixtures().find((f) => f.endsWith('/all-kinds.curvewright'))!,
      'utf8',
    ),
  );

/** n bars end to end, the first pinned. */
function chain(n: number): Drawing {
  const b = new DrawingBuilder('chain');
  for (let i = 0; i < n; i++) b.bar(`b${i}`, [10 * i, (i % 2) * 3], [10 * (i + 1), ((i + 1) % 2) * 3]);
  b.pin(at('b0', 'start'));
  for (let i = 1; i < n; i++) b.attach(at(`b${i - 1}`, 'end'), at(`b${i}`, 'start'));
  return b.build();
}

/** A scheduler the test runs by hand: one slice per `run()`. */
function manualScheduler() {
  const queue: (() => void)[] = [];
  const schedule: Scheduler = (slice) => {
    queue.push(slice);
    return () => queue.splice(queue.indexOf(slice), 1);
  };
  return {
    schedule,
    pending: () => queue.length,
    run: () => queue.shift()!(),
    /** Slices run until nothing is scheduled. */
    drain(): number {
      let n = 0;
      while (queue.length > 0) {
        queue.shift()!();
        n++;
      }
      return n;
    },
  };
}

/** Every number's bits, -0 included: JSON alone would write -0 as 0. */
const bits = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v));

describe('warmUpSample', () => {
  it('keeps every curve kind, at most WARM_UP_CURVES curves, and only constraints among them, all holding', () => {
    const big = chain(3 * WARM_UP_CURVES);
    const sample = warmUpSample(big);
    expect(sample.curves).toHaveLength(WARM_UP_CURVES);
    const kept = new Set(sample.curves.map((c) => c.id));
    expect(sample.constraints).toHaveLength(WARM_UP_CURVES); // the pin and the joints among the first curves
    for (const k of sample.constraints) for (const id of referencedCurves(k)) expect(kept.has(id)).toBe(true);
    expect(Engine.build(sample, { clock: testClock() }).residual).toBeLessThan(RESIDUAL_TOLERANCE);
    const drawing = allKinds();
    const kinds = (d: Drawing) => new Set(d.curves.map((c) => c.kind));
    expect(kinds(warmUpSample(drawing, 1))).toEqual(kinds(drawing));
    expect(warmUpSample(drawing).curves).toEqual(drawing.curves);
  });
});

describe('the warm-up after an open', () => {
  it('drags a throwaway engine in slices and leaves the drawing, engine and history bit-identical', () => {
    const clock = manualScheduler();
    const session = new Session({ clock: testClock(), warmUp: clock.schedule });
    const drawing = allKinds();
    const opened = session.replaceDrawing(drawing, '/tmp/all-kinds.curvewright');
    expect(session.warmUp!.state).toBe('waiting');
    expect(clock.pending()).toBe(1);
    const before = bits(session.drawing);
    const slices = clock.drain();
    // One slice builds, then each curve kind's drag is WARM_UP_FRAMES slices.
    const kinds = new Set(drawing.curves.map((c) => c.kind)).size;
    expect(slices).toBe(1 + kinds * WARM_UP_FRAMES);
    expect(session.warmUp!.state).toBe('done');
    expect(bits(session.drawing)).toBe(before);
    // The session's engine did not move: no curve changed since the open's snapshot.
    const after = session.snapshot(false);
    expect(after.states!.curves).toEqual([]);
    expect(after).toMatchObject({ revision: opened.revision, dirty: false, canUndo: false, canRedo: false });
    expect(after.title).toBe(opened.title);
  });

  it('a real call cancels it: no further slice runs', async () => {
    const clock = manualScheduler();
    const session = new Session({ clock: testClock(), warmUp: clock.schedule });
    const handlers = createHandlers(session);
    session.replaceDrawing(chain(50), null);
    const warmUp = session.warmUp!;
    clock.run(); // the build
    expect(warmUp.state).toBe('running');
    handlers['drag:start']({ curve: 'b49', u: 1, cursor: [500, 0] });
    expect(warmUp.state).toBe('cancelled');
    expect(clock.pending()).toBe(0);
    await expect(warmUp.finished).resolves.toBe('cancelled');
  });

  it('runs by itself on later macrotasks, and a new open replaces it', async () => {
    const session = new Session({ clock: testClock() });
    session.replaceDrawing(chain(20), null);
    const first = session.warmUp!;
    session.replaceDrawing(chain(30), null);
    expect(first.state).toBe('cancelled');
    await expect(session.warmUp!.finished).resolves.toBe('done');
  });
});
