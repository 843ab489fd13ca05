// Starts the session in a Node child process (process-entry.ts bundled at `entry`): how the tests, the bench and the
// out-of-memory proof run the very process main runs with Electron's utilityProcess (electron/main/session-process.ts).
// Messages are structured clones both ways ('advanced' serialization, as a utility process's are). The child's
// heap is capped (--max-old-space-size), so running out of memory ends the child, never this process; its stderr
// is read for V8's "heap out of memory" so the exit says why.
import { fork } from 'node:child_process';
import type { ProcessExit, SessionProcess } from './supervisor';
import type { SessionConfig, ToMain, ToSession } from './protocol';

export interface NodeSessionOptions {
  /** The child's V8 old-space limit, MB (default: V8's own). */
  maxOldSpaceMb?: number;
}

/** What V8 prints when a heap runs out. */
export const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

export function startNodeSession(
  entry: string,
  config: SessionConfig,
  options: NodeSessionOptions = {},
): SessionProcess {
  const child = fork(entry, [JSON.stringify(config)], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    execArgv: options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : [],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4096);
    process.stderr.write(text);
  });
  const exited = new Promise<ProcessExit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, outOfMemory: OUT_OF_MEMORY.test(stderr) })),
  );
  return {
    port: {
      postMessage: (message: ToSession) => {
        if (child.connected) child.send(message);
      },
      on: (_event: 'message', listener: (message: ToMain) => void) => child.on('message', listener),
    },
    kill: () => void child.kill('SIGKILL'),
    onExit: (listener) => void exited.then(listener),
  };
}
