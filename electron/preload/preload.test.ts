import { describe, expect, it, vi } from 'vitest';
import { pageChannels } from '../../src/shared/contract';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn();
const on = vi.fn();
const removeListener = vi.fn();
// As Electron's: the file's path, or '' for a File made in the page rather than dropped from disk.
const getPathForFile = (file: { name: string; onDisk?: boolean }) =>
  file.onDisk === false ? '' : `/picked/${file.name}`;
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: { invoke: (...args: unknown[]) => invoke(...args), on, removeListener },
  webUtils: { getPathForFile: (file: { name: string; onDisk?: boolean }) => getPathForFile(file) },
}));

await import('./index');
const api = exposed.curvewright as Record<string, (...args: unknown[]) => unknown>;

describe('preload', () => {
  it('exposes one named function per contract channel and nothing else of ipcRenderer', () => {
    expect(Object.keys(exposed)).toEqual(['curvewright']);
    const methods = Object.values(pageChannels).map((c) => c.method);
    for (const method of methods) expect(typeof api[method], method).toBe('function');
    expect(Object.keys(api).sort()).toEqual(
      [...methods, 'onMenuCommand', 'onSessionChanged', 'onSessionRestarted', 'dropToken'].sort(),
    );
    expect(Object.values(api)).not.toContain(invoke);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes the channel and unwraps the result', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: { revision: 3 } });
    await expect(api.dragMove({ cursor: [1, 2] })).resolves.toEqual({ revision: 3 });
    expect(invoke).toHaveBeenLastCalledWith('drag:move', { cursor: [1, 2] });
  });

  it('turns an error answer into a thrown one-line Error', async () => {
    invoke.mockResolvedValueOnce({ ok: false, error: 'drag:move: payload.cursor: missing' });
    await expect(api.dragMove({})).rejects.toThrow('drag:move: payload.cursor: missing');
  });

  it('subscribes to menu commands and unsubscribes', () => {
    const listener = vi.fn();
    const off = (api.onMenuCommand as (l: unknown) => () => void)(listener);
    const wrapped = on.mock.calls.at(-1)![1];
    expect(on.mock.calls.at(-1)![0]).toBe('menu:command');
    wrapped({}, 'edit:undo');
    expect(listener).toHaveBeenCalledWith('edit:undo');
    off();
    expect(removeListener).toHaveBeenCalledWith('menu:command', wrapped);
  });

  it('turns a dropped file into the token main issued for its path, never giving the page the path', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: 'f'.repeat(32) });
    await expect(api.dropToken({ name: 'a.curvewright' })).resolves.toBe('f'.repeat(32));
    expect(invoke).toHaveBeenLastCalledWith('file:drop-token', { path: '/picked/a.curvewright' });
  });

  it('refuses a File that is not on disk (one the page made) without asking main', async () => {
    invoke.mockClear();
    await expect(api.dropToken({ name: 'made-up.curvewright', onDisk: false })).rejects.toThrow(
      'made-up.curvewright: not a file on disk',
    );
    expect(invoke).not.toHaveBeenCalled();
  });
});
