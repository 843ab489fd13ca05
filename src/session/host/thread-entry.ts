// The session thread's entry (bundled on its own: electron.vite.config.ts's main build, `session-thread.js`):
// serves the session on the worker's port with the configuration main started it with.
import { parentPort, workerData } from 'node:worker_threads';
import { hostSession } from './session-thread';
import type { SessionThreadConfig } from './thread-protocol';

if (!parentPort) throw new Error('the session thread must run as a worker thread');
hostSession(parentPort, workerData as SessionThreadConfig);
