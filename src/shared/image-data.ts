// What an embedded reference image's bytes are: PNG or JPEG told by their magic bytes (never by a file name or a
// claimed media type), their pixel size read from the header (PNG's IHDR, JPEG's start-of-frame marker), and the
// end a whole file has (PNG's IEND chunk, JPEG's end-of-image marker) so a truncated file is refused, not shown
// half. A few lines of our own rather than a library: they run in every layer (the loader, the session, the page),
// need no Node Buffer, and read only the header. Limits keep a small drawing from freezing the window.

/** The image formats a reference image may be. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** The most bytes one image may have (the file itself, before base64). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** The most pixels one image may have (decoded, it costs 4 bytes each in the page): 4096 × 4096. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** The most reference images one drawing may hold: two at the byte limit stay well inside a file's 20 MB. */
export const MAX_IMAGES = 2;

export interface ImageInfo {
  media: ImageMediaType;
  width: number;
  height: number;
  /** Millimetres per pixel the file says (PNG pHYs, JPEG JFIF density), or null when it says none. */
  mmPerPixel: number | null;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(b: Uint8Array, at: number): number {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}
function u16(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1];
}

function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The image's format, pixel size and density, or an Error whose message is one line saying what is wrong (without
 * a name: the caller puts the image's name or the file's in front).
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo {
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new Error(
      `the image is too large (${formatMb(bytes.length)}; images are limited to ${formatMb(MAX_IMAGE_BYTES)})`,
    );
  const info = isPng(bytes) ? readPng(bytes) : isJpeg(bytes) ? readJpeg(bytes) : null;
  if (!info) throw new Error('not a PNG or JPEG image');
  if (info.width < 1 || info.height < 1) throw new Error('the image has no pixels');
  if (info.width * info.height > MAX_IMAGE_PIXELS)
    throw new Error(
      `the image is too large (${info.width} × ${info.height} pixels; images are limited to ${MAX_IMAGE_PIXELS} pixels)`,
    );
  return info;
}

function isPng(b: Uint8Array): boolean {
  return b.length >= 8 && PNG_MAGIC.every((v, i) => b[i] === v);
}

function isJpeg(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

function truncated(): Error {
  return new Error('the image is truncated');
}

function readPng(b: Uint8Array): ImageInfo {
  // Signature, then the IHDR chunk: length 13, type, width, height.
  if (b.length < 33 || u32(b, 8) !== 13 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR')
    throw truncated();
  let mmPerPixel: number | null = null;
  let at = 8;
  let ended = false;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = String.fromCharCode(b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
    if (at + 12 + length > b.length) break;
    // pHYs: pixels per unit x, y and the unit (1: metre).
    if (type === 'pHYs' && length === 9 && b[at + 16] === 1) {
      const perMetre = u32(b, at + 8);
      if (perMetre > 0) mmPerPixel = 1000 / perMetre;
    }
    if (type === 'IEND') {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!ended) throw truncated();
  return { media: 'image/png', width: u32(b, 16), height: u32(b, 20), mmPerPixel };
}

function readJpeg(b: Uint8Array): ImageInfo {
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) throw truncated();
  let mmPerPixel: number | null = null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) throw new Error('not a PNG or JPEG image (a damaged JPEG header)');
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = u16(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) throw truncated();
    // JFIF APP0: "JFIF\0", version, units (1: per inch, 2: per cm), x density.
    if (marker === 0xe0 && length >= 14 && String.fromCharCode(...b.subarray(at + 4, at + 8)) === 'JFIF') {
      const units = b[at + 11];
      const density = u16(b, at + 12);
      if (density > 0 && units === 1) mmPerPixel = 25.4 / density;
      if (density > 0 && units === 2) mmPerPixel = 10 / density;
    }
    // Start of frame (C0–CF but C4 Huffman tables, C8 reserved, CC arithmetic tables): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) throw truncated();
      return { media: 'image/jpeg', width: u16(b, at + 7), height: u16(b, at + 5), mmPerPixel };
    }
    at += 2 + length;
  }
  throw truncated();
}

/** Base64 (RFC 4648, padded) → bytes, or null when the text is not base64. Runs in Node and in the page. */
export function base64Bytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Bytes → base64 (padded), in chunks so a 4 MB image does not overflow the argument list. */
export function bytesBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000)
    chunks.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return btoa(chunks.join(''));
}
