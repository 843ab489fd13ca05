import { describe, expect, it } from 'vitest';
import type { PullStatus, Snapshot } from '../../shared/contract';
import { PullLoop } from './pull-loop';

function snapshot(revision: number, pulls?: PullStatus): Snapshot {
  return {
    revision,
    status: { dof: 0, maxResidual: 0, frameMs: 0 },
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
    ...(pulls && { pulls }),
  };
}

const moving = (rms: number): PullStatus => ({
  done: false,
  readouts: [{ id: 'f', rms, max: rms, worst: null }],
});
const atRest: PullStatus = { done: true, readouts: [{ id: 'f', rms: 0, max: 0, worst: null }] };

/** A fake session that answers pull frames the test releases by hand, and animation frames run by hand. */
function harness(answers: PullStatus[]) {
  const frames: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  const applied: Snapshot[] = [];
  const state = { dragging: false, playing: false, asked: 0 };
  let revision = 0;
  const loop: PullLoop = new PullLoop(
    {
      dragging: () => state.dragging,
      playing: () => state.playing,
      frame: () => {
        state.asked++;
        const pulls = answers.shift();
        return new Promise((resolve) => waiting.push(() => resolve(snapshot(++revision, pulls))));
      },
      apply: (s) => {
        applied.push(s);
        loop.seen(s);
      },
    },
    (cb) => frames.push(cb),
  );
  const tick = () => frames.splice(0).forEach((cb) => cb());
  const answer = async () => {
    waiting.splice(0).forEach((release) => release());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { loop, state, frames, waiting, applied, tick, answer };
}

describe('the pull loop', () => {
  it('asks one frame per animation frame, one at a time, while the answers say the pull moves; stops at rest', async () => {
    const h = harness([moving(2), moving(1), atRest]);
    h.loop.seen(snapshot(0, moving(3)));
    // Again before the frame: still one request.
    h.loop.seen(snapshot(0, moving(3)));
    expect(h.frames).toHaveLength(1);
    expect(h.state.asked).toBe(0);
    h.tick();
    expect(h.state.asked).toBe(1);
    expect(h.loop.busy).toBe(true);
    // An answer of another request meanwhile (an edit): no second frame while one is out.
    h.loop.seen(snapshot(0, moving(3)));
    expect(h.frames).toHaveLength(0);
    await h.answer();
    expect(h.frames).toHaveLength(1);
    h.tick();
    await h.answer();
    h.tick();
    await h.answer();
    expect(h.state.asked).toBe(3);
    expect(h.applied.map((s) => s.pulls?.done)).toEqual([false, false, true]);
    expect(h.frames).toHaveLength(0);
    expect(h.loop.busy).toBe(false);
    expect(h.loop.frames).toBe(3);
  });

  it('asks nothing for an answer without pulls or at rest, during a drag or while playing', () => {
    const h = harness([]);
    h.loop.seen(snapshot(0));
    h.loop.seen(snapshot(0, atRest));
    h.state.dragging = true;
    h.loop.seen(snapshot(0, moving(1)));
    h.state.dragging = false;
    h.state.playing = true;
    h.loop.seen(snapshot(0, moving(1)));
    expect(h.frames).toHaveLength(0);
    expect(h.loop.busy).toBe(false);
  });

  it('a drag begun between the ask and the frame: nothing sent; the drag end answer starts it again', async () => {
    const h = harness([atRest]);
    h.loop.seen(snapshot(0, moving(1)));
    h.state.dragging = true;
    h.tick();
    expect(h.state.asked).toBe(0);
    expect(h.loop.busy).toBe(false);
    h.state.dragging = false;
    h.loop.seen(snapshot(1, moving(1)));
    h.tick();
    await h.answer();
    expect(h.state.asked).toBe(1);
    expect(h.applied.at(-1)?.pulls?.done).toBe(true);
  });

  it('a failed frame (said by the host) stops the run', async () => {
    const h = harness([]);
    const loop = new PullLoop(
      {
        dragging: () => false,
        playing: () => false,
        frame: () => Promise.resolve(null),
        apply: () => h.state.asked++,
      },
      (cb) => h.frames.push(cb),
    );
    loop.seen(snapshot(0, moving(1)));
    h.tick();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loop.busy).toBe(false);
    expect(h.frames).toHaveLength(0);
    expect(h.state.asked).toBe(0);
  });
});
