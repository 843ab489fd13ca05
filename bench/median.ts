// The median of a list of timings: its own module, free of side effects, so tools outside the bench (the
// Chromium drag-frame measure) can use it without the bench's set-up (bench/measure.ts turns on --expose-gc).

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}
