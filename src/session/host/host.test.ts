// The session host and main's end of it talking over a MessageChannel in this process: main's messages carried out by
// the host's session and file flow, its dialog questions answered by main, its events and recent files reported.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDrawingFile } from '../../document/file-io';
import { chain } from '../../engine/test-support/drawings';
import type { Snapshot, StartList } from '../../shared/contract';
import { ScriptedUi } from '../test-support/scripted-ui';
import { pullChainEnd } from './test-support/pull-chain';
import { SessionLink } from './session-link';
import { hostSession, type SessionHost } from './host';
import { testClock } from '../../shared/test-support/clock';
import type { SessionState, ToMain } from './protocol';

interface Scene {
  client: SessionLink;
  host: SessionHost;
  ui: ScriptedUi;
  events: { channel: string; payload: unknown }[];
  touched: { path: string; recent: readonly string[] }[];
  states: SessionState[];
  dir: string;
}

const open: { ports: MessagePort[]; hosts: SessionHost[]; dirs: string[] } = {
  ports: [],
  hosts: [],
  dirs: [],
};
afterEach(() => {
  for (const host of open.hosts.splice(0)) host.autosave.stop();
  for (const port of open.ports.splice(0)) port.close();
  for (const dir of open.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function scene(): Promise<Scene> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-host-'));
  const { port1, port2 } = new MessageChannel();
  const ui = new ScriptedUi();
  const events: Scene['events'] = [];
  const touched: Scene['touched'] = [];
  const states: SessionState[] = [];
  const client = new SessionLink(port1, {
    ui,
    event: (channel, payload) => events.push({ channel, payload }),
    touched: (path, recent) => touched.push({ path, recent }),
    stateChanged: (state) => states.push(state),
  });
  const host = hostSession(
    port2,
    { recoveryDir: join(dir, 'recovery'), examples: [], autosaveKey: 'window-1' },
    { session: { warmUp: false, clock: testClock() } },
  );
  open.ports.push(port1, port2);
  open.hosts.push(host);
  open.dirs.push(dir);
  await client.ready;
  return { client, host, ui, events, touched, states, dir };
}

const segment = { kind: 'segment', id: 'c1', a: [0, 0], b: [10, 0] };

describe('the session host', () => {
  it("carries out the window's channels and reports the title and unsaved flag with the answer", async () => {
    const { client, host, states } = await scene();
    expect(client.state).toEqual({
      title: host.session.title(),
      dirty: false,
      path: null,
      name: 'Untitled.curvewright',
    });
    // The host posts every answer at once: its session's full snapshots share the drawing (no copy of their own).
    expect(host.session.snapshot(true).drawing!.curves).toBe(host.session.drawing.curves);
    const added = await client.invoke('edit:apply', { type: 'add', curves: [segment] });
    expect(added.ok).toBe(true);
    const snapshot = (added as { value: Snapshot }).value;
    expect(snapshot.drawing?.curves.map((c) => c.id)).toEqual(['c1']);
    expect(host.session.drawing.curves).toHaveLength(1);
    expect(client.state).toEqual({
      title: host.session.title(),
      dirty: true,
      path: null,
      name: 'Untitled.curvewright',
    });
    expect(states.at(-1)).toEqual(client.state);
  });

  it("answers a bad payload and an unknown channel with one line, as main's gate did", async () => {
    const { client, host } = await scene();
    const bad = await client.invoke('drag:move', { cursor: ['a', 0] });
    expect(bad.ok).toBe(false);
    expect((bad as { error: string }).error).toMatch(/^drag:move: .*cursor/);
    const unknown = await client.invoke('drawing:delete-everything', {});
    expect(unknown).toEqual({ ok: false, error: 'unknown channel "drawing:delete-everything"' });
    await expect(client.command('format-disk' as never)).rejects.toThrow('unknown command "format-disk"');
    expect(host.session.drawing.curves).toHaveLength(0);
  });

  it('pulls a chain through the host: the end reaches the cursor, the joints hold, the answer is its state', async () => {
    const { client, host } = await scene();
    const { curves, constraints } = chain(5);
    expect((await client.invoke('edit:apply', { type: 'add', curves, constraints })).ok).toBe(true);
    const cursor: [number, number] = [4, 2];
    const ends = await pullChainEnd(client, 'b4', [5, 0], cursor);
    expect(Math.hypot(ends.at(-1)![1][0] - cursor[0], ends.at(-1)![1][1] - cursor[1])).toBeLessThan(1e-6);
    for (let i = 0; i + 1 < ends.length; i++)
      expect(Math.hypot(ends[i][1][0] - ends[i + 1][0][0], ends[i][1][1] - ends[i + 1][0][1])).toBeLessThan(
        1e-9,
      );
    const snapshot = (await client.invoke('session:snapshot', undefined)) as { value: Snapshot };
    expect(snapshot.value.drawing?.curves).toEqual(host.session.drawing.curves);
    expect(client.state.dirty).toBe(true);
  });

  it('opens a file main names, reports it for Open Recent, and pushes the drawing to the window', async () => {
    const { client, events, touched, dir } = await scene();
    const file = join(dir, 'chain.curvewright');
    await saveDrawingFile(file, chain(3));
    expect(await client.open(file)).toBe(true);
    expect(touched).toEqual([{ path: file, recent: [file] }]);
    const pushed = events.at(-1)!;
    expect(pushed.channel).toBe('session:changed');
    expect((pushed.payload as Snapshot).drawing?.curves.map((c) => c.id)).toEqual(['b0', 'b1', 'b2']);
    expect(client.state).toEqual({
      title: 'chain.curvewright — Curvewright',
      dirty: false,
      path: file,
      name: 'chain.curvewright',
    });
    const start = await client.invoke('file:start', undefined);
    expect((start as { value: StartList }).value.recent).toEqual([
      { name: 'chain.curvewright', folder: dir },
    ]);
  });

  it("asks main's dialogs: Cancel keeps the drawing, Save writes it where main's save dialog says", async () => {
    const { client, host, ui, dir } = await scene();
    await client.invoke('edit:apply', { type: 'add', curves: [segment] });
    ui.saveChoices.push('cancel');
    expect(await client.newDrawing()).toBe(false);
    expect(ui.asked).toHaveLength(1);
    expect(host.session.drawing.curves).toHaveLength(1);

    const target = join(dir, 'kept');
    ui.saveChoices.push('save');
    ui.savePaths.push(target);
    expect(await client.confirmDiscard()).toBe(true);
    const saved = JSON.parse(readFileSync(`${target}.curvewright`, 'utf8')) as { curves: { id: string }[] };
    expect(saved.curves.map((c) => c.id)).toEqual(['c1']);
    expect(client.state.dirty).toBe(false);
  });

  it('shows the file flow its own failures through main, in one line naming the file', async () => {
    const { client, ui, dir } = await scene();
    expect(await client.open(join(dir, 'missing.curvewright'))).toBe(false);
    expect(ui.errors).toHaveLength(1);
    expect(ui.errors[0]).toContain('missing.curvewright');
    expect(ui.errors[0]).not.toContain('\n');
  });

  it('answers a call whose answer cannot cross with one line, instead of leaving it waiting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-host-'));
    open.dirs.push(dir);
    const { port1, port2 } = new MessageChannel();
    open.ports.push(port1, port2);
    // The host's end of the port refuses the first answer, as postMessage refuses a value it cannot clone.
    let refused = false;
    const refusing = {
      on: port2.on.bind(port2),
      postMessage(message: ToMain) {
        if (message.kind === 'reply' && !refused) {
          refused = true;
          throw new DOMException('#<Object> could not be cloned.', 'DataCloneError');
        }
        port2.postMessage(message);
      },
    };
    const client = new SessionLink(port1, {
      ui: new ScriptedUi(),
      event: () => undefined,
      touched: () => undefined,
      stateChanged: () => undefined,
    });
    const host = hostSession(
      refusing,
      { recoveryDir: join(dir, 'recovery'), examples: [], autosaveKey: 'window-1' },
      { session: { warmUp: false, clock: testClock() } },
    );
    open.hosts.push(host);
    await client.ready;
    expect(await client.invoke('session:snapshot', undefined)).toEqual({
      ok: false,
      error: 'the answer could not be sent: #<Object> could not be cloned.',
    });
    expect((await client.invoke('session:snapshot', undefined)).ok).toBe(true);
  });

  it('once the session is gone, every waiting and later call is answered with why', async () => {
    const { client } = await scene();
    const waiting = client.invoke('session:snapshot', undefined);
    client.stopped('it ran out of memory');
    expect(await waiting).toEqual({
      ok: false,
      error: "session:snapshot: the drawing's engine stopped: it ran out of memory",
    });
    expect(await client.invoke('drag:end', undefined)).toEqual({
      ok: false,
      error: "drag:end: the drawing's engine stopped: it ran out of memory",
    });
    await expect(client.save()).rejects.toThrow("the drawing's engine stopped: it ran out of memory");
  });
});
