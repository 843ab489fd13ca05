// The session in a real worker thread: thread-entry.ts bundled to plain JavaScript as the app's build bundles it
// (electron.vite.config.ts), started as main starts it, driven through main's end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain } from '../../engine/test-support/drawings';
import { pullChainEnd } from './test-support/pull-chain';
import { startSessionThread } from './start-thread';
import type { MainUi } from './thread-protocol';

let dir = '';
let entry = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cw-worker-'));
  entry = join(dir, 'session-thread.cjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./thread-entry.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: entry,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noUi = new Proxy({} as MainUi, {
  get: () => () => Promise.reject(new Error('no dialog in this test')),
});

describe('the session in a worker thread', () => {
  it('pulls a chain as the session does in place, and answers with one line once the thread is gone', async () => {
    const stops: string[] = [];
    const { client, worker } = startSessionThread(
      entry,
      { recoveryDir: join(dir, 'recovery'), examples: [], autosaveKey: 'window-1' },
      { ui: noUi, event: () => undefined, touched: () => undefined, stateChanged: () => undefined },
      (reason) => stops.push(reason),
    );
    await client.ready;
    const { curves, constraints } = chain(50);
    expect((await client.invoke('edit:apply', { type: 'add', curves, constraints })).ok).toBe(true);
    const cursor: [number, number] = [30, 25];
    const ends = await pullChainEnd(client, 'b49', [50, 0], cursor);
    expect(Math.hypot(ends[49][1][0] - cursor[0], ends[49][1][1] - cursor[1])).toBeLessThan(1e-6);
    for (let i = 0; i < 49; i++)
      expect(Math.hypot(ends[i][1][0] - ends[i + 1][0][0], ends[i][1][1] - ends[i + 1][0][1])).toBeLessThan(
        1e-9,
      );
    expect(Math.hypot(ends[0][0][0], ends[0][0][1])).toBeLessThan(1e-9);
    expect(client.state.dirty).toBe(true);

    await worker.terminate();
    expect(stops).toEqual(['it exited (code 1)']);
    expect(await client.invoke('session:snapshot', undefined)).toEqual({
      ok: false,
      error: "session:snapshot: the drawing's engine stopped: it exited (code 1)",
    });
  });
});
