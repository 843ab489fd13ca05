// The edge map of a reference image (issue 30): placed on the paper where image-geometry.ts places the image (its
// corners, and moved with it), strongest at an edge and 1 there, 0 on a flat image, the same from a PNG in colour,
// in grey or from a JPEG; and one line naming the image when it cannot be made.
import { decode, encodeJpeg, encodePng, Image } from 'image-js';
import { describe, expect, it } from 'vitest';
import type { ReferenceImage, Vec2 } from '../shared/drawing';
import { imageHeight, imageMatrix } from '../shared/image-geometry';
import { sampleEdge } from '../engine/forces/edge-field';
import { edgeEnergy, edgeField } from './edge-map';
import { imageRecord, makePng, shapePng } from './test-support/png';

/** A disc of radius 30 px about (50, 40) on a 100 × 80 image. */
const discPng = shapePng(100, 80, (x, y) => Math.hypot(x - 50, y - 40) <= 30);

describe('edgeField: where the map lies on the paper', () => {
  it('toPixel takes the image’s corners on the paper (image-geometry’s) to its pixel box’s', () => {
    const image = imageRecord(discPng, { center: [12, -7], width: 40, rotation: 0.6 });
    const field = edgeField(image, { sigmaMm: 1 });
    const [a, b, c, d, e, f] = imageMatrix(image);
    const m = field.toPixel;
    for (const [px, py] of [
      [0, 0],
      [100, 0],
      [0, 80],
      [100, 80],
    ]) {
      const x = a * px + c * py + e;
      const y = b * px + d * py + f;
      expect(m[0] * x + m[1] * y + m[2]).toBeCloseTo(px, 9);
      expect(m[3] * x + m[4] * y + m[5]).toBeCloseTo(py, 9);
    }
    // The corner at the far end of the image's turned x axis from its centre, independently of imageMatrix.
    const half: Vec2 = [image.width / 2, imageHeight(image) / 2];
    const corner: Vec2 = [
      image.center[0] + Math.cos(0.6) * half[0] - Math.sin(0.6) * half[1],
      image.center[1] + Math.sin(0.6) * half[0] + Math.cos(0.6) * half[1],
    ];
    expect(m[0] * corner[0] + m[1] * corner[1] + m[2]).toBeCloseTo(100, 9);
    expect(m[3] * corner[0] + m[4] * corner[1] + m[5]).toBeCloseTo(80, 9);
    expect([field.width, field.height]).toEqual([100, 80]);
  });

  it('an image moved and turned: its edges move and turn with it', () => {
    const before = imageRecord(discPng, { center: [0, 0], width: 50, rotation: 0 });
    const after: ReferenceImage = { ...before, center: [30, -12], rotation: Math.PI / 2 };
    const fieldBefore = edgeField(before, { sigmaMm: 1 });
    const fieldAfter = edgeField(after, { sigmaMm: 1 });
    const one = new Float64Array(3);
    const two = new Float64Array(3);
    // The disc's edge, 15 mm from its centre at (0, 0) before: a quarter turn about the image's centre after.
    for (let t = 0; t < 8; t++) {
      const angle = (t * Math.PI) / 4;
      const p: Vec2 = [15 * Math.cos(angle), 15 * Math.sin(angle)];
      const moved: Vec2 = [30 - p[1], -12 + p[0]];
      sampleEdge(fieldBefore, p[0], p[1], one);
      sampleEdge(fieldAfter, moved[0], moved[1], two);
      expect(one[0]).toBeGreaterThan(0.9);
      expect(two[0]).toBeCloseTo(one[0], 9);
      // Where the edge was, the moved image has none.
      sampleEdge(fieldAfter, p[0], p[1], two);
      expect(two[0]).toBeLessThan(0.05);
    }
  });
});

