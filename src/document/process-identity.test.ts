import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ownIdentity, stillRunning, systemProcesses, type ProcessTable } from './process-identity';

/** A child that runs until its stdin closes. */
function sleeper() {
  const child = spawn(
    process.execPath,
    ['-e', 'process.stdin.resume(); process.stdin.on("end", () => process.exit(0))'],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { pid: child.pid!, end: () => (child.stdin!.end(), exited) };
}

describe('process identity', () => {
  it('reads the same start mark for a process every time, and a different one for another process', async () => {
    const me = await ownIdentity();
    expect(me.pid).toBe(process.pid);
    expect(me.start).not.toBeNull();
    expect(await systemProcesses.startMark(process.pid)).toBe(me.start);
    const other = sleeper();
    try {
      const mark = await systemProcesses.startMark(other.pid);
      expect(mark).not.toBeNull();
      expect(mark).not.toBe(me.start);
      expect(await stillRunning({ pid: other.pid, start: mark })).toBe(true);
      await other.end();
      expect(await stillRunning({ pid: other.pid, start: mark })).toBe(false);
    } finally {
      await other.end();
    }
  });

  it('counts a live pid that started at another time as ended (a reused pid)', async () => {
    expect(await stillRunning(await ownIdentity())).toBe(true);
    expect(await stillRunning({ pid: process.pid, start: 'linux:another-boot:12345' })).toBe(false);
  });

  it('keeps a live pid as running when the start cannot be told', async () => {
    const blind: ProcessTable = { exists: () => true, startMark: async () => null };
    expect(await stillRunning({ pid: 4242, start: null }, blind)).toBe(true);
    expect(await stillRunning({ pid: 4242, start: 'known then' }, blind)).toBe(true);
    const gone: ProcessTable = { exists: () => false, startMark: async () => 'x' };
    expect(await stillRunning({ pid: 4242, start: 'x' }, gone)).toBe(false);
  });
});
