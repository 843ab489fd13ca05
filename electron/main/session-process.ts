// The session's process in the app: Electron's utilityProcess (a Node process Electron starts and ends with the
// app) running out/main/session-process.js (src/session/host/process-entry.ts), its heap capped so running out of
// memory ends it, never main. What the supervisor (src/session/host/supervisor.ts) needs of a session process;
// the tests start the same entry as a Node child process (start-process.ts).
import { utilityProcess } from 'electron';
import { OUT_OF_MEMORY } from '../../src/session/host/start-process';
import type { ProcessExit, SessionProcess } from '../../src/session/host/supervisor';
import type { SessionConfig, ToMain, ToSession } from '../../src/session/host/protocol';

/**
 * The session's V8 heap limit, MB: the largest drawing a file may hold (docs/performance.md, "Opening a huge
 * drawing") needs well under a gigabyte; past this, it is a runaway, and only the session ends.
 */
export const SESSION_HEAP_MB = 4096;

/**
 * The path of a file electron-builder unpacked from the app's asar archive (asarUnpack): a utility process's module
 * and what it reads must be plain files. Unchanged when the app is not packed (npm start, npm run dev).
 */
export function unpacked(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

export function startUtilitySession(entry: string, config: SessionConfig): SessionProcess {
  const child = utilityProcess.fork(entry, [JSON.stringify(config)], {
    serviceName: 'Curvewright session',
    stdio: ['ignore', 'inherit', 'pipe'],
    execArgv: [`--max-old-space-size=${SESSION_HEAP_MB}`],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4096);
    process.stderr.write(text);
  });
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code) => resolve({ code, signal: null, outOfMemory: OUT_OF_MEMORY.test(stderr) })),
  );
  return {
    port: {
      postMessage: (message: ToSession) => child.postMessage(message),
      on: (_event: 'message', listener: (message: ToMain) => void) => void child.on('message', listener),
    },
    kill: () => void child.kill(),
    onExit: (listener) => void exited.then(listener),
  };
}
