import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/contract';
import type { Vec2 } from '../../shared/drawing';
import { DragLoop } from './drag-loop';

function snapshot(revision: number): Snapshot {
  return {
    revision,
    status: { dof: 0, maxResidual: 0, frameMs: 0, constraints: [] },
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
  };
}

/** A transport whose answers the test releases by hand, recording what was sent. */
function harness() {
  const sent: string[] = [];
  const waiting: (() => void)[] = [];
  const frames: (() => void)[] = [];
  let revision = 0;
  /** How many of the next answers say the drawing is still catching up. */
  const catching = { answers: 0 };
  const answer = (what: string) => {
    sent.push(what);
    return new Promise<Snapshot>((resolve) =>
      waiting.push(() => {
        const s = snapshot(++revision);
        if (catching.answers > 0) {
          catching.answers--;
          s.catchingUp = true;
        }
        resolve(s);
      }),
    );
  };
  const applied: number[] = [];
  const loop = new DragLoop(
    {
      start: (curve, u, c) => answer(`start ${curve} ${u} ${c.join(',')}`),
      move: (c: Vec2) => answer(`move ${c.join(',')}`),
      end: () => answer('end'),
      cancel: () => answer('cancel'),
    },
    (cb) => frames.push(cb),
    (s) => applied.push(s.revision),
    (e) => {
      throw e;
    },
  );
  const tick = async () => {
    for (const f of frames.splice(0)) f();
    await Promise.resolve();
  };
  const reply = async () => {
    waiting.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { loop, sent, frames, tick, reply, applied, waiting, catching };
}

describe('drag loop', () => {
  it('sends the last cursor again while the answers say the drawing is catching up, the mouse still', async () => {
    const h = harness();
    h.loop.start('c1', 0.5, [0, 0]);
    await h.reply();
    h.loop.move([5, 0]);
    await h.tick();
    h.catching.answers = 2;
    await h.reply(); // catching up: the same cursor goes out again on the next frame
    await h.tick();
    await h.reply(); // still catching up
    await h.tick();
    await h.reply(); // caught up: nothing more
    await h.tick();
    expect(h.sent).toEqual(['start c1 0.5 0,0', 'move 5,0', 'move 5,0', 'move 5,0']);
    expect(h.loop.busy).toBe(false);
  });

  it('keeps at most one request in flight and sends only the newest cursor', async () => {
    const h = harness();
    h.loop.start('c1', 0.5, [0, 0]);
    h.loop.move([1, 0]);
    h.loop.move([2, 0]);
    await h.tick();
    expect(h.sent).toEqual(['start c1 0.5 0,0']); // start still in flight: nothing more sent
    await h.reply();
    await h.tick();
    expect(h.sent).toEqual(['start c1 0.5 0,0', 'move 2,0']); // [1,0] was replaced by [2,0]
    h.loop.move([3, 0]);
    h.loop.move([4, 0]);
    await h.tick();
    expect(h.sent.length).toBe(2);
    await h.reply();
    await h.tick();
    expect(h.sent.at(-1)).toBe('move 4,0');
    expect(h.applied).toEqual([1, 2]);
  });

  it('sends at most one cursor per animation frame', async () => {
    const h = harness();
    h.loop.start('c1', 0, [0, 0]);
    await h.reply();
    h.loop.move([1, 1]);
    h.loop.move([2, 2]);
    expect(h.frames.length).toBe(1);
    await h.tick();
    expect(h.sent.filter((s) => s.startsWith('move'))).toEqual(['move 2,2']);
  });

  it('end applies the last cursor, then ends', async () => {
    const h = harness();
    h.loop.start('c1', 0, [0, 0]);
    h.loop.move([5, 5]);
    const ending = h.loop.end();
    await h.reply(); // start
    await h.reply(); // move 5,5
    await h.reply(); // end
    await ending;
    expect(h.sent).toEqual(['start c1 0 0,0', 'move 5,5', 'end']);
    expect(h.loop.dragging).toBe(false);
    expect(h.loop.busy).toBe(false);
  });

  it('cancel drops waiting cursors', async () => {
    const h = harness();
    h.loop.start('c1', 0, [0, 0]);
    h.loop.move([5, 5]);
    const cancelling = h.loop.cancel();
    await h.reply();
    await h.reply();
    await cancelling;
    await h.tick();
    expect(h.sent).toEqual(['start c1 0 0,0', 'cancel']);
  });
});
