// Measuring helpers: a monotonic clock, medians, and heap use after a forced GC (bench only, never in tests).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (() => void) | undefined;

export function now(): number {
  return performance.now();
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

/**
 * Memory in use after a full GC: the JS heap plus ArrayBuffer backing stores (typed arrays live outside heapUsed,
 * and the engine's state is almost all typed arrays).
 */
export function heapUsed(): number {
  collect?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Holds the last measured object so the optimiser cannot free it before its memory is read. */
export const retained: { value: unknown } = { value: null };
