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

/** heapUsed after a full GC (when the GC can be forced). */
export function heapUsed(): number {
  collect?.();
  return process.memoryUsage().heapUsed;
}
