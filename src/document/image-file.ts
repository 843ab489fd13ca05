// An image file read from the disk for File ▸ Place Image… (PNG or JPEG): its bytes, as the file flow places them
// (shared/place-image.ts). Read with the drawing loader's checks (a folder, a special file, the 20 MB cap); the
// image's own limits are then said by the image check, naming the file.
import { DocumentError, readDrawingBytes, type FileOptions } from './file-io';
import { readImageInfo } from '../shared/image-data';

/** The file's bytes, once they are a PNG or JPEG within the limits; else one DocumentError naming the file. */
export async function readImageFile(path: string, options: FileOptions = {}): Promise<Uint8Array> {
  const bytes = await readDrawingBytes(path, options);
  try {
    readImageInfo(bytes);
  } catch (error) {
    throw new DocumentError(path, (error as Error).message);
  }
  return bytes;
}
