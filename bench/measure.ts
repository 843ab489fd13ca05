// Measuring helpers: a monotonic clock, medians, and heap use after a forced GC (bench only, never in tests).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (() => void) | undefined;

export function now(): number {
  return performance.now();
}

/**
 * CPU time of this process in ms (user + system). On a machine shared with other work a run can be descheduled
 * for tens of ms; CPU time does not count that, so it is the steadier measure of the work itself. (It does count
 * V8's background compiler and GC threads, so it errs on the slow side.)
 */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export { median } from './median';

/**
 * Memory in use after a full GC: the JS heap plus ArrayBuffer backing stores (typed arrays live outside heapUsed,
 * and the engine's state is almost all typed arrays).
 */
export function heapUsed(): number {
  // Twice: the first collection frees typed arrays' wrappers, their backing stores may only go with the next.
  collect?.();
  collect?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Holds the last measured object so the optimiser cannot free it before its memory is read. */
export const retained: { value: unknown } = { value: null };
