// runProbe in a Chromium Web Worker (bundled for the browser by solve-compare.ts): { n, moves, step } in, the
// ProbeResult out.
import { runProbe } from './solve-probe';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: { n: number; moves: number; step: number } }) => void,
  ): void;
};

scope.addEventListener('message', ({ data }) => {
  runProbe(data.n, data.moves, data.step); // warm-up: the JIT has compiled the solver before the timed drag
  scope.postMessage(runProbe(data.n, data.moves, data.step));
});
