// Main's keeper of the session's process, driven with real session hosts standing in for processes (in this
// process, over MessageChannels: test-support/in-process.ts) and a clock the test moves: a session that ends is
// started again and takes the drawing up as the page shows it; a call that does not end can be stopped; closing and
// quitting never wait on a busy session.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDrawingFile } from '../../document/file-io';
import { SteppedClock } from '../../shared/clock';
import type { Result } from '../../shared/contract';
import { emptyDrawing, type PlainDrawing } from '../../shared/drawing';
import { plainDrawing } from '../../shared/trace-records';
import { ScriptedUi } from '../test-support/scripted-ui';
import {
  BUSY_AFTER_MS,
  BUSY_AT_CLOSE_MS,
  BUSY_CHECK_MS,
  CLOSE_WAIT_MS,
  MAX_RESTARTS,
  RESTORE_WAIT_MS,
  Supervisor,
} from './supervisor';
import { ManualTimer, inProcessSpawner, type InProcessSpawner } from './test-support/in-process';

const point = (id: string, x: number) => ({ kind: 'point', id, at: [x, 0] });

interface Scene {
  supervisor: Supervisor;
  spawner: InProcessSpawner;
  ui: ScriptedUi;
  time: ManualTimer;
  told: string[];
  restarts: string[];
  busyAnswers: ('wait' | 'stop')[];
  busyAsked: [string, number][];
  removed: number;
  dir: string;
  /** What the page shows (it sends this back after a restart; null: it does not answer). */
  page: { drawing: PlainDrawing | null };
}

