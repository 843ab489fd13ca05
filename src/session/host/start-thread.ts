// Starts the session in a worker thread (thread-entry.ts bundled at `entry`) and gives main its end. If the thread
// dies (an out-of-memory error, a bug), every call waiting on it and every later one is answered with a one-line
// error, and `onStop` tells main so it can tell the user; its last recovery copy stays on disk for the next start.
import { Worker } from 'node:worker_threads';
import { SessionThreadClient, type MainSide } from './session-client';
import type { SessionThreadConfig } from './thread-protocol';

export interface SessionThread {
  client: SessionThreadClient;
  worker: Worker;
}

export function startSessionThread(
  entry: string,
  config: SessionThreadConfig,
  main: MainSide,
  onStop: (reason: string) => void = () => undefined,
): SessionThread {
  const worker = new Worker(entry, { workerData: config });
  const client = new SessionThreadClient(worker, main);
  let stopped = false;
  const stop = (reason: string) => {
    if (stopped) return;
    stopped = true;
    client.stopped(reason);
    onStop(reason);
  };
  worker.on('error', (error) => stop(error.message));
  worker.on('exit', (code) => stop(`it exited (code ${code})`));
  return { client, worker };
}
