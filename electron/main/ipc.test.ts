import { describe, expect, it } from 'vitest';
import { actionFlags } from '../../src/shared/actions';
import { allChannels } from '../../src/shared/contract';
import { NOTHING_ON } from '../../src/shared/test-support/action-state';
import { dispatch, type Handlers } from '../../src/session/dispatch';
import { registerIpc } from './ipc';

function fakeIpc() {
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
  return { handlers, handle: (channel: string, h: never) => handlers.set(channel, h) };
}

function setup() {
  const mainFrame = { parent: null };
  const trusted = { mainFrame };
  const calls: unknown[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_t, channel: string) => (request: unknown) => {
      calls.push([channel, request]);
      return { handled: channel };
    },
  });
  const ipc = fakeIpc();
  const inMain: unknown[] = [];
  registerIpc(ipc as never, {
    trusted: () => trusted as never,
    invoke: (channel, payload) => dispatch(handlers, channel, payload),
    main: {
      'menu:state': (flags) => void inMain.push(flags),
      'session:restore': (request) => void inMain.push(request),
    },
  });
  return { ipc, trusted, mainFrame, calls, inMain };
}

describe('IPC registration', () => {
  it("has a handler for every contract channel, the page's and the preload's", () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(Object.keys(allChannels).sort());
    expect(ipc.handlers.has('file:drop-token')).toBe(true);
  });

  it('answers a trusted, well-formed message through the session handler', async () => {
    const { ipc, trusted, mainFrame, calls } = setup();
    const answer = await ipc.handlers.get('drag:move')!(
      { sender: trusted, senderFrame: mainFrame },
      { cursor: [1, 2] },
    );
    expect(answer).toEqual({ ok: true, value: { handled: 'drag:move' } });
    expect(calls).toEqual([['drag:move', { cursor: [1, 2] }]]);
  });

  it('refuses a message from another window or from a subframe', async () => {
    const { ipc, trusted, mainFrame, calls } = setup();
    const stranger = { mainFrame: { parent: null } };
    const fromStranger = await ipc.handlers.get('history:undo')!(
      { sender: stranger, senderFrame: stranger.mainFrame },
      null,
    );
    expect(fromStranger).toEqual({ ok: false, error: expect.stringContaining('refused') });
    const subframe = { parent: mainFrame };
    const fromSubframe = await ipc.handlers.get('history:undo')!(
      { sender: trusted, senderFrame: subframe },
      null,
    );
    expect(fromSubframe).toEqual({ ok: false, error: expect.stringContaining('refused') });
    expect(calls).toEqual([]);
  });

  it("answers main's own channel (the menu's state) in main, checked by the same gate, never in the session", async () => {
    const { ipc, trusted, mainFrame, calls, inMain } = setup();
    const flags = actionFlags({ ...NOTHING_ON, showGrid: true, canUndo: true });
    const from = { sender: trusted, senderFrame: mainFrame };
    expect(await ipc.handlers.get('menu:state')!(from, flags)).toEqual({ ok: true, value: undefined });
    expect(inMain).toEqual([flags]);
    const unknown = { ...flags, enabled: { ...flags.enabled, 'file:save': true } };
    expect(await ipc.handlers.get('menu:state')!(from, unknown)).toEqual({
      ok: false,
      error: 'menu:state: payload.enabled.file:save: unknown field',
    });
    expect(inMain).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('answers a malformed payload with a one-line error naming the field', async () => {
    const { ipc, trusted, mainFrame, calls } = setup();
    const answer = (await ipc.handlers.get('drag:start')!(
      { sender: trusted, senderFrame: mainFrame },
      { curve: 'c1', u: 'half', cursor: [0, 0] },
    )) as { ok: boolean; error: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toBe('drag:start: payload.u: expected a number in [0, 1], got "half"');
    expect(answer.error).not.toContain('\n');
    expect(calls).toEqual([]);
  });
});
