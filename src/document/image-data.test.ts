import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesBase64, MAX_IMAGE_BYTES, readImageInfo } from '../shared/image-data';
import { gridPng, makePng } from './test-support/png';

/** A JPEG's header only: SOI, JFIF APP0 at `dpi`, a baseline start of frame, EOI. */
function jpegHeader(width: number, height: number, dpi: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x01,
    dpi >> 8,
    dpi & 0xff,
    dpi >> 8,
    dpi & 0xff,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

describe('reference image data', () => {
  it('reads a PNG header: size, and its density when it has a pHYs chunk', () => {
    expect(readImageInfo(gridPng(30, 20, 10))).toEqual({
      media: 'image/png',
      width: 30,
      height: 20,
      mmPerPixel: null,
    });
    const dense = readImageInfo(gridPng(30, 20, 10, { pixelsPerMetre: 4000 }));
    expect(dense.mmPerPixel).toBeCloseTo(0.25, 12);
  });

  it('reads a JPEG header: size from its start of frame, density from JFIF', () => {
    const info = readImageInfo(jpegHeader(640, 480, 254));
    expect(info).toMatchObject({ media: 'image/jpeg', width: 640, height: 480 });
    expect(info.mmPerPixel).toBeCloseTo(0.1, 12);
  });

  it('refuses what is not a PNG or JPEG, a truncated one, and one too big, in one line each', () => {
    expect(() => readImageInfo(new TextEncoder().encode('GIF89a……'))).toThrow(/^not a PNG or JPEG image$/);
    const png = gridPng(30, 20, 10);
    expect(() => readImageInfo(png.subarray(0, png.length - 20))).toThrow(/^the image is truncated$/);
    const jpeg = jpegHeader(10, 10, 96);
    expect(() => readImageInfo(jpeg.subarray(0, jpeg.length - 2))).toThrow(/^the image is truncated$/);
    expect(() => readImageInfo(makePng(5000, 4000, () => [0, 0, 0]))).toThrow(
      /^the image is too large \(5000 × 4000 pixels; images are limited to 16777216 pixels\)$/,
    );
    expect(() => readImageInfo(new Uint8Array(MAX_IMAGE_BYTES + 1))).toThrow(
      /^the image is too large \(4\.0 MB; images are limited to 4\.0 MB\)$/,
    );
  });

  it('round-trips bytes through base64, and refuses text that is not base64', () => {
    const png = gridPng(40, 40, 7);
    const text = bytesBase64(png);
    expect(text).toBe(png.toString('base64'));
    expect(Buffer.from(base64Bytes(text)!)).toEqual(png);
    expect(base64Bytes('not base64!')).toBeNull();
  });
});
