// The rule an embedded image's data must follow (records.ts refines the image record with it): base64 of a PNG or
// JPEG within the limits, whose header says the record's media type and pixel size. Checking decodes the data
// (a 4 MB image: a few milliseconds), and the session checks the whole drawing after every edit, so the data
// strings already found good are remembered: V8 keeps a string's hash in the string, so finding one again costs
// nothing however long it is.

import type { ReferenceImage } from './drawing';
import { base64Bytes, readImageInfo, type ImageInfo } from './image-data';
import { describeValue } from './schema';

const known = new Map<string, ImageInfo>();
/** Drawings hold at most a few images; the undo history a few more. */
const KNOWN_LIMIT = 16;

function infoOf(data: string): ImageInfo {
  const cached = known.get(data);
  if (cached) return cached;
  const bytes = base64Bytes(data);
  if (!bytes) throw new Error('the image data is not base64');
  const info = readImageInfo(bytes);
  if (known.size >= KNOWN_LIMIT) known.delete(known.keys().next().value as string);
  known.set(data, info);
  return info;
}

/** The image record's problem, as refined() wants it ([field, detail] naming the image), or null. */
export function imageProblem(image: Omit<ReferenceImage, 'id'> & { id: string }): [string, string] | null {
  const named = describeValue(image.name);
  let info: ImageInfo;
  try {
    info = infoOf(image.data);
  } catch (error) {
    return ['data', `image ${named}: ${(error as Error).message}`];
  }
  if (info.media !== image.media)
    return ['media', `image ${named}: the data is ${info.media}, not ${image.media}`];
  if (info.width !== image.pixels[0] || info.height !== image.pixels[1])
    return [
      'pixels',
      `image ${named}: the data is ${info.width} × ${info.height} pixels, not ${image.pixels[0]} × ${image.pixels[1]}`,
    ];
  return null;
}