const scenes: Scene[] = [];
afterEach(async () => {
  for (const s of scenes.splice(0)) {
    const closing = s.supervisor.close();
    s.time.advance(CLOSE_WAIT_MS);
    await closing;
    await s.spawner.dispose();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

async function scene(): Promise<Scene> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-supervisor-'));
  const clock = new SteppedClock(0);
  const time = new ManualTimer(clock);
  const spawner = inProcessSpawner(
    {
      recoveryDir: join(dir, 'recovery'),
      examples: [],
      autosaveKey: 'window-1',
      instance: { id: `${process.pid}-0123456789ab`, owner: { pid: process.pid, start: null } },
    },
    clock,
  );
  const s = {
    spawner,
    time,
    dir,
    ui: new ScriptedUi(),
    told: [] as string[],
    restarts: [] as string[],
    busyAnswers: [] as ('wait' | 'stop')[],
    busyAsked: [] as [string, number][],
    removed: 0,
    page: { drawing: null as PlainDrawing | null },
  } as Scene;
  s.supervisor = new Supervisor(
    spawner.spawn,
    {
      ui: s.ui,
      event: () => undefined,
      touched: () => undefined,
      stateChanged: () => undefined,
      tell: (message) => s.told.push(message),
      askBusy: async (what, seconds) => {
        s.busyAsked.push([what, seconds]);
        return s.busyAnswers.shift() ?? 'wait';
      },
      restarted: (reason) => {
        s.restarts.push(reason);
        if (s.page.drawing) s.supervisor.restored(s.page.drawing);
      },
      removeRecovery: async () => void s.removed++,
    },
    { clock, timer: time.timer },
  );
  scenes.push(s);
  await s.supervisor.ready;
  return s;
}

/** A drawing on disk, opened, then changed: two points, one unsaved. */
async function openedAndChanged(s: Scene): Promise<string> {
  const path = join(s.dir, 'part.curvewright');
  const d = emptyDrawing();
  d.curves.push(point('p1', 1) as never);
  await saveDrawingFile(path, d);
  expect(await s.supervisor.open(path)).toBe(true);
  const added = await s.supervisor.invoke('edit:apply', { type: 'add', curves: [point('p2', 2)] });
  expect(added.ok).toBe(true);
  expect(s.supervisor.state.dirty).toBe(true);
  return path;
}

const live = (s: Scene) => s.spawner.hosts.at(-1)!.session;

describe('the session supervisor', () => {
  it('starts a session that ended again, with the drawing as the page shows it, under its own file, unsaved', async () => {
    const s = await scene();
    const path = await openedAndChanged(s);
    s.page.drawing = plainDrawing(live(s).drawing);
    s.spawner.hold.add('analysis:point');
    const waiting = s.supervisor.invoke('analysis:point', { curve: 'p1', u: 0 });
    s.spawner.crash({ outOfMemory: true });
    // The call the session was on is answered with one line; main is still here to answer it.
    expect(await waiting).toEqual({
      ok: false,
      error: "analysis:point: the drawing's engine stopped: it ran out of memory",
    });
    await s.supervisor.ready;
    expect(s.spawner.hosts).toHaveLength(2);
    expect(s.restarts).toEqual(['it ran out of memory']);
    expect(live(s).drawing.curves.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect(live(s).path).toBe(path);
    expect(s.supervisor.state).toMatchObject({ dirty: true, path });
    expect(s.told).toEqual([
      "The drawing's engine stopped (it ran out of memory) and was started again with your drawing as it was on screen; undo starts afresh.",
    ]);
    // The new session is the one calls go to.
    const added = (await s.supervisor.invoke('edit:apply', {
      type: 'add',
      curves: [point('p3', 3)],
    })) as Result<unknown>;
    expect(added.ok).toBe(true);
    expect(live(s).drawing.curves.map((c) => c.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('takes the recovery copy up when the page does not answer', async () => {
    const s = await scene();
    const path = await openedAndChanged(s);
    await s.spawner.hosts[0].autosave.tick();
    s.spawner.crash({ signal: 'SIGSEGV' });
    // The page never sends its drawing: after RESTORE_WAIT_MS the copy is taken instead.
    await expect.poll(() => s.restarts.length).toBe(1);
    s.time.advance(RESTORE_WAIT_MS);
    await s.supervisor.ready;
    expect(live(s).drawing.curves.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect(live(s).path).toBe(path);
    expect(s.told).toEqual([
      "The drawing's engine stopped (it crashed (SIGSEGV)) and was started again with your drawing as of its last recovery copy; undo starts afresh.",
    ]);
  });

  it('asks whether to wait for a call that does not end; Wait asks again later, Stop starts a session afresh', async () => {
    const s = await scene();
    await openedAndChanged(s);
    s.page.drawing = plainDrawing(live(s).drawing);
    s.spawner.hold.add('edit:apply');
    const waiting = s.supervisor.invoke('edit:apply', { type: 'add', curves: [point('p3', 3)] });
    s.busyAnswers.push('wait', 'stop');
    s.time.advance(BUSY_AFTER_MS - BUSY_CHECK_MS);
    expect(s.busyAsked).toEqual([]);
    s.time.advance(BUSY_CHECK_MS);
    await expect.poll(() => s.busyAsked).toEqual([['an edit', 5]]);
    // The answer reaches the supervisor (its continuation runs) before the clock moves on.
    await new Promise((resolve) => setImmediate(resolve));
    // Waited: not asked again until BUSY_AFTER_MS later.
    s.time.advance(BUSY_AFTER_MS - BUSY_CHECK_MS);
    expect(s.busyAsked).toHaveLength(1);
    s.time.advance(BUSY_CHECK_MS);
    await expect.poll(() => s.busyAsked.length).toBe(2);
    expect(s.busyAsked[1]).toEqual(['an edit', 10]);
    expect(await waiting).toEqual({
      ok: false,
      error: "edit:apply: the drawing's engine stopped: you stopped a call that would not end",
    });
    await s.supervisor.ready;
    expect(live(s).drawing.curves.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect(s.told).toEqual([
      "The drawing's engine stopped (you stopped a call that would not end) and was started again with your drawing as it was on screen; undo starts afresh.",
    ]);
  });

  it('closing with unsaved changes while the session is busy: main asks, and Save saves the drawing as shown', async () => {
    const s = await scene();
    const path = await openedAndChanged(s);
    s.page.drawing = plainDrawing(live(s).drawing);
    s.spawner.hold.add('edit:apply');
    void s.supervisor.invoke('edit:apply', { type: 'add', curves: [point('p3', 3)] });
    s.time.advance(BUSY_AT_CLOSE_MS);
    s.ui.saveChoices.push('cancel', 'discard', 'save');
    expect(await s.supervisor.confirmDiscard()).toBe(false);
    expect(await s.supervisor.confirmDiscard()).toBe(true);
    expect(s.ui.asked).toEqual(['part.curvewright', 'part.curvewright']);
    expect(await s.supervisor.confirmDiscard()).toBe(true);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as PlainDrawing;
    expect(saved.curves.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect(s.supervisor.state.dirty).toBe(false);
  });

  it('quitting never waits on a busy session: after CLOSE_WAIT_MS main ends it and removes its copies', async () => {
    const s = await scene();
    await openedAndChanged(s);
    s.spawner.hold.add('close');
    let closed = false;
    const closing = s.supervisor.close().then(() => (closed = true));
    s.time.advance(CLOSE_WAIT_MS - 1);
    await Promise.resolve();
    expect(closed).toBe(false);
    s.time.advance(1);
    await closing;
    expect(s.removed).toBe(1);
    // Ended for good: no session is started again.
    expect(s.spawner.hosts).toHaveLength(1);
    expect(s.restarts).toEqual([]);
  });

  it('an analysis running in its slices is no busy session: nobody is asked to stop it', async () => {
    const s = await scene();
    await openedAndChanged(s);
    s.spawner.hold.add('analysis:point');
    void s.supervisor.invoke('analysis:point', { curve: 'p1', u: 0 });
    s.time.advance(3 * BUSY_AFTER_MS);
    await Promise.resolve();
    expect(s.busyAsked).toEqual([]);
    expect(s.supervisor.client.busyFor()).toEqual({ ms: 0, what: '' });
  });

  it('a session that answers closes cleanly itself, and main removes nothing', async () => {
    const s = await scene();
    await s.supervisor.close();
    expect(s.removed).toBe(0);
    expect(s.spawner.hosts).toHaveLength(1);
  });

  it('after MAX_RESTARTS in a minute, the drawing is not taken up again (it may be the cause)', async () => {
    const s = await scene();
    await openedAndChanged(s);
    s.page.drawing = plainDrawing(live(s).drawing);
    for (let i = 0; i <= MAX_RESTARTS; i++) {
      s.spawner.crash({ outOfMemory: true });
      await s.supervisor.ready;
    }
    expect(s.spawner.hosts).toHaveLength(MAX_RESTARTS + 2);
    expect(live(s).drawing.curves).toEqual([]);
    expect(s.told.at(-1)).toBe(
      "The drawing's engine stopped again (it ran out of memory) and was started with an empty drawing; your drawing's recovery copy is kept and will be offered at the next start.",
    );
  });
});
