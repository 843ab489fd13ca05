// The session's process in the app, with `electron` mocked: Electron's utilityProcess started on the bundled
// entry with its configuration and a capped heap, messages both ways, and an exit that says when it ran out of
// memory (V8's words on its stderr).
import { EventEmitter, PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';

class FakeChild extends EventEmitter {
  stderr = new PassThrough();
  sent: unknown[] = [];
  killed = false;
  postMessage(message: unknown): void {
    this.sent.push(message);
  }
  kill(): boolean {
    this.killed = true;
    return true;
  }
}
const forks: { entry: string; args: string[]; options: Record<string, unknown>; child: FakeChild }[] = [];
vi.mock('electron', () => ({
  utilityProcess: {
    fork: vi.fn((entry: string, args: string[], options: Record<string, unknown>) => {
      const child = new FakeChild();
      forks.push({ entry, args, options, child });
      return child;
    }),
  },
}));

const { SESSION_HEAP_MB, startUtilitySession, unpacked } = await import('./session-process');

const config = { recoveryDir: '/data/recovery', examples: [], autosaveKey: 'window-1' };

describe("the session's utility process", () => {
  it('starts the entry with its configuration and a capped heap; messages go both ways', () => {
    const session = startUtilitySession('/app/out/main/session-process.js', config);
    const { entry, args, options, child } = forks.at(-1)!;
    expect(entry).toBe('/app/out/main/session-process.js');
    expect(JSON.parse(args[0])).toEqual(config);
    expect(options.execArgv).toEqual([`--max-old-space-size=${SESSION_HEAP_MB}`]);
    expect(options.stdio).toEqual(['ignore', 'inherit', 'pipe']);
    session.port.postMessage({ kind: 'invoke', id: 1, channel: 'session:snapshot', payload: null });
    expect(child.sent).toEqual([{ kind: 'invoke', id: 1, channel: 'session:snapshot', payload: null }]);
    const heard: unknown[] = [];
    session.port.on('message', (message) => heard.push(message));
    child.emit('message', { kind: 'ready', state: { title: 't', dirty: false, path: null, name: 'n' } });
    expect(heard).toHaveLength(1);
    session.kill();
    expect(child.killed).toBe(true);
  });

  it('says when it ran out of memory, and when it merely exited', async () => {
    const oom = startUtilitySession('/e.js', config);
    const a = forks.at(-1)!.child;
    a.stderr.write('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n');
    await new Promise((resolve) => setImmediate(resolve));
    a.emit('exit', 133);
    await expect(new Promise((resolve) => oom.onExit(resolve))).resolves.toEqual({
      code: 133,
      signal: null,
      outOfMemory: true,
    });
    const plain = startUtilitySession('/e.js', config);
    forks.at(-1)!.child.emit('exit', 1);
    await expect(new Promise((resolve) => plain.onExit(resolve))).resolves.toEqual({
      code: 1,
      signal: null,
      outOfMemory: false,
    });
  });
});

describe('paths inside the packed app', () => {
  it('are taken from the unpacked folder beside app.asar; unpacked paths stay as they are', () => {
    expect(unpacked('/opt/Curvewright/resources/app.asar/out/main/session-process.js')).toBe(
      '/opt/Curvewright/resources/app.asar.unpacked/out/main/session-process.js',
    );
    expect(unpacked('C:\\Program Files\\Curvewright\\resources\\app.asar\\resources\\examples')).toBe(
      'C:\\Program Files\\Curvewright\\resources\\app.asar.unpacked\\resources\\examples',
    );
    expect(unpacked('/home/me/curvewright/out/main/session-process.js')).toBe(
      '/home/me/curvewright/out/main/session-process.js',
    );
  });
});
