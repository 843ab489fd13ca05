// Where a reference image lies on the paper: its height (from its pixels' aspect), its corners, whether a point
// is on it, and the placement calibration gives (scaled about a point). One place for the canvas, the picking and
// the exports.

import type { ReferenceImage, Vec2 } from './drawing';

/** The image's height on the paper (mm): its width times its pixels' aspect. */
export function imageHeight(image: ReferenceImage): number {
  return (image.width * image.pixels[1]) / image.pixels[0];
}

/** A paper point in the image's own frame: mm from its centre along its (rotated) x and y axes. */
function local(image: ReferenceImage, p: Vec2): Vec2 {
  const dx = p[0] - image.center[0];
  const dy = p[1] - image.center[1];
  const c = Math.cos(image.rotation);
  const s = Math.sin(image.rotation);
  return [c * dx + s * dy, -s * dx + c * dy];
}

/** Whether the paper point p is on the image. */
export function imageContains(image: ReferenceImage, p: Vec2): boolean {
  const [x, y] = local(image, p);
  return Math.abs(x) <= image.width / 2 && Math.abs(y) <= imageHeight(image) / 2;
}

/** The topmost image under p that the canvas may pick (unlocked), or null. */
export function imageAt(images: readonly ReferenceImage[] | undefined, p: Vec2): ReferenceImage | null {
  if (!images) return null;
  for (let i = images.length - 1; i >= 0; i--)
    if (!images[i].locked && imageContains(images[i], p)) return images[i];
  return null;
}

/**
 * The placement that makes the paper points a and b (on the image) `distance` mm apart, scaled about a (a stays
 * where it is); null when a and b coincide or the distance is not positive.
 */
export function calibrated(
  image: ReferenceImage,
  a: Vec2,
  b: Vec2,
  distance: number,
): { center: Vec2; width: number } | null {
  const now = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(now > 0) || !(distance > 0) || !Number.isFinite(distance)) return null;
  const k = distance / now;
  return {
    center: [a[0] + (image.center[0] - a[0]) * k, a[1] + (image.center[1] - a[1]) * k],
    width: image.width * k,
  };
}

/**
 * The affine map from the image's pixel box (0…w, 0…h, y down) to the paper, as SVG's and the canvas's
 * matrix(a b c d e f): x' = a·x + c·y + e, y' = b·x + d·y + f.
 */
export function imageMatrix(image: ReferenceImage): [number, number, number, number, number, number] {
  const k = image.width / image.pixels[0];
  const c = Math.cos(image.rotation);
  const s = Math.sin(image.rotation);
  const hw = image.pixels[0] / 2;
  const hh = image.pixels[1] / 2;
  // Rotate-scale about the pixel box's centre, then move that centre to the image's.
  const e = image.center[0] - k * (c * hw - s * hh);
  const f = image.center[1] - k * (s * hw + c * hh);
  return [k * c, k * s, -k * s, k * c, e, f];
}

/**
 * The inverse of imageMatrix: the paper (mm) to the image's pixel box, as rows [m0 m1 m2 m3 m4 m5] with
 * px = m0·x + m1·y + m2, py = m3·x + m4·y + m5 (a pixel's centre at i + ½, j + ½).
 */
export function paperToPixels(image: ReferenceImage): [number, number, number, number, number, number] {
  const [a, b, c, d, e, f] = imageMatrix(image);
  const det = a * d - b * c;
  // [x', y'] = [[a, c], [b, d]]·[x, y] + [e, f], inverted.
  const i00 = d / det;
  const i01 = -c / det;
  const i10 = -b / det;
  const i11 = a / det;
  return [i00, i01, -(i00 * e + i01 * f), i10, i11, -(i10 * e + i11 * f)];
}
