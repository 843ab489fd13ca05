// A reference image as File ▸ Place Image… (or a drop) adds it: its bytes checked (image-data.ts), embedded, and
// placed at the middle of the view at its true size where the file says one (PNG pHYs, JPEG JFIF density), else
// at 96 pixels per inch (0.2646 mm a pixel: a screen's CSS pixel). Pure: the session's file flow reads the file.

import type { Drawing, ReferenceImage, ViewState } from './drawing';
import { bytesBase64, readImageInfo } from './image-data';
import { RECORD_LISTS } from './references';

/** Millimetres per pixel when the file says no density: 96 per inch. */
export const DEFAULT_MM_PER_PIXEL = 25.4 / 96;

/** The file names Place Image… reads, by extension (what a drop on the window places rather than opens). */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

export function isImagePath(path: string): boolean {
  const lower = path.toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** An id no record of the drawing has: image1, image2, … */
function freshImageId(drawing: Drawing): string {
  const taken = new Set<string>();
  for (const list of RECORD_LISTS) for (const item of drawing[list]) taken.add(item.id);
  for (const image of drawing.images ?? []) taken.add(image.id);
  let n = 1;
  while (taken.has(`image${n}`)) n++;
  return `image${n}`;
}

/**
 * The image record for `bytes` (a file named `name`), centred in `view`; throws one line (without the name) when
 * the bytes are not an image it takes.
 */
export function placedImage(
  bytes: Uint8Array,
  name: string,
  drawing: Drawing,
  view: ViewState,
): ReferenceImage {
  const info = readImageInfo(bytes);
  const mmPerPixel = info.mmPerPixel ?? DEFAULT_MM_PER_PIXEL;
  return {
    id: freshImageId(drawing),
    name: name.slice(0, 1000) || 'image',
    media: info.media,
    data: bytesBase64(bytes),
    pixels: [info.width, info.height],
    center: [view.center[0], view.center[1]],
    width: info.width * mmPerPixel,
    rotation: 0,
    opacity: 0.5,
    locked: false,
  };
}
