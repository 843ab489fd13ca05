// The session in a real process: process-entry.ts bundled to plain JavaScript as the app's build bundles it
// (electron.vite.config.ts), started as a Node child process (Electron's utilityProcess in the app), kept by the
// supervisor as main keeps it. Running out of memory ends the child — its heap is capped — never this process: the
// call is answered with one line, a new process takes the drawing up as the page shows it, and the recovery copy
// stays.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_EXTERNALS } from '../../shared/bundle-externals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain } from '../../engine/test-support/drawings';
import type { PlainDrawing } from '../../shared/drawing';
import type { Snapshot } from '../../shared/contract';
import { ScriptedUi } from '../test-support/scripted-ui';
import { pullChainEnd } from './test-support/pull-chain';
import { startNodeSession } from './start-process';
import { Supervisor } from './supervisor';

let dir = '';
let entry = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cw-process-'));
  entry = join(dir, 'session-process.cjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./process-entry.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: entry,
    external: [...BUNDLE_EXTERNALS],
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function supervise(maxOldSpaceMb?: number) {
  const told: string[] = [];
  const page: { drawing: PlainDrawing | null } = { drawing: null };
  const instance = { id: `${process.pid}-00000000000a`, owner: { pid: process.pid, start: null } };
  const config = {
    recoveryDir: join(dir, 'recovery'),
    examples: [],
    autosaveKey: 'window-1',
    autosaveIntervalMs: 50,
    instance,
  };
  const supervisor: Supervisor = new Supervisor(() => startNodeSession(entry, config, { maxOldSpaceMb }), {
    ui: new ScriptedUi(),
    event: () => undefined,
    touched: () => undefined,
    stateChanged: () => undefined,
    tell: (message) => told.push(message),
    askBusy: async () => 'wait',
    restarted: () => {
      if (page.drawing) supervisor.restored(page.drawing);
    },
    removeRecovery: async () => undefined,
  });
  return { supervisor, told, page, copy: join(config.recoveryDir, instance.id, 'window-1.curvewright') };
}

async function shown(supervisor: Supervisor): Promise<PlainDrawing> {
  const answer = await supervisor.invoke('session:snapshot', undefined);
  if (!answer.ok) throw new Error(answer.error);
  return (answer.value as Snapshot).drawing!;
}

describe('the session in a process of its own', () => {
  it('pulls a chain as the session does in place', async () => {
    const { supervisor } = supervise();
    await supervisor.ready;
    const { curves, constraints } = chain(50);
    expect((await supervisor.invoke('edit:apply', { type: 'add', curves, constraints })).ok).toBe(true);
    const cursor: [number, number] = [30, 25];
    const ends = await pullChainEnd(supervisor.client, 'b49', [50, 0], cursor);
    expect(Math.hypot(ends[49][1][0] - cursor[0], ends[49][1][1] - cursor[1])).toBeLessThan(1e-6);
    for (let i = 0; i < 49; i++)
      expect(Math.hypot(ends[i][1][0] - ends[i + 1][0][0], ends[i][1][1] - ends[i + 1][0][1])).toBeLessThan(
        1e-9,
      );
    expect(supervisor.state.dirty).toBe(true);
    await supervisor.close();
  });

  it('running out of memory ends the session, not main: one line, a new session with the drawing, the copy kept', async () => {
    const { supervisor, told, page, copy } = supervise(48);
    await supervisor.ready;
    const { curves, constraints } = chain(5);
    expect((await supervisor.invoke('edit:apply', { type: 'add', curves, constraints })).ok).toBe(true);
    await expect.poll(() => existsSync(copy), { timeout: 10_000 }).toBe(true);
    page.drawing = await shown(supervisor);
    // 100,000 points (as many curves as a drawing may hold): far more than 48 MB of heap can build an engine for.
    const many = Array.from({ length: 100_000 }, (_, i) => ({ kind: 'point', id: `q${i}`, at: [i, 0] }));
    const answer = await supervisor.invoke('edit:apply', { type: 'add', curves: many });
    expect(answer).toEqual({
      ok: false,
      error: "edit:apply: the drawing's engine stopped: it ran out of memory",
    });
    await supervisor.ready;
    expect(told).toEqual([
      "The drawing's engine stopped (it ran out of memory) and was started again with your drawing as it was on screen; undo starts afresh.",
    ]);
    expect((await shown(supervisor)).curves.map((c) => c.id)).toEqual(page.drawing.curves.map((c) => c.id));
    expect(supervisor.state.dirty).toBe(true);
    expect(existsSync(copy)).toBe(true);
    await supervisor.close();
  });
});
