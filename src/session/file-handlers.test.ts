// The page can make main open only a file the user dropped on the window, by the token main issued for it: every
// way of naming a path through the IPC gate (dispatch, as main and the e2e bridge run it) is refused with one line,
// and nothing is read.

import { describe, expect, it } from 'vitest';
import { DROP_TOKEN } from '../shared/contract';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { dispatch, type Handlers } from './dispatch';
import { DROP_TOKEN_LIFETIME_MS, DropTokens, MAX_PENDING_DROPS } from './drop-tokens';
import { createFileHandlers } from './file-handlers';
import { FileFlow, type FileStore, type FileUi } from './file-flow';
import { createHandlers } from './handlers';
import { MAX_RECENT, RecentFiles } from './recent-files';
import { Session } from './session';
import { testClock } from '../shared/test-support/clock';
import { SteppedClock, type Clock } from '../shared/clock';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readImportFile } from '../document/import-file';
import { readImageFile } from '../document/image-file';

const SECRET = '/home/someone/secret.curvewright';

function setup(clock: Clock = testClock()) {
  const shown = emptyDrawing();
  shown.meta.title = 'shown';
  const session = new Session({ clock: testClock(), drawing: shown });
  const loaded: string[] = [];
  const errors: string[] = [];
  const store: FileStore = {
    async load(path) {
      loaded.push(path);
      const d: Drawing = emptyDrawing();
      d.meta.title = `from ${path}`;
      return d;
    },
    save: async () => undefined,
    writeExport: async () => undefined,
    readImport: (path, choose) => readImportFile(path, { choose }),
    readImage: (path) => readImageFile(path),
  };
  const ui: FileUi = {
    askSaveChanges: async () => 'cancel',
    askOverwrite: async () => 'cancel',
    askReload: async () => 'keep',
    pickOpenPath: async () => null,
    pickImportPath: async () => null,
    askImportOptions: async () => null,
    pickImagePath: async () => null,
    pickSavePath: async () => null,
    showError: (message) => errors.push(message),
  };
  const flow = new FileFlow(session, ui, store, { changed: () => {}, touched: () => {} }, emptyDrawing);
  const recent = new RecentFiles();
  const examples = [{ title: 'Four Bar', path: '/app/examples/four-bar.curvewright' }];
  const handlers: Handlers = {
    ...createHandlers(session),
    ...createFileHandlers(flow, { recent, examples: () => examples }, new DropTokens(clock)),
  };
  const send = (channel: string, payload: unknown) => dispatch(handlers, channel, payload);
  return { session, loaded, errors, send, recent };
}

describe('paths from the page', () => {
  it('are refused at the gate, one line each, and nothing is read', async () => {
    const { session, loaded, send } = setup();
    // The channel that took a path is gone.
    expect(await send('file:open-path', { path: SECRET })).toEqual({
      ok: false,
      error: 'unknown channel "file:open-path"',
    });
    // A path where a token goes.
    expect(await send('file:open-dropped', { token: SECRET })).toEqual({
      ok: false,
      error: `file:open-dropped: payload.token: expected a token main issued for a dropped file, got "${SECRET}"`,
    });
    expect(await send('file:open-dropped', { path: SECRET })).toEqual({
      ok: false,
      error: 'file:open-dropped: payload.path: unknown field',
    });
    // A well-formed token main never issued.
    expect(await send('file:open-dropped', { token: 'a'.repeat(32) })).toEqual({
      ok: false,
      error: 'file:open-dropped: refused: not a file dropped on the window (the page may not name a path)',
    });
    expect(loaded).toEqual([]);
    expect(session.path).toBeNull();
    expect(session.drawing.meta.title).toBe('shown');
  });

  it('a dropped file opens by the token issued for it, once', async () => {
    const { session, loaded, send } = setup();
    const issued = await send('file:drop-token', { path: '/drops/a.curvewright' });
    expect(issued.ok).toBe(true);
    const token = (issued as { value: string }).value;
    expect(token).toMatch(DROP_TOKEN);
    expect(token).not.toContain('a.curvewright');
    expect(await send('file:open-dropped', { token })).toEqual({ ok: true, value: true });
    expect(loaded).toEqual(['/drops/a.curvewright']);
    expect(session.path).toBe('/drops/a.curvewright');
    expect(session.drawing.meta.title).toBe('from /drops/a.curvewright');
    // Used up: the page cannot reopen (or later save over) the file with it.
    expect(await send('file:open-dropped', { token })).toMatchObject({
      ok: false,
      error: expect.stringContaining('refused: not a file dropped on the window'),
    });
    expect(loaded).toEqual(['/drops/a.curvewright']);
  });

  it('tokens are fresh for every drop, and only the newest few wait', async () => {
    const { loaded, send } = setup();
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_PENDING_DROPS; i++) {
      const answer = await send('file:drop-token', { path: `/drops/${i}.curvewright` });
      tokens.push((answer as { value: string }).value);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // The oldest was forgotten when one more than MAX_PENDING_DROPS waited; the newest still opens.
    expect(await send('file:open-dropped', { token: tokens[0] })).toMatchObject({ ok: false });
    expect(await send('file:open-dropped', { token: tokens[1] })).toEqual({ ok: true, value: true });
    expect(await send('file:open-dropped', { token: tokens.at(-1) })).toEqual({ ok: true, value: true });
    expect(loaded).toEqual(['/drops/1.curvewright', `/drops/${MAX_PENDING_DROPS}.curvewright`]);
  });
});

