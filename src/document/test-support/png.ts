// PNG files made for tests (Node only: zlib): an image of known pixels, e.g. a grid of dark lines every `step`
// pixels, to place, calibrate and trace over. Written by hand so the tests depend on no image library.

import { deflateSync } from 'node:zlib';
import type { ReferenceImage } from '../../shared/drawing';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface PngOptions {
  /** Pixels per metre to write in a pHYs chunk; absent: none. */
  pixelsPerMetre?: number;
}

/** An RGB PNG whose pixel (x, y) is `color(x, y)` ([r, g, b], 0–255). */
export function makePng(
  width: number,
  height: number,
  color: (x: number, y: number) => [number, number, number],
  options: PngOptions = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(color(x, y), row + 1 + x * 3);
  }
  const chunks = [chunk('IHDR', ihdr)];
  if (options.pixelsPerMetre !== undefined) {
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(options.pixelsPerMetre, 0);
    phys.writeUInt32BE(options.pixelsPerMetre, 4);
    phys[8] = 1;
    chunks.push(chunk('pHYs', phys));
  }
  chunks.push(chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

/** A white image with a dark grid line every `step` pixels (at x, y = 0, step, 2·step, …). */
export function gridPng(width: number, height: number, step: number, options: PngOptions = {}): Buffer {
  return makePng(
    width,
    height,
    (x, y) => (x % step === 0 || y % step === 0 ? [0, 0, 0] : [255, 255, 255]),
    options,
  );
}

/**
 * A shape in dark ink on white: pixel (x, y) is as dark as `ink` says at its centre (x + ½, y + ½ in the pixel box,
 * 0 white to 1 darkest).
 */
export function inkPng(width: number, height: number, ink: (x: number, y: number) => number): Buffer {
  return makePng(width, height, (x, y) => {
    const v = Math.round(255 - 200 * Math.min(1, Math.max(0, ink(x + 0.5, y + 0.5))));
    return [v, v, v];
  });
}

/**
 * An anti-aliased shape: each pixel as dark as the share of it `inside` covers, counted at `samples` × `samples`
 * points of the pixel (pixel-box coordinates: pixel (x, y) spans x … x + 1, y … y + 1).
 */
export function shapePng(
  width: number,
  height: number,
  inside: (x: number, y: number) => boolean,
  samples = 8,
): Buffer {
  return inkPng(width, height, (cx, cy) => {
    let count = 0;
    for (let a = 0; a < samples; a++)
      for (let b = 0; b < samples; b++)
        if (inside(cx - 0.5 + (a + 0.5) / samples, cy - 0.5 + (b + 0.5) / samples)) count++;
    return count / (samples * samples);
  });
}

/** A reference image record of `png` (100 mm wide at the origin unless `fields` say otherwise). */
export function imageRecord(png: Buffer, fields: Partial<ReferenceImage> = {}): ReferenceImage {
  return {
    id: 'img1',
    name: 'grid.png',
    media: 'image/png',
    data: png.toString('base64'),
    pixels: [png.readUInt32BE(16), png.readUInt32BE(20)],
    center: [0, 0],
    width: 100,
    rotation: 0,
    opacity: 0.5,
    locked: false,
    ...fields,
  };
}
