// The session process's entry (bundled on its own: electron.vite.config.ts's main build, `session-process.js`):
// serves the session with the configuration main started it with (its first argument, JSON) on the channel to main
// — Electron's utilityProcess gives `process.parentPort`, a Node child process (tests, the bench) `process.send`.
// When main goes away, so does the session.
import { hostSession } from './host';
import type { SessionConfig, ThreadPort, ToMain, ToSession } from './protocol';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const config = JSON.parse(process.argv[2] ?? 'null') as SessionConfig | null;
if (!config) throw new Error('the session process needs its configuration as its first argument');

const utility = (process as { parentPort?: ParentPort }).parentPort;
let port: ThreadPort<ToSession, ToMain>;
if (utility) {
  port = {
    postMessage: (message) => utility.postMessage(message),
    on: (_event, listener) => utility.on('message', (event) => listener(event.data as ToSession)),
  };
} else if (process.send) {
  const send = process.send.bind(process);
  port = {
    postMessage: (message) => void send(message),
    on: (_event, listener) => process.on('message', (message) => listener(message as ToSession)),
  };
  process.on('disconnect', () => process.exit(0));
} else throw new Error('the session process must be started by main (a utility or child process)');

hostSession(port, config);