describe('a drop token', () => {
  it('expires: one redeemed after DROP_TOKEN_LIFETIME_MS opens nothing and says to drop again', async () => {
    const clock = new SteppedClock(0);
    const { loaded, send } = setup(clock);
    const soon = (await send('file:drop-token', { path: '/drops/soon.curvewright' })) as { value: string };
    const late = (await send('file:drop-token', { path: '/drops/late.curvewright' })) as { value: string };
    clock.advance(DROP_TOKEN_LIFETIME_MS);
    expect(await send('file:open-dropped', { token: soon.value })).toEqual({ ok: true, value: true });
    clock.advance(1);
    expect(await send('file:open-dropped', { token: late.value })).toEqual({
      ok: false,
      error:
        'file:open-dropped: refused: the drop of late.curvewright is too old to open; drop the file again',
    });
    expect(loaded).toEqual(['/drops/soon.curvewright']);
  });

  it('opens only the file that was dropped: not one rewritten or put in its place since', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drops-'));
    try {
      const { loaded, send } = setup();
      const path = join(dir, 'part.curvewright');
      const token = async () => ((await send('file:drop-token', { path })) as { value: string }).value;
      writeFileSync(path, 'a drawing');
      const same = await token();
      expect(await send('file:open-dropped', { token: same })).toEqual({ ok: true, value: true });
      const rewritten = await token();
      appendFileSync(path, ' and more');
      const replaced = await token();
      rmSync(path);
      writeFileSync(path, 'another file by the same name');
      for (const t of [rewritten, replaced])
        expect(await send('file:open-dropped', { token: t })).toEqual({
          ok: false,
          error:
            'file:open-dropped: refused: part.curvewright changed after it was dropped; drop the file again',
        });
      expect(loaded).toEqual([path]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the start panel', () => {
  it('lists the recent files and examples, and opens one by its index, never by a path', async () => {
    const { session, loaded, send, recent } = setup();
    recent.touch('/work/old.curvewright');
    recent.touch('/work/new.curvewright');
    expect(await send('file:start', undefined)).toEqual({
      ok: true,
      value: {
        recent: [
          { name: 'new.curvewright', folder: '/work' },
          { name: 'old.curvewright', folder: '/work' },
        ],
        examples: [{ title: 'Four Bar' }],
      },
    });
    expect(await send('file:open-recent', { index: 1 })).toEqual({ ok: true, value: true });
    expect(loaded).toEqual(['/work/old.curvewright']);
    expect(session.path).toBe('/work/old.curvewright');

    // An index main has no file for, or a path instead of an index, is refused and reads nothing.
    expect(await send('file:open-recent', { index: 5 })).toEqual({
      ok: false,
      error: 'file:open-recent: refused: there is no recent file 6',
    });
    expect(await send('file:open-recent', { index: SECRET })).toMatchObject({ ok: false });
    expect(await send('file:open-recent', { index: 0, path: SECRET })).toMatchObject({ ok: false });
    expect(await send('file:open-example', { index: 1 })).toMatchObject({ ok: false });
    expect(loaded).toEqual(['/work/old.curvewright']);

    // An example opens as an untitled copy: no path to save over.
    expect(await send('file:open-example', { index: 0 })).toEqual({ ok: true, value: true });
    expect(loaded).toEqual(['/work/old.curvewright', '/app/examples/four-bar.curvewright']);
    expect(session.path).toBeNull();
  });

  it('keeps the recent files newest first, each once, at most MAX_RECENT', () => {
    const recent = new RecentFiles();
    for (let i = 0; i < MAX_RECENT + 3; i++) recent.touch(`/f/${i}`);
    recent.touch('/f/5');
    expect(recent.list()).toHaveLength(MAX_RECENT);
    expect(recent.list().slice(0, 3)).toEqual(['/f/5', `/f/${MAX_RECENT + 2}`, `/f/${MAX_RECENT + 1}`]);
    expect(new Set(recent.list()).size).toBe(MAX_RECENT);
  });
});
