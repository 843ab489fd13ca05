// The page can make main open only a file the user dropped on the window, by the token main issued for it: every
// way of naming a path through the IPC gate (dispatch, as main and the e2e bridge run it) is refused with one line,
// and nothing is read.

import { describe, expect, it } from 'vitest';
import { DROP_TOKEN } from '../shared/contract';
import { emptyDrawing, type Drawing } from '../shared/drawing';
import { dispatch, type Handlers } from './dispatch';
import { MAX_PENDING_DROPS } from './drop-tokens';
import { createFileHandlers } from './file-handlers';
import { FileFlow, type FileStore, type FileUi } from './file-flow';
import { createHandlers } from './handlers';
import { Session } from './session';

const SECRET = '/home/someone/secret.curvewright';

function setup() {
  const shown = emptyDrawing();
  shown.meta.title = 'shown';
  const session = new Session({ drawing: shown });
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
    writeSvg: async () => undefined,
  };
  const ui: FileUi = {
    askSaveChanges: async () => 'cancel',
    pickOpenPath: async () => null,
    pickSavePath: async () => null,
    showError: (message) => errors.push(message),
  };
  const flow = new FileFlow(session, ui, store, { changed: () => {}, touched: () => {} }, emptyDrawing);
  const handlers: Handlers = { ...createHandlers(session), ...createFileHandlers(flow) };
  const send = (channel: string, payload: unknown) => dispatch(handlers, channel, payload);
  return { session, loaded, errors, send };
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
