// An axis-aligned box [minX, minY, maxX, maxY] grown point by point: the SVG export's extent of a drawing and the
// canvas's test of which curves meet the view both grow one. (A tuple or a Float64Array of four.)

export type Bounds = [number, number, number, number];

export function emptyBounds(): Bounds {
  return [Infinity, Infinity, -Infinity, -Infinity];
}

/** Grows `b` to hold (x, y), padded by `pad` on every side. */
export function addPoint(b: Bounds | Float64Array, x: number, y: number, pad = 0): void {
  if (x - pad < b[0]) b[0] = x - pad;
  if (y - pad < b[1]) b[1] = y - pad;
  if (x + pad > b[2]) b[2] = x + pad;
  if (y + pad > b[3]) b[3] = y + pad;
}
