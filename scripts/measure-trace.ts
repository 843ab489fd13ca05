// Measures what a huge trace costs the session (docs/performance.md, "Traces stored compactly", issue 19): adding
// a trace of 1,000,000 points through the IPC gate, then an unrelated edit, a refused one and an undo after it, and
// the heap. A measure, not a test: run `npx tsx --expose-gc scripts/measure-trace.ts` (not part of npm run bench).

import { dispatch } from '../src/session/dispatch';
import { createHandlers } from '../src/session/handlers';
import { Session } from '../src/session/session';

const POINTS = 1_000_000;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function timed(label: string, run: () => Promise<{ ok: boolean; error?: string }>): Promise<void> {
  const start = performance.now();
  const answer = await run();
  const ms = performance.now() - start;
  const size = JSON.stringify(answer).length;
  const outcome = answer.ok ? 'ok' : `refused: ${answer.error}`;
  console.log(`${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  answer ${size} B  ${outcome}`);
}

async function main(): Promise<void> {
  const session = new Session();
  const handlers = createHandlers(session);
  const call = (channel: string, payload?: unknown) =>
    dispatch(handlers as never, channel, payload) as Promise<{ ok: boolean; error?: string }>;
  await call('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'c1', at: [0, 0] }] });
  // One turn of a 50 mm circle, densely sampled: what a long recording of a coupler point looks like.
  const points = Array.from({ length: POINTS }, (_, i) => {
    const a = (2 * Math.PI * i) / POINTS;
    return [50 * Math.cos(a), 50 * Math.sin(a)];
  });
  console.log(`heap before: ${heapMb().toFixed(0)} MB`);
  await timed('add 1,000,000-point trace', () =>
    call('edit:apply', {
      type: 'add',
      traces: [{ id: 't1', point: { curve: 'c1', anchor: 'center' }, points }],
    }),
  );
  await timed('unrelated edit after it', () =>
    call('edit:apply', { type: 'add', curves: [{ kind: 'point', id: 'c2', at: [10, 10] }] }),
  );
  await timed('refused edit after it', () => call('edit:apply', { type: 'delete', ids: ['nope'] }));
  await timed('undo after it', () => call('history:undo'));
  console.log(`heap after: ${heapMb().toFixed(0)} MB (the 1,000,000 input points still held by this script)`);
}

void main();
