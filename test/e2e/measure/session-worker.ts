// The session in a dedicated Web Worker: the measure's stand-in for Electron's main process. The same handlers
// the main process registers (src/session/handlers.ts through the dispatch gate), answering the page's invokes
// by postMessage (structured clone, as ipcRenderer.invoke's answers are). The file handlers need node:fs and
// native dialogs and a drag does not use them: here they answer an error. Bundled for the browser by
// test/e2e/measure/bundle.ts (bundleWorker).

import { dispatch, type FileHandlers, type Handlers } from '../../../src/session/dispatch';
import { FILE_CHANNELS } from '../../../src/shared/contract';
import { createHandlers } from '../../../src/session/handlers';
import { Session } from '../../../src/session/session';
import type { ControlValues, FromWorker, ToWorker, WorkerTimings } from './protocol';

/** The worker's global scope, as far as used here (the e2e tsconfig has the DOM's types, not the worker's). */
const scope = globalThis as unknown as {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: { data: ToWorker }) => void): void;
};

const notHere = (): never => {
  throw new Error('file commands are not available in the measure (the session runs in a Web Worker)');
};

let session: Session | null = null;
let handlers: Handlers | null = null;
let timings: WorkerTimings = { session: [], handler: [] };

let echoAnswer: { n: number; value: unknown } | null = null;

/** A drag frame's answer for n moved curves, in shape and size (Snapshot, states as three number arrays). */
function answerOfSize(n: number): unknown {
  if (echoAnswer?.n !== n)
    echoAnswer = {
      n,
      value: {
        revision: 1,
        states: {
          curves: Array.from({ length: n }, (_, i) => i),
          offsets: Array.from({ length: n + 1 }, (_, i) => 3 * i),
          values: Array.from({ length: 3 * n }, (_, i) => 100 + i * 0.001),
        },
        status: { dof: 1, frameMs: 1, maxResidual: 1e-12 },
        title: 'Untitled',
        dirty: true,
        canUndo: true,
        canRedo: false,
      },
    };
  return echoAnswer.value;
}

function start(drawing: ToWorker & { type: 'init' }): void {
  const s = new Session({ drawing: drawing.drawing });
  // Time session.dragMove (solve + snapshot) the way the CDP mode does in Node.
  const dragMove = s.dragMove.bind(s);
  s.dragMove = (cursor) => {
    const t = performance.now();
    const snapshot = dragMove(cursor);
    timings.session.push(performance.now() - t);
    return snapshot;
  };
  session = s;
  handlers = {
    ...createHandlers(s),
    ...(Object.fromEntries(FILE_CHANNELS.map((channel) => [channel, notHere])) as unknown as FileHandlers),
  };
}

function control(kind: ToWorker & { type: 'control' }): ControlValues[keyof ControlValues] {
  if (!session) throw new Error('the session worker has no session yet');
  switch (kind.kind) {
    case 'drawing':
      return session.drawing;
    case 'status':
      return session.snapshot(false).status;
    case 'timings': {
      const out = timings;
      timings = { session: [], handler: [] };
      return out;
    }
  }
}

scope.addEventListener('message', ({ data }) => {
  if (data.type === 'init') start(data);
  else if (data.type === 'echo')
    scope.postMessage({ type: 'echo', id: data.id, value: answerOfSize(data.n) });
  else if (data.type === 'control') scope.postMessage({ type: 'control', id: data.id, value: control(data) });
  else if (data.type === 'invoke') {
    const t = performance.now();
    const received = performance.timeOrigin + t;
    const answered = handlers
      ? dispatch(handlers, data.channel, data.payload)
      : Promise.resolve({ ok: false, error: `${String(data.channel)}: no session yet` });
    void answered.then((result) => {
      if (data.channel === 'drag:move') timings.handler.push(performance.now() - t);
      if (data.mark) console.timeStamp('curvewright:posted');
      const posted = performance.timeOrigin + performance.now();
      scope.postMessage({ type: 'answer', id: data.id, result, received, posted });
    });
  }
});
