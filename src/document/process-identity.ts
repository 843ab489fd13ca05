// Is the process that wrote something still running? A pid alone cannot say: pids are reused, so after a crash
// and a reboot (or just a busy day) an unrelated process may hold the dead writer's pid. So a writer records its
// pid AND a mark of when that process started; it is still running only if a process with that pid exists and
// started at that same moment.
//
// The start mark, as the system reports it for any pid:
//   - Linux: the boot's id (/proc/sys/kernel/random/boot_id) and the start time in clock ticks since boot
//     (field 22 of /proc/<pid>/stat): exact, and different after every reboot;
//   - macOS and other Unixes: `ps -o lstart=`, the start time to the second;
//   - elsewhere (Windows): none. Then a live pid counts as the writer still running: a reused pid keeps a dead
//     writer's files waiting until that pid ends, which is safe; the opposite mistake would touch a live one's.

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface ProcessIdentity {
  pid: number;
  /** When the process started, as the system tells (see above); null where it cannot tell. */
  start: string | null;
}

export interface ProcessTable {
  /** False only when no process has this pid (a process of another user exists too). */
  exists(pid: number): boolean;
  /** The start mark of the process with this pid; null when it cannot be read (or there is no such process). */
  startMark(pid: number): Promise<string | null>;
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'; // alive, but someone else's
  }
}

async function linuxStartMark(pid: number): Promise<string | null> {
  try {
    const [bootId, stat] = await Promise.all([
      readFile('/proc/sys/kernel/random/boot_id', 'utf8'),
      readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields after its last ')'.
    // Field 3 (state) is the first after it; field 22 is the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[22 - 3];
    return ticks && /^\d+$/.test(ticks) ? `linux:${bootId.trim()}:${ticks}` : null;
  } catch {
    return null;
  }
}

function psStartMark(pid: number): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'lstart=', '-p', String(pid)], { timeout: 5000 }, (error, stdout) => {
      const text = String(stdout).trim().replace(/\s+/g, ' ');
      resolve(error || !text ? null : `ps:${text}`);
    });
  });
}

export const systemProcesses: ProcessTable = {
  exists,
  startMark: (pid) =>
    process.platform === 'linux'
      ? linuxStartMark(pid)
      : process.platform === 'win32'
        ? Promise.resolve(null)
        : psStartMark(pid),
};

/** This process, as another one will check it. */
export async function ownIdentity(processes: ProcessTable = systemProcesses): Promise<ProcessIdentity> {
  return { pid: process.pid, start: await processes.startMark(process.pid) };
}

/** True unless the process `who` names has certainly ended (no such pid, or that pid started at another time). */
export async function stillRunning(
  who: ProcessIdentity,
  processes: ProcessTable = systemProcesses,
): Promise<boolean> {
  if (!processes.exists(who.pid)) return false;
  if (who.start === null) return true;
  const now = await processes.startMark(who.pid);
  // Unreadable now (it just ended, or no permission): it may be the writer, so it is left alone.
  return now === null || now === who.start;
}