describe('edgeEnergy: the blurred image’s gradient magnitude, normalised', () => {
  it('a vertical step: strongest (1) between the two columns it falls between, the same down every row', () => {
    const width = 40;
    const height = 10;
    const grey = new Float32Array(width * height);
    for (let j = 0; j < height; j++) for (let i = 20; i < width; i++) grey[j * width + i] = 1;
    const e = edgeEnergy(grey, width, height, 2);
    for (let j = 0; j < height; j++) {
      expect(e[j * width + 19]).toBeCloseTo(1, 6);
      expect(e[j * width + 20]).toBeCloseTo(1, 6);
      // A Gaussian's tail: 6 px from the step, small; the repeated border is no edge.
      expect(e[j * width + 13]).toBeLessThan(0.02);
      expect(e[j * width]).toBe(0);
    }
    // Symmetric about the step.
    expect(e[17]).toBeCloseTo(e[22], 6);
  });

  it('a flat image: 0 everywhere (no division by its zero maximum)', () => {
    const e = edgeEnergy(new Float32Array(30 * 20).fill(0.4), 30, 20, 3);
    expect(e.every((v) => v === 0)).toBe(true);
  });
});

describe('edgeField: what it decodes', () => {
  const mapOf = (png: Uint8Array) =>
    edgeField(imageRecord(Buffer.from(png), { width: 50, pixels: [100, 80] }), { sigmaMm: 1 }).energy;

  it('the same map from the colour PNG, a grey one and a JPEG (to the JPEG’s loss)', () => {
    const colour = mapOf(discPng);
    const image = decode(discPng);
    const grey = mapOf(encodePng(image.convertColor('GREY')));
    const jpeg = mapOf(encodeJpeg(image, { quality: 95 }));
    let greyError = 0;
    let jpegError = 0;
    for (let i = 0; i < colour.length; i++) {
      greyError = Math.max(greyError, Math.abs(grey[i] - colour[i]));
      jpegError = Math.max(jpegError, Math.abs(jpeg[i] - colour[i]));
    }
    expect(greyError).toBeLessThan(1e-6);
    expect(jpegError).toBeLessThan(0.05);
    expect(Math.max(...colour)).toBe(1);
  });

  it('a transparent image as the canvas shows it, over the white paper: the same map as the opaque one on white', () => {
    // The disc in opaque ink, everything else transparent (and black, which must not show).
    const opaque = decode(discPng);
    const clear = new Image(100, 80, { colorModel: 'RGBA' });
    for (let y = 0; y < 80; y++)
      for (let x = 0; x < 100; x++) {
        const v = opaque.getValue(x, y, 0);
        // The ink's darkness as its opacity: over white it is the opaque image's grey again.
        const ink = (255 - v) / 200;
        clear.setPixel(x, y, [55, 55, 55, Math.round(255 * ink)]);
      }
    const transparent = mapOf(encodePng(clear));
    const reference = mapOf(discPng);
    let error = 0;
    for (let i = 0; i < reference.length; i++)
      error = Math.max(error, Math.abs(transparent[i] - reference[i]));
    expect(error).toBeLessThan(0.01);
  });

  it('one line naming the image: a capture range that is not a positive number, bytes that do not decode, a size that is not the record’s', () => {
    const image = imageRecord(discPng, { name: 'part.png' });
    expect(() => edgeField(image, { sigmaMm: 0 })).toThrow(
      /^Image "part.png": the capture range must be a positive number of mm, got 0$/,
    );
    expect(() => edgeField(image, { sigmaMm: NaN })).toThrow(/got NaN$/);
    expect(() => edgeField({ ...image, data: 'bm90IGFuIGltYWdl' }, { sigmaMm: 1 })).toThrow(
      /^Image "part.png" could not be decoded: /,
    );
    const other = makePng(20, 10, () => [0, 0, 0]).toString('base64');
    expect(() => edgeField({ ...image, data: other }, { sigmaMm: 1 })).toThrow(
      /^Image "part.png" is 20 × 10 pixels, not the 100 × 80 its record says$/,
    );
  });
});
