// The session process as the build ships it: out/main/session-process.js (electron.vite.config.ts's second main
// entry, with its shared chunks) started as a child process (Electron's utilityProcess in the app: the same entry),
// driven through main's end. The unit tests bundle the entry themselves; this checks the app's own bundle runs on
// its own.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionLink } from '../../src/session/host/session-link';
import { startNodeSession } from '../../src/session/host/start-process';
import type { MainUi } from '../../src/session/host/protocol';
import type { Snapshot } from '../../src/shared/contract';
import { ROOT, e2eDirs } from './harness-dirs';

const dir = mkdtempSync(join(e2eDirs().tmp, 'session-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noDialogs = new Proxy({} as MainUi, {
  get: () => () => Promise.reject(new Error('no dialog expected')),
});

describe('the built session process', () => {
  it('opens a shipped example, plays it, and removes its recovery copy on a clean exit', async () => {
    const entry = join(ROOT, 'out/main/session-process.js');
    expect(existsSync(entry)).toBe(true);
    const example = join(ROOT, 'resources/examples/crank-rocker.curvewright');
    const recoveryDir = join(dir, 'recovery');
    const events: Snapshot[] = [];
    const child = startNodeSession(entry, {
      recoveryDir,
      examples: [{ title: 'Crank Rocker', path: example }],
      autosaveKey: 'window-1',
      autosaveIntervalMs: 50,
    });
    const client = new SessionLink(child.port, {
      ui: noDialogs,
      event: (_channel, payload) => events.push(payload as Snapshot),
      touched: () => undefined,
      stateChanged: () => undefined,
    });
    await client.ready;
    const opened = await client.invoke('file:open-example', { index: 0 });
    expect(opened).toEqual({ ok: true, value: true });
    const drawing = events.at(-1)!.drawing!;
    expect(drawing.constraints.some((k) => k.kind === 'motor')).toBe(true);

    expect((await client.invoke('play:control', { action: 'play' })).ok).toBe(true);
    let frame: Snapshot | null = null;
    for (let i = 0; i < 10; i++) {
      const answer = await client.invoke('play:frame', undefined);
      if (!answer.ok) throw new Error(answer.error);
      frame = answer.value as Snapshot;
    }
    expect(frame!.play?.frame).toBeGreaterThanOrEqual(10);
    expect(frame!.status.maxResidual).toBeLessThan(1e-9);
    // An edit leaves unsaved changes: the thread's autosave writes their recovery copy.
    expect((await client.invoke('play:control', { action: 'pause' })).ok).toBe(true);
    await client.invoke('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'extra', at: [0, 0] }] });
    expect(client.state.dirty).toBe(true);
    const copies = () =>
      existsSync(recoveryDir) ? readdirSync(recoveryDir, { recursive: true }).map(String) : [];
    await expect.poll(() => copies().some((f) => f.endsWith('window-1.curvewright'))).toBe(true);

    expect(await client.close()).toBe(true);
    expect(copies().filter((f) => f.endsWith('.curvewright'))).toEqual([]);
    const ended = new Promise((resolve) => child.onExit(resolve));
    child.kill();
    await ended;
  });
});
