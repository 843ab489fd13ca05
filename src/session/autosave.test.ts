import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document/file-io';
import type { AutosaveFailure } from '../shared/contract';
import { emptyDrawing } from '../shared/drawing';
import { Autosave, type AutosaveSession, type RecoveryStore } from './autosave';

function setup() {
  const stored = new Map<string, { title: string; document: string | null }>();
  let failure: Error | null = null;
  let closed = false;
  const writes: (() => void)[] = [];
  let holdWrites = false;
  const clears: (() => void)[] = [];
  let holdClears = false;
  const store: RecoveryStore = {
    copyFile: (key) => `/data/recovery/1-abc/${key}.curvewright`,
    async write(key, drawing, document) {
      if (holdWrites) await new Promise<void>((go) => writes.push(go));
      if (failure) throw failure;
      stored.set(key, { title: drawing.meta.title, document });
    },
    async clear(key) {
      if (holdClears) await new Promise<void>((go) => clears.push(go));
      if (failure) throw failure;
      stored.delete(key);
    },
    async close() {
      closed = true;
      stored.clear();
    },
  };
  const session: AutosaveSession = {
    drawing: emptyDrawing(),
    dirty: false,
    path: null,
    autosaveFailure: null,
  };
  const pushed: (AutosaveFailure | null)[] = [];
  const autosave = new Autosave(session, store, 'k1', () => pushed.push(session.autosaveFailure), 1000);
  return {
    stored,
    session: session as { -readonly [K in keyof AutosaveSession]: AutosaveSession[K] },
    autosave,
    pushed,
    fail: (error: Error | null) => (failure = error),
    hold: () => (holdWrites = true),
    release: () => writes.splice(0).forEach((go) => go()),
    holdClear: () => (holdClears = true),
    releaseClear: () => clears.splice(0).forEach((go) => go()),
    closed: () => closed,
  };
}

describe('autosave', () => {
  it('writes a copy, with its drawing’s file, only while there are unsaved changes', async () => {
    const { stored, session, autosave } = setup();
    expect(await autosave.tick()).toBe('cleared');
    expect(stored.size).toBe(0);
    session.dirty = true;
    session.path = '/home/me/a.curvewright';
    session.drawing.meta.title = 'work in progress';
    expect(await autosave.tick()).toBe('written');
    expect(stored.get('k1')).toEqual({ title: 'work in progress', document: '/home/me/a.curvewright' });
    session.dirty = false;
    expect(await autosave.tick()).toBe('cleared');
    expect(stored.size).toBe(0);
  });

  it('puts a failure (what and why) into the session until an autosave succeeds, telling each change once', async () => {
    const { session, autosave, pushed, fail } = setup();
    session.dirty = true;
    fail(new DocumentError('/data/recovery/1-abc/k1.curvewright', 'could not save: the disk is full'));
    expect(await autosave.tick()).toBe('failed');
    const full = { path: '/data/recovery/1-abc/k1.curvewright', reason: 'could not save: the disk is full' };
    expect(session.autosaveFailure).toEqual(full);
    expect(await autosave.tick()).toBe('failed');
    expect(pushed).toEqual([full]); // the same failure again is not news
    // An error without a path of its own names the copy it was writing.
    fail(new Error('EIO: input/output error'));
    await autosave.tick();
    const io = { path: '/data/recovery/1-abc/k1.curvewright', reason: 'EIO: input/output error' };
    expect(session.autosaveFailure).toEqual(io);
    fail(null);
    expect(await autosave.tick()).toBe('written');
    expect(session.autosaveFailure).toBeNull();
    expect(pushed).toEqual([full, io, null]);
  });

  it('never runs two at once: a tick asked for during one runs after it, with the newest drawing', async () => {
    const { stored, session, autosave, hold, release } = setup();
    session.dirty = true;
    session.drawing.meta.title = 'first';
    hold();
    const first = autosave.tick();
    const second = autosave.tick();
    const third = autosave.tick();
    expect(third).toBe(second);
    session.drawing = { ...session.drawing, meta: { ...session.drawing.meta, title: 'second' } };
    release();
    expect(await first).toBe('written');
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await second).toBe('written');
    expect(stored.get('k1')?.title).toBe('second');
  });

  it('an edit made while the copy is being removed gets its copy in the same autosave', async () => {
    const { stored, session, autosave, holdClear, releaseClear } = setup();
    session.dirty = true;
    await autosave.tick();
    session.dirty = false; // saved
    holdClear();
    const tick = autosave.tick();
    session.dirty = true; // an edit while the old copy is removed
    session.drawing.meta.title = 'edited';
    releaseClear();
    expect(await tick).toBe('written');
    expect(stored.get('k1')?.title).toBe('edited');
  });

  it('removes every copy on a clean close, and writes none after it', async () => {
    const { stored, session, autosave, closed } = setup();
    session.dirty = true;
    await autosave.tick();
    await autosave.close();
    expect(closed()).toBe(true);
    expect(await autosave.tick()).toBe('cleared');
    expect(stored.size).toBe(0);
  });
});
